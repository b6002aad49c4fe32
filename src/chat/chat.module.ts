import { Global, Module } from '@nestjs/common';
import { ChatService } from './chat.service';

/** Each game's chat (its resolver is served by the API module: see API_RESOLVERS). */
@Global()
@Module({ providers: [ChatService], exports: [ChatService] })
export class ChatModule {}
