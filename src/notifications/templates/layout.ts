/**
 * The frame around every mail body: a greeting, and one footer for every
 * kind of mail, in the player's words: the link to the settings page, where
 * each kind of mail is chosen, and the unsubscribe link where the mail has
 * one. New kinds of mail get both by going through here.
 */
import { html, SafeHtml } from './html';
import type { MailBody } from './mail-template';

export interface LayoutContext {
  /** Null when the reader has no account yet. */
  recipientName: string | null;
  /** The settings page (`<site>/settings`), where each kind of email is chosen. */
  settingsUrl: string;
  /** For mail a player can stop with one click: what the link stops, for a person ("your-turn emails"), and the link. */
  unsubscribe?: { what: string; url: string };
}

const SETTINGS_WORDS = 'Choose which emails you get, and when, on your settings page';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function layout(body: MailBody, context: LayoutContext): RenderedMail {
  const greeting = context.recipientName ? `Hello ${context.recipientName},` : 'Hello,';
  const { unsubscribe, settingsUrl } = context;
  const text = [
    greeting,
    '',
    body.text,
    '',
    '-- ',
    'Play by Web',
    ...(unsubscribe ? [`To stop ${unsubscribe.what}: ${unsubscribe.url}`] : []),
    `${SETTINGS_WORDS}: ${settingsUrl}`,
  ].join('\n');
  const footer: SafeHtml = html`Play by Web.${unsubscribe ? html` <a href="${unsubscribe.url}">Stop ${unsubscribe.what}</a>.` : html``} ${SETTINGS_WORDS}:
    <a href="${settingsUrl}">${settingsUrl}</a>.`;
  const page: SafeHtml = html`<!doctype html>
    <html>
      <head>
        <meta charset="utf-8" />
        <title>${body.subject}</title>
      </head>
      <body style="font-family: sans-serif; line-height: 1.4; max-width: 40em">
        <p>${greeting}</p>
        ${body.html}
        <hr />
        <p style="font-size: small; color: #555">${footer}</p>
      </body>
    </html>`;
  return { subject: body.subject, text, html: page.value };
}
