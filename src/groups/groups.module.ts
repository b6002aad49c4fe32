import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { PlayModule } from '../play/play.module';
import { PublicNamesModule } from '../public-names/public-names.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { GroupWebhooks } from './group-webhooks';
import { GroupsRepository } from './groups.repository';
import { GroupsResolver } from './groups.resolver';
import { GroupsService } from './groups.service';

/**
 * Groups (clubs): members and roles, invite links and invitations by mail,
 * the group's games and webhook. `GroupsService.roleOf` and `memberIds` are
 * what other modules ask (who may join a group's game, who plays in a
 * group's league).
 */
@Module({
  imports: [NotificationsModule, PlayModule, PublicNamesModule, WebhooksModule],
  providers: [GroupsRepository, GroupsService, GroupWebhooks, GroupsResolver],
  exports: [GroupsService],
})
export class GroupsModule {}
