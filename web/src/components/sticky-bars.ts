/**
 * The bars that stay over the page while it scrolls: the turn's instruction
 * stuck to the window's top (play/turn-banner.tsx) and the move bar stuck to
 * its foot (play/move-bar.tsx). While one is shown, its height is known
 * here, so that what the page scrolls into view stops clear of it (the
 * page's scroll padding), and a drawing at the whole board's zoom fits the
 * window less the bars (svg.tsx).
 *
 * Why not a CSS custom property on the page's root, as before: every element
 * inherits one, so each time a bar came or went (a turn passing, a move on
 * its way) the browser styled the whole page again. In a whole Five Tribes
 * game by clicks that was two thirds of all the elements it styled. Here a
 * change touches the root's own scroll padding and the drawings' height.
 */
import { useEffect, useSyncExternalStore, type RefObject } from 'react';

export type StickyEdge = 'top' | 'bottom';

const heights: Record<StickyEdge, number> = { top: 0, bottom: 0 };
const listeners = new Set<() => void>();

function setHeight(edge: StickyEdge, px: number): void {
  if (heights[edge] === px) return;
  heights[edge] = px;
  // styles.css keeps --scroll-gap between what is scrolled into view and the window's edge (or the bar).
  const padding = `scroll-padding-${edge}`;
  if (px > 0) document.documentElement.style.setProperty(padding, `calc(${px}px + var(--scroll-gap))`);
  else document.documentElement.style.removeProperty(padding);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** While `shown`, the height of `element` (rendered then) is that of the bar stuck to `edge`; `shown` runs it again when the bar comes and goes. */
export function useStickyBar(element: RefObject<HTMLElement | null>, edge: StickyEdge, shown: boolean): void {
  useEffect(() => {
    const bar = element.current;
    if (!bar) return;
    const publish = () => setHeight(edge, bar.offsetHeight);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(bar);
    return () => {
      observer.disconnect();
      setHeight(edge, 0);
    };
  }, [element, edge, shown]);
}

/**
 * How much of the window's height the bars shown now take together, while `wanted`: 0 otherwise, and then a bar
 * coming or going does not render the caller again (a drawing needs it only at the whole board's zoom).
 */
export function useStickyBarsHeight(wanted: boolean): number {
  return useSyncExternalStore(subscribe, () => (wanted ? heights.top + heights.bottom : 0));
}
