import { Module } from '@nestjs/common';
import { MetricsModule } from '../metrics/metrics.module';
import { VacationsModule } from '../vacations/vacations.module';
import { NotificationDelivery } from './delivery';
import { DeliveryQueue } from './delivery-queue';
import { DeliveryWorker } from './delivery-worker';
import { Digests } from './digests';
import { GameNotifications } from './game-notifications';
import { GracePeriods } from './grace-periods';
import { MailCatcher } from './mail-catcher';
import { MailComposer } from './mail-composer';
import { MailFacts } from './mail-facts';
import { Mailer } from './mailer';
import { NOTIFICATIONS_OPTIONS, NotificationsOptions } from './notification-options';
import { NotificationOutbox } from './outbox';
import { NotificationPreferences } from './preferences';
import { SupersededMail } from './superseded-mail';
import { UndeliveredMail } from './undelivered-mail';
import { UnsubscribeLinks } from './unsubscribe-links';
import { PlayModule } from '../play/play.module';

/**
 * Email notifications: the outbox, the delivery worker, preferences, digests
 * and unsubscribe links; their part of the API is NotificationsApiModule, so
 * that the mail worker, which runs this module alone, loads no API.
 * Configured by NOTIFICATIONS_OPTIONS, and composed with what other modules
 * contribute to mail (MAIL_PARTS), both settings (config.module.ts).
 */
@Module({
  imports: [PlayModule, VacationsModule, MetricsModule],
  providers: [
    {
      provide: UnsubscribeLinks,
      inject: [NOTIFICATIONS_OPTIONS],
      useFactory: (options: NotificationsOptions) => new UnsubscribeLinks(options.linkSecret, options.mail.publicUrl),
    },
    // Null unless mail goes to the in-process catcher (no SMTP_URL).
    { provide: MailCatcher, inject: [NOTIFICATIONS_OPTIONS], useFactory: (options: NotificationsOptions) => options.mail.catcher ?? null },
    DeliveryQueue,
    NotificationOutbox,
    GameNotifications,
    NotificationPreferences,
    UndeliveredMail,
    SupersededMail,
    MailFacts,
    MailComposer,
    Mailer,
    NotificationDelivery,
    DeliveryWorker,
    Digests,
    GracePeriods,
  ],
  exports: [DeliveryQueue, NotificationOutbox, NotificationPreferences, MailCatcher, SupersededMail, UndeliveredMail, UnsubscribeLinks],
})
export class NotificationsModule {}
