/**
 * The page's service worker, for web push only (no caching): shows what
 * the server pushes (src/push/push-payloads.ts: a title, a text, the game's
 * page), opens the game when the notification is clicked, and answers a
 * takeback or a proposal to end from its "Accept" and "Decline" buttons
 * with the one-answer token the push carried (no session is ever in a push).
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  const push = readPush(event);
  if (!push) return;
  const actions = push.answer
    ? [
        { action: 'accept', title: 'Accept' },
        { action: 'decline', title: 'Decline' },
      ]
    : [];
  event.waitUntil(self.registration.showNotification(push.title, { body: push.body, tag: push.tag, icon: '/favicon-turn.svg', data: push, actions }));
});

self.addEventListener('notificationclick', (event) => {
  const push = event.notification.data;
  event.notification.close();
  if (push.answer && (event.action === 'accept' || event.action === 'decline')) {
    event.waitUntil(answer(push, event.action === 'accept'));
  } else {
    event.waitUntil(openPage(push.url));
  }
});

function readPush(event) {
  try {
    return event.data ? event.data.json() : null;
  } catch {
    return null;
  }
}

/** Answers the request; if the answer is refused (it lapsed, or was already given), opens the game to answer there. */
async function answer(push, accept) {
  const response = await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation($token: String!, $accept: Boolean!) { answerFromPush(token: $token, accept: $accept) }',
      variables: { token: push.answer.token, accept },
    }),
  });
  const result = response.ok ? await response.json() : null;
  if (!result || result.errors) await openPage(push.url);
}

/** Focuses a window already showing the page, or opens one. */
async function openPage(url) {
  const target = new URL(url, self.location.origin);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).pathname === target.pathname);
  if (open) return open.focus();
  return self.clients.openWindow(target.href);
}
