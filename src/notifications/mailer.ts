/** Sends composed mail over SMTP (nodemailer), with the headers bulk mail needs. */
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import nodemailer, { Transporter } from 'nodemailer';
import { DELIVERY_BATCH } from './delivery-queue';
import type { ComposedMail } from './mail-composer';
import { NOTIFICATIONS_OPTIONS, NotificationsOptions } from './notification-options';

/** Give up on a mail server that stops answering, so its mail is tried again later (the queue renews its lease meanwhile). */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

@Injectable()
export class Mailer implements OnModuleDestroy {
  private readonly transport: Transporter | null;
  private readonly from: string;
  private readonly messageIdHost: string;

  constructor(@Inject(NOTIFICATIONS_OPTIONS) options: NotificationsOptions) {
    const { transportUrl, from, publicUrl } = options.mail;
    // Pooled: mail after mail goes over open connections instead of a new connection and greeting each; as many
    // connections as a batch has mails, so a slow server takes one round for the batch, not two (nodemailer's default is 5).
    this.transport = transportUrl ? nodemailer.createTransport({ url: transportUrl, pool: true, maxConnections: DELIVERY_BATCH, ...TIMEOUTS }) : null;
    this.from = from;
    this.messageIdHost = new URL(publicUrl).hostname;
  }

  get canSend(): boolean {
    return this.transport !== null;
  }

  /**
   * `id` makes the Message-ID, so a mail sent twice after a crash is
   * recognisably the same mail. Mail about a game (`gameId`) refers to one
   * root id of that game (RFC 5322 References and In-Reply-To), so mail
   * clients that thread by them show a game's mail as one conversation.
   */
  async send(id: string, mail: ComposedMail, gameId: string | null = null): Promise<void> {
    if (!this.transport) throw new Error('no mail transport is configured');
    const thread = gameId ? `<game-${gameId}@${this.messageIdHost}>` : null;
    await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: `<${id}@${this.messageIdHost}>`,
      ...(thread ? { references: thread, inReplyTo: thread } : {}),
      headers: {
        // RFC 8058 one-click unsubscribe: mail clients POST to the link.
        ...(mail.unsubscribeUrl ? { 'List-Unsubscribe': `<${mail.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
        'Auto-Submitted': 'auto-generated',
      },
    });
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
