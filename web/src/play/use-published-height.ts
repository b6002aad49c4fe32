/**
 * Publishes an element's height as a CSS custom property of the page
 * (`--move-bar-height`, `--turn-banner-height`) while it is shown, so that
 * what the page scrolls into view stops clear of it (\`scroll-padding\` in
 * styles.css). `shown` runs it again when the element comes and goes.
 */
import { useEffect, type RefObject } from 'react';

export function usePublishedHeight(element: RefObject<HTMLElement | null>, property: string, shown: boolean): void {
  useEffect(() => {
    const root = document.documentElement;
    const shownElement = element.current;
    if (!shownElement) return;
    const publish = () => root.style.setProperty(property, `${shownElement.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(shownElement);
    return () => {
      observer.disconnect();
      root.style.removeProperty(property);
    };
  }, [element, property, shown]);
}
