import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CalendarModule } from '../calendar/calendar.module';
import { InvitationsModule } from '../invitations/invitations.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { PublicNamesModule } from '../public-names/public-names.module';
import { PushModule } from '../push/push.module';
import { RateLimitsModule } from '../rate-limits/rate-limits.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { GroupsModule } from '../groups/groups.module';
import { VacationsModule } from '../vacations/vacations.module';
import { AccountTokens } from './account-tokens';
import { AccountsResolver } from './accounts.resolver';
import { Accounts } from './accounts.service';
import { PlayModule } from '../play/play.module';

/** Accounts, and their part of the API; EMAIL_VERIFICATION (a setting) false creates accounts at once. */
@Module({
  imports: [
    PlayModule,
    AuthModule,
    NotificationsModule,
    VacationsModule,
    RateLimitsModule,
    InvitationsModule,
    PublicNamesModule,
    CalendarModule,
    PushModule,
    WebhooksModule,
    GroupsModule,
  ],
  providers: [AccountTokens, Accounts, AccountsResolver],
})
export class AccountsModule {}
