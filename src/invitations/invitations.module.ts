import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { PublicNamesModule } from '../public-names/public-names.module';
import { Invitations } from './invitations';
import { InvitationsResolver } from './invitations.resolver';
import { Rematches } from './rematches';

/** Invitations, private games and rematches, and their part of the API. */
@Module({
  imports: [NotificationsModule, PublicNamesModule],
  providers: [Invitations, Rematches, InvitationsResolver],
  exports: [Invitations],
})
export class InvitationsModule {}
