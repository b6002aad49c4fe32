/**
 * Telling the server that the player is looking at the game, so that it
 * does not mail them their turn or new messages meanwhile
 * (src/notifications/grace-periods.ts): the page holds `presentAtGame` only
 * while it is visible (the Page Visibility API) and was used lately. Hidden,
 * or left alone for IDLE_AFTER_MS, it lets go at once, and the player is
 * mailed as if the page were closed: a forgotten background tab must not
 * keep a game waiting. Any use, or the page shown again, takes it up again.
 *
 * Only presence stops: `gameUpdated` keeps flowing to a hidden page, whose
 * title and browser notification tell of a new turn (turn-signals.tsx).
 */
import { useEffect } from 'react';
import { useClient } from 'urql';
import { PresentAtGameDocument } from '../api/generated';
import { IDLE_AFTER_MS } from './idle-after';

/** What a player does with a page they are looking at. `scroll` and `focus` do not bubble: listened to while captured. */
const USE_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'scroll', 'focus'] as const;

/** Holds the player's presence at the game while they are looking at it; `seated`: only a game's players are mailed about it. */
export function usePresence(gameId: string, seated: boolean): void {
  const client = useClient();
  useEffect(() => {
    if (!seated) return;
    // Opening the page is using it.
    let lastUse = Date.now();
    let held: { unsubscribe(): void } | null = null;
    let idleCheck: ReturnType<typeof setTimeout> | undefined;

    const update = () => {
      clearTimeout(idleCheck);
      const idleIn = lastUse + IDLE_AFTER_MS - Date.now();
      if (document.visibilityState !== 'visible' || idleIn <= 0) {
        held?.unsubscribe();
        held = null;
        return;
      }
      // Refused (the player just left their seat, say), it just ends: nothing for the player to see, and asked again once the page lets go and comes back.
      held ??= client.subscription(PresentAtGameDocument, { gameId }).subscribe(() => undefined);
      idleCheck = setTimeout(update, idleIn);
    };
    // Cheap, as the most frequent events (pointermove, scroll) must be: only a page that let go does more.
    const used = () => {
      lastUse = Date.now();
      if (!held) update();
    };
    const shownOrHidden = () => {
      // Shown again is the player coming back to it.
      if (document.visibilityState === 'visible') lastUse = Date.now();
      update();
    };

    update();
    for (const type of USE_EVENTS) window.addEventListener(type, used, { capture: true, passive: true });
    document.addEventListener('visibilitychange', shownOrHidden);
    return () => {
      clearTimeout(idleCheck);
      held?.unsubscribe();
      for (const type of USE_EVENTS) window.removeEventListener(type, used, { capture: true });
      document.removeEventListener('visibilitychange', shownOrHidden);
    };
  }, [client, gameId, seated]);
}
