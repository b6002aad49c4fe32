import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { PublicNamesModule } from '../public-names/public-names.module';
import { Invitations } from './invitations';
import { InvitationsResolver } from './invitations.resolver';
import { SeatOffersResolver } from './seat-offers.resolver';
import { Rematches } from './rematches';
import { SeatOffers } from './seat-offers';
import { PlayModule } from '../play/play.module';
import { GroupsModule } from '../groups/groups.module';

/** Invitations, private games and rematches, and their part of the API. */
@Module({
  imports: [PlayModule, NotificationsModule, PublicNamesModule, GroupsModule],
  providers: [Invitations, Rematches, SeatOffers, InvitationsResolver, SeatOffersResolver],
  exports: [Invitations],
})
export class InvitationsModule {}
