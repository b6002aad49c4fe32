/** The frame around every mail body: greeting, footer with the unsubscribe and settings links. */
import { html, SafeHtml } from './html';
import type { MailBody } from './mail-template';

export interface LayoutContext {
  recipientName: string;
  /** What the unsubscribe link stops, for a person: "your-turn emails". */
  unsubscribeWhat: string;
  unsubscribeUrl: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function layout(body: MailBody, context: LayoutContext): RenderedMail {
  const text = [
    `Hello ${context.recipientName},`,
    '',
    body.text,
    '',
    '-- ',
    `Play by Web. To stop ${context.unsubscribeWhat}: ${context.unsubscribeUrl}`,
    'Choose how you get each kind of email with updateNotificationSettings.',
  ].join('\n');
  const page: SafeHtml = html`<!doctype html>
<html>
<head><meta charset="utf-8"><title>${body.subject}</title></head>
<body style="font-family: sans-serif; line-height: 1.4; max-width: 40em">
<p>Hello ${context.recipientName},</p>
${body.html}
<hr>
<p style="font-size: small; color: #555">Play by Web. <a href="${context.unsubscribeUrl}">Stop ${context.unsubscribeWhat}</a>.
Choose how you get each kind of email in your notification settings.</p>
</body>
</html>`;
  return { subject: body.subject, text, html: page.value };
}
