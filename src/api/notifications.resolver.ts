/** Notification settings and vacations of the logged-in user. */
import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import { Vacations } from '../deadlines/vacations';
import { NotificationPreferences } from '../notifications/preferences';
import { RequestContext, requireUser } from './context';
import { KindDeliveryInput, NotificationKindValue, NotificationSettingsModel, DeliveryValue } from './notification-models';

@Resolver(() => NotificationSettingsModel)
export class NotificationsResolver {
  constructor(
    private readonly preferences: NotificationPreferences,
    private readonly vacations: Vacations,
  ) {}

  @Query(() => NotificationSettingsModel, { description: 'How the caller gets each kind of email, and their vacations.' })
  notificationSettings(@Context() context: RequestContext) {
    return this.settingsOf(requireUser(context));
  }

  @Mutation(() => NotificationSettingsModel, { description: 'Changes how the caller gets the kinds named; other kinds stay as they are.' })
  async updateNotificationSettings(@Args('deliveries', { type: () => [KindDeliveryInput] }) deliveries: KindDeliveryInput[], @Context() context: RequestContext) {
    const userId = requireUser(context);
    await this.preferences.update(userId, Object.fromEntries(deliveries.map(({ kind, delivery }) => [kind, delivery])));
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
    const [deliveries, vacations] = await Promise.all([this.preferences.deliveries(userId), this.vacations.summary(userId)]);
    return {
      deliveries: Object.entries(deliveries).map(([kind, delivery]) => ({ kind: kind as NotificationKindValue, delivery: delivery as DeliveryValue })),
      vacations: vacations.upcoming,
      vacationDaysLeftThisYear: vacations.daysLeftThisYear,
    };
  }
}
