import { html } from './html';
import type { MailTemplate } from './mail-template';

export interface DigestItem {
  subject: string;
  url: string;
}

export interface DigestContext {
  items: DigestItem[];
}

export const digestMail: MailTemplate<DigestContext> = (c) => ({
  subject: `Play by Web: ${c.items.length} update${c.items.length === 1 ? '' : 's'}`,
  text: ['What happened in your games:', '', ...c.items.map((item) => `  - ${item.subject}\n    ${item.url}`)].join('\n'),
  html: html`<p>What happened in your games:</p>
    <ul>
      ${c.items.map((item) => html`<li><a href="${item.url}">${item.subject}</a></li>`)}
    </ul>`,
});
