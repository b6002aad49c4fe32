import { Module } from '@nestjs/common';
import { LiveUpdatesModule } from '../graphql/live-updates.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { ChatResolver } from './chat.resolver';
import { ChatService } from './chat.service';

/** Each game's chat, and its part of the API. */
@Module({ imports: [NotificationsModule, LiveUpdatesModule], providers: [ChatService, ChatResolver] })
export class ChatModule {}
