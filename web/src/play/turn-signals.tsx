/**
 * Telling a player it is their turn when they are not looking at the page:
 * the tab's title ("(1) Your turn · Ann's Five Tribes game") and a badge on
 * the favicon, and, if they turned them on with the button, a browser
 * notification when the turn comes while the tab is hidden. Permission is
 * asked only from that button, never when the page loads.
 */
import { useEffect, useRef, useState } from 'react';

const SITE = 'Play by Web';
const ICON = '/favicon.svg';
const ICON_MY_TURN = '/favicon-turn.svg';
/** The player's choice, per browser. */
const NOTIFICATIONS_KEY = 'pbw.turnNotifications';

function setIcon(href: string): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
}

function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

function notificationsOn(): boolean {
  return notificationsSupported() && Notification.permission === 'granted' && localStorage.getItem(NOTIFICATIONS_KEY) === 'on';
}

/** Title, favicon and notification for one game's page; `title` names the game. */
export function useTurnSignals(gameId: string, title: string, myTurn: boolean): void {
  const wasMyTurn = useRef(myTurn);
  useEffect(() => {
    document.title = myTurn ? `(1) Your turn · ${title}` : `${title} · ${SITE}`;
    setIcon(myTurn ? ICON_MY_TURN : ICON);
    if (myTurn && !wasMyTurn.current && document.visibilityState === 'hidden' && notificationsOn()) {
      const notification = new Notification('Your turn', { body: title, tag: `turn-${gameId}`, icon: ICON_MY_TURN });
      notification.onclick = () => {
        window.focus();
        notification.close();
      };
    }
    wasMyTurn.current = myTurn;
  }, [gameId, title, myTurn]);
  useEffect(
    () => () => {
      document.title = SITE;
      setIcon(ICON);
    },
    [],
  );
}

/** The lobby's title: how many games wait for the player. */
export function useWaitingTurnsTitle(count: number): void {
  useEffect(() => {
    document.title = count > 0 ? `(${count}) Your turn · ${SITE}` : SITE;
    setIcon(count > 0 ? ICON_MY_TURN : ICON);
    return () => {
      document.title = SITE;
      setIcon(ICON);
    };
  }, [count]);
}

/** Turns browser notifications of the player's turns on or off; asks the browser's permission when first turned on. */
export function TurnNotificationsButton() {
  const [on, setOn] = useState(notificationsOn);
  const [denied, setDenied] = useState(() => notificationsSupported() && Notification.permission === 'denied');
  if (!notificationsSupported()) return null;
  if (denied) return <p className="muted small notifications-state">Notifications are blocked for this site in your browser's settings.</p>;
  const turnOn = async () => {
    // Answered at once when already granted or denied; otherwise the browser asks the player.
    const permission = await Notification.requestPermission();
    if (permission === 'granted') {
      localStorage.setItem(NOTIFICATIONS_KEY, 'on');
      setOn(true);
    } else {
      setDenied(permission === 'denied');
    }
  };
  const turnOff = () => {
    localStorage.removeItem(NOTIFICATIONS_KEY);
    setOn(false);
  };
  return on ? (
    <button type="button" className="secondary notifications-toggle" onClick={turnOff}>
      Turn off turn notifications
    </button>
  ) : (
    <button type="button" className="secondary notifications-toggle" onClick={() => void turnOn()}>
      Notify me when it is my turn
    </button>
  );
}
