/**
 * Push notifications: the player's devices (each browser they turned push
 * on in), a button to turn it on in this browser, a remove button per
 * device, and a test. Turning it on registers the page's service worker
 * (web/public/push-worker.js), asks the browser's permission, subscribes
 * with the server's key, and gives the server the subscription.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from 'urql';
import { AddPushSubscriptionDocument, PushDevicesDocument, RemovePushSubscriptionDocument, SendTestPushDocument } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { ProblemBanner } from './problem-banner';

const WORKER = '/push-worker.js';
const ADDED: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

/** A base64url key as PushManager.subscribe takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** A first name for this device, from its browser ("Firefox on Android"), which the player may change. */
function guessLabel(): string {
  const agent = navigator.userAgent;
  const browser = ['Firefox', 'Edg', 'Chrome', 'Safari'].find((name) => agent.includes(name)) ?? 'Browser';
  const system = ['Android', 'iPhone', 'iPad', 'Windows', 'Mac OS', 'Linux'].find((name) => agent.includes(name));
  const named = browser === 'Edg' ? 'Edge' : browser;
  return system ? `${named} on ${system.replace('Mac OS', 'Mac')}` : named;
}

const pushSupported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** Turns push on in this browser: its subscription, as the server is to have it; a refusal in words otherwise. */
async function subscribeThisBrowser(publicKey: string): Promise<{ endpoint: string; p256dh: string; auth: string }> {
  if (!pushSupported()) throw new Error('This browser cannot receive push notifications.');
  const registration = await navigator.serviceWorker.register(WORKER);
  if ((await Notification.requestPermission()) !== 'granted') throw new Error('Notifications are blocked for this site in this browser.');
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  const { endpoint, keys } = subscription.toJSON();
  return { endpoint: endpoint!, p256dh: keys!.p256dh, auth: keys!.auth };
}

export function PushDevicesSection() {
  const [loaded, reload] = useQuery({ query: PushDevicesDocument });
  const [label, setLabel] = useState(guessLabel);
  const [browserProblem, setBrowserProblem] = useState<string | null>(null);
  const [tested, setTested] = useState<number | null>(null);
  const submission = useMutations();
  const devices = loaded.data?.pushSubscriptions ?? [];
  const refresh = () => reload({ requestPolicy: 'network-only' });

  const turnOn = async (event: FormEvent) => {
    event.preventDefault();
    setBrowserProblem(null);
    let subscription;
    try {
      subscription = await subscribeThisBrowser(loaded.data!.pushPublicKey);
    } catch (error) {
      setBrowserProblem(error instanceof Error ? error.message : String(error));
      return;
    }
    if (await submission.send(AddPushSubscriptionDocument, { ...subscription, label })) refresh();
  };

  const remove = async (id: string) => {
    if (await submission.send(RemovePushSubscriptionDocument, { id })) refresh();
  };

  const test = async () => {
    setTested(null);
    const data = await submission.send(SendTestPushDocument, {});
    if (data) setTested(data.sendTestPush);
  };

  return (
    <section className="push-devices card" aria-labelledby="push-devices-heading">
      <h2 id="push-devices-heading">Push notifications</h2>
      <p className="muted small">
        Devices where this site tells you of your turns, reminders, requests, finished games and chat, even with the page closed (as you choose per kind above:
        mail, push or both). Without a device, you get mail.
      </p>
      {devices.length > 0 ? (
        <ul className="push-device-list">
          {devices.map((device) => (
            <li key={device.id} data-device-id={device.id}>
              <strong>{device.label}</strong>{' '}
              <span className="muted small">
                added <time dateTime={device.createdAt}>{new Date(device.createdAt).toLocaleDateString(undefined, ADDED)}</time>
              </span>{' '}
              <button type="button" onClick={() => remove(device.id)} disabled={submission.busy} aria-label={`Remove ${device.label}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        loaded.data && <p className="muted">No device yet.</p>
      )}
      <form className="push-turn-on" onSubmit={turnOn}>
        <label>
          Name of this device <input value={label} onChange={(event) => setLabel(event.target.value)} maxLength={60} required />
        </label>
        <button type="submit" className="primary" disabled={submission.busy || !loaded.data}>
          Turn on push in this browser
        </button>
      </form>
      <div className="form-actions">
        <button type="button" onClick={test} disabled={submission.busy || devices.length === 0}>
          Send a test
        </button>
        <span role="status" className="saved">
          {tested !== null && `A test is on its way to ${tested} device${tested === 1 ? '' : 's'}.`}
        </span>
      </div>
      {browserProblem && (
        <p className="problem" role="alert">
          {browserProblem}
        </p>
      )}
      <ProblemBanner problem={submission.problem} onDismiss={submission.dismiss} />
    </section>
  );
}
