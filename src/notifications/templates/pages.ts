/** Small HTML pages served by the app itself: unsubscribing, and the dev mail inbox. */
import type { CaughtMail } from '../mail-catcher';
import { html, SafeHtml } from './html';

function page(title: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html>
      <head>
        <meta charset="utf-8" />
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
              <iframe sandbox style="width: 100%; height: 30em; border: 1px solid #ccc" srcdoc="${mail.html}"></iframe>`
          : ''
      }
      <h2>Text part</h2>
      <pre style="white-space: pre-wrap">${mail.text}</pre>`,
  );
}
