/** The frame around every mail body: greeting, and a footer with the unsubscribe and settings links where the mail has them. */
import { html, SafeHtml } from './html';
import type { MailBody } from './mail-template';

export interface LayoutContext {
  /** Null when the reader has no account yet. */
  recipientName: string | null;
  /** For mail a player can stop: what the link stops, for a person ("your-turn emails"), the link, and the settings page. */
  unsubscribe?: { what: string; url: string; settingsUrl: string };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function layout(body: MailBody, context: LayoutContext): RenderedMail {
  const greeting = context.recipientName ? `Hello ${context.recipientName},` : 'Hello,';
  const { unsubscribe } = context;
  const text = [
    greeting,
    '',
    body.text,
    '',
    '-- ',
    ...(unsubscribe
      ? [`Play by Web. To stop ${unsubscribe.what}: ${unsubscribe.url}`, `Choose how you get each kind of email in your settings: ${unsubscribe.settingsUrl}`]
      : ['Play by Web']),
  ].join('\n');
  const footer: SafeHtml = unsubscribe
    ? html`Play by Web. <a href="${unsubscribe.url}">Stop ${unsubscribe.what}</a>.
Choose how you get each kind of email in your <a href="${unsubscribe.settingsUrl}">settings</a>.`
    : html`Play by Web`;
  const page: SafeHtml = html`<!doctype html>
<html>
<head><meta charset="utf-8"><title>${body.subject}</title></head>
<body style="font-family: sans-serif; line-height: 1.4; max-width: 40em">
<p>${greeting}</p>
${body.html}
<hr>
<p style="font-size: small; color: #555">${footer}</p>
</body>
</html>`;
  return { subject: body.subject, text, html: page.value };
}
