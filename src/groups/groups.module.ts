import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { GroupsRepository } from './groups.repository';
import { GroupsService } from './groups.service';

/**
 * Groups (clubs): members and roles, invite links and invitations by mail.
 * `GroupsService.roleOf` and `memberIds` are what other modules ask
 * (who may join a group's game, who plays in a group's league).
 */
@Module({
  imports: [NotificationsModule],
  providers: [GroupsRepository, GroupsService],
  exports: [GroupsService],
})
export class GroupsModule {}
