import { DynamicModule, Module } from '@nestjs/common';
import { NotificationDelivery } from './delivery';
import { DeliveryQueue } from './delivery-queue';
import { DeliveryWorker } from './delivery-worker';
import { Digests } from './digests';
import { GameNotifications } from './game-notifications';
import { GracePeriods } from './grace-periods';
import { MailCatcher } from './mail-catcher';
import { MailComposer } from './mail-composer';
import { MailFacts } from './mail-facts';
import { MAIL_PARTS, MailPart } from './mail-parts';
import { Mailer } from './mailer';
import { NOTIFICATIONS_OPTIONS, NotificationsOptions } from './notification-options';
import { NotificationOutbox } from './outbox';
import { NotificationPreferences } from './preferences';
import { SupersededMail } from './superseded-mail';
import { UndeliveredMail } from './undelivered-mail';
import { UnsubscribeLinks } from './unsubscribe-links';

/** Email notifications: the outbox, the delivery worker, preferences, digests and unsubscribe links. */
@Module({})
export class NotificationsModule {
  /** `parts`: what other modules contribute to mail (mail-parts.ts). */
  static forRoot(options: NotificationsOptions, parts: MailPart[]): DynamicModule {
    const catcher = options.mail.catcher ? [{ provide: MailCatcher, useValue: options.mail.catcher }] : [];
    return {
      module: NotificationsModule,
      global: true,
      providers: [
        { provide: NOTIFICATIONS_OPTIONS, useValue: options },
        { provide: MAIL_PARTS, useValue: parts },
        SupersededMail,
        { provide: UnsubscribeLinks, useValue: new UnsubscribeLinks(options.linkSecret, options.mail.publicUrl) },
        ...catcher,
        DeliveryQueue,
        NotificationOutbox,
        GameNotifications,
        NotificationPreferences,
        UndeliveredMail,
        MailFacts,
        MailComposer,
        Mailer,
        NotificationDelivery,
        DeliveryWorker,
        Digests,
        GracePeriods,
      ],
      exports: [
        DeliveryQueue,
        NotificationOutbox,
        NotificationPreferences,
        UndeliveredMail,
        UnsubscribeLinks,
        Digests,
        GracePeriods,
        ...catcher.map((c) => c.provide),
      ],
    };
  }
}
