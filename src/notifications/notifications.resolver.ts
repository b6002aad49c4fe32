/** Notification settings and vacations of the logged-in user, and whether this server sends mail at all. */
import { Inject } from '@nestjs/common';
import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Vacations } from '../vacations/vacations';
import { MailCatcher } from './mail-catcher';
import { isPushed, NotificationPreferences } from './preferences';
import { AppError } from '../common/errors';
import { UndeliveredMail } from './undelivered-mail';
import { RequestContext, requireUser } from '../graphql/context';
import { ChannelValue, KindDeliveryInput, MailKindValue, NotificationKindValue, NotificationSettingsModel, DeliveryValue } from './notification-models';

@Resolver(() => NotificationSettingsModel)
export class NotificationsResolver {
  constructor(
    private readonly preferences: NotificationPreferences,
    private readonly vacations: Vacations,
    private readonly undelivered: UndeliveredMail,
    // Null unless mail goes to the in-process catcher (notifications.module.ts).
    @Inject(MailCatcher) private readonly catcher: MailCatcher | null,
  ) {}

  @Query(() => Boolean, {
    description:
      "Whether this server keeps the mail it would send in its mail catcher (it runs without SMTP_URL) instead of sending it: the mail is read at /dev/mail, with the key printed in the server's log when it started.",
  })
  mailCaught(): boolean {
    return this.catcher !== null;
  }

  @Query(() => NotificationSettingsModel, { description: 'How the caller gets each kind of email, and their vacations.' })
  notificationSettings(@Context() context: RequestContext) {
    return this.settingsOf(requireUser(context));
  }

  @Mutation(() => NotificationSettingsModel, { description: 'Changes how the caller gets the kinds named; other kinds stay as they are.' })
  async updateNotificationSettings(
    @Args('deliveries', { type: () => [KindDeliveryInput] }) deliveries: KindDeliveryInput[],
    @Context() context: RequestContext,
  ) {
    const userId = requireUser(context);
    const channels = deliveries.filter(({ channel }) => channel);
    const unpushed = channels.find(({ kind }) => !isPushed(kind));
    if (unpushed) throw new AppError('BAD_USER_INPUT', `${unpushed.kind} notifications go by mail only: no channel can be chosen for them.`);
    await this.preferences.update(
      userId,
      Object.fromEntries(deliveries.map(({ kind, delivery }) => [kind, delivery])),
      Object.fromEntries(channels.map(({ kind, channel }) => [kind, channel])),
    );
    return this.settingsOf(userId);
  }

  @Mutation(() => NotificationSettingsModel, { description: 'Plans a vacation: move deadlines pause and mail waits, within a yearly allowance.' })
  async setVacation(@Args('startsAt') startsAt: Date, @Args('endsAt') endsAt: Date, @Context() context: RequestContext) {
    const userId = requireUser(context);
    await this.vacations.add(userId, { startsAt, endsAt });
    return this.settingsOf(userId);
  }

  @Mutation(() => NotificationSettingsModel, { description: 'Ends the current vacation now and cancels planned ones.' })
  async endVacation(@Context() context: RequestContext) {
    const userId = requireUser(context);
    await this.vacations.endAll(userId);
    return this.settingsOf(userId);
  }

  private async settingsOf(userId: string): Promise<NotificationSettingsModel> {
    const [deliveries, channels, vacations, undeliveredEmails] = await Promise.all([
      this.preferences.deliveries(userId),
      this.preferences.channels(userId),
      this.vacations.summary(userId),
      this.undelivered.recent(userId),
    ]);
    return {
      deliveries: Object.entries(deliveries).map(([kind, delivery]) => ({
        kind: kind as NotificationKindValue,
        delivery: delivery as DeliveryValue,
        channel: isPushed(kind as NotificationKindValue) ? (channels[kind as keyof typeof channels] as ChannelValue) : null,
      })),
      vacations: vacations.upcoming,
      vacationDaysLeftThisYear: vacations.daysLeftThisYear,
      // The same names as Prisma's enum: the API's values are those strings.
      undeliveredEmails: undeliveredEmails.map((email) => ({ ...email, kind: email.kind as MailKindValue })),
    };
  }
}
