/**
 * When the player's turn comes (or the page opens on it) and none of the
 * moves offered can be seen, the page scrolls the first one into view, the
 * least it must: a board taller than the window (Five Tribes' turn track
 * under the Sultanate, Mob Town's hand under the city) never hides what the
 * player is asked to do. The instruction itself ("Your turn: …") stays at
 * the top of the window meanwhile (turn-banner.tsx), and the move stops
 * below it. It does so once per turn, and never while the
 * player looks at a replay, so it does not fight the player's own scrolling.
 */
import { useEffect, useRef } from 'react';

const OFFERED = '.target.offered, .move-bar button.move';

/** Whether the element is in the window, clear of the move bar stuck to its foot and the turn's instruction stuck to its top. */
function inView(element: Element): boolean {
  const box = element.getBoundingClientRect();
  const bar = document.querySelector('.move-bar');
  const banner = document.querySelector('.turn-banner.mine');
  const bottom = bar && !bar.contains(element) ? bar.getBoundingClientRect().top : window.innerHeight;
  const top = banner ? Math.max(0, banner.getBoundingClientRect().bottom) : 0;
  return box.width > 0 && box.top >= top && box.bottom <= bottom && box.left >= 0 && box.right <= window.innerWidth;
}

export function useOfferInView(myTurn: boolean, turnKey: string): void {
  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    if (!myTurn || shownFor.current === turnKey) return;
    // On the next frame: a drawing sizes itself to its text once drawn (components/svg.tsx), which moves what it holds.
    const frame = requestAnimationFrame(() => {
      const offered = [...document.querySelectorAll(OFFERED)];
      if (offered.length === 0) return; // the board is still loading: try again on the next render
      shownFor.current = turnKey;
      if (offered.some(inView)) return;
      // At once, not smoothly: the move is what the player came for, and a scroll under way moves what they are about to tap.
      offered[0].scrollIntoView({ block: 'nearest', inline: 'nearest' });
    });
    return () => cancelAnimationFrame(frame);
  });
}
