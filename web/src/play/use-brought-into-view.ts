/**
 * Brings what a change shows into the window, when it is not there: the
 * replay bar and the board it replays, after a tap on the history (on a
 * phone the history is under the board, and the board changes off-screen
 * otherwise), or "Game over" after the last move (the page may be scrolled
 * on the player's hand). Only when `key` changes while `when` holds, never
 * when the page opens, so that it does not fight the player's scrolling.
 */
import { useEffect, useRef } from 'react';

/** Whether the element's top is in the window, below what stays over its top (the turn's instruction). */
function topInView(element: Element): boolean {
  const { top } = element.getBoundingClientRect();
  const banner = document.querySelector('.turn-banner.mine');
  const below = banner && !banner.contains(element) ? banner.getBoundingClientRect().bottom : 0;
  return top >= below && top <= window.innerHeight * 0.6;
}

export function useBroughtIntoView(selector: string, key: unknown, when: boolean): void {
  const seen = useRef(key);
  useEffect(() => {
    if (seen.current === key) return;
    seen.current = key;
    if (!when) return;
    // On the next frame: once what changed has been drawn.
    const frame = requestAnimationFrame(() => {
      const element = document.querySelector(selector);
      if (element && !topInView(element)) element.scrollIntoView({ block: 'start' });
    });
    return () => cancelAnimationFrame(frame);
  }, [selector, key, when]);
}
