/** Small HTML pages served by the app itself: unsubscribing, and the dev mail inbox. */
import type { CaughtMail } from '../mail-catcher';
import { html, SafeHtml } from './html';

/** The site's tile with an envelope, inline: these pages need no file of the web page's (which may not be built), nor a request answered 404. */
const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect x="2" y="2" width="60" height="60" rx="14" fill="#3b2f2a"/>' +
    '<path d="M12 20h40v26H12z" fill="#f3d9b1"/><path d="M12 20l20 15 20-15" fill="none" stroke="#3b2f2a" stroke-width="3"/></svg>',
)}`;

function page(title: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="${FAVICON}" />
        <title>${title}</title>
      </head>
      <body style="font-family: sans-serif; line-height: 1.4; margin: 2em">
        <h1>${title}</h1>
        ${body}
      </body>
    </html>`.value;
}

export function unsubscribeConfirmPage(what: string, actionUrl: string): string {
  return page(
    'Unsubscribe',
    html`<form method="post" action="${actionUrl}">
      <p>Stop ${what}?</p>
      <button type="submit">Stop ${what}</button>
    </form>`,
  );
}

export function unsubscribedPage(what: string): string {
  return page('Unsubscribed', html`<p>You will get no more ${what}. You can turn them back on in your notification settings.</p>`);
}

export function badUnsubscribeLinkPage(): string {
  return page(
    'Unsubscribe',
    html`<p>This unsubscribe link is not valid. Copy the whole link from the email, or change your notification settings after logging in.</p>`,
  );
}

/** The catcher's pages link to each other with its key (mail-catcher.ts). */
function caughtMailHref(key: string, id?: number): string {
  return `/dev/mail${id === undefined ? '' : `/${id}`}?key=${encodeURIComponent(key)}`;
}

export function mailListPage(mails: CaughtMail[], key: string): string {
  const rows = mails.map(
    (mail) =>
      html`<tr>
        <td>${mail.receivedAt.toISOString()}</td>
        <td>${mail.to}</td>
        <td><a href="${caughtMailHref(key, mail.id)}">${mail.subject}</a></td>
      </tr>`,
  );
  return page(
    'Mail caught by the development mail catcher',
    mails.length === 0
      ? html`<p>No mail yet. Set SMTP_URL to send real mail instead.</p>`
      : html`<table cellpadding="4">
          <tr>
            <th>Received</th>
            <th>To</th>
            <th>Subject</th>
          </tr>
          ${rows}
        </table>`,
  );
}

/**
 * A caught mail's HTML, to be shown in a sandboxed frame (mailPage): it may
 * come from anyone who can reach the catcher's SMTP port, so it runs no
 * script and cannot reach this page, but its links work as a mail client's
 * do: each opens in a new tab (the sandbox lets that tab out of it), sending
 * no Referer (this page's address carries the catcher's key).
 */
function framedMail(mailHtml: string): string {
  const linksAsInAMailClient = '<base target="_blank" /><meta name="referrer" content="no-referrer" />';
  const head = /<head(\s[^>]*)?>/i.exec(mailHtml);
  if (!head) return linksAsInAMailClient + mailHtml;
  const end = head.index + head[0].length;
  return mailHtml.slice(0, end) + linksAsInAMailClient + mailHtml.slice(end);
}

export function mailPage(mail: CaughtMail, key: string): string {
  return page(
    mail.subject,
    html`<p><a href="${caughtMailHref(key)}">All mail</a></p>
      <table cellpadding="2">
        ${mail.headers.map(
          (h) =>
            html`<tr>
              <th align="left">${h.key}</th>
              <td>${h.value}</td>
            </tr>`,
        )}
      </table>
      ${
        mail.html
          ? html`<h2>HTML part</h2>
              <iframe
                title="The mail's HTML part"
                sandbox="allow-popups allow-popups-to-escape-sandbox"
                style="width: 100%; height: 30em; border: 1px solid #ccc"
                srcdoc="${framedMail(mail.html)}"
              ></iframe>`
          : ''
      }
      <h2>Text part</h2>
      <pre style="white-space: pre-wrap">${mail.text}</pre>`,
  );
}
