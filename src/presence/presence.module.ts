import { Module } from '@nestjs/common';
import { PlayModule } from '../play/play.module';
import { LivePresence } from './live-presence';
import { PresenceResolver } from './presence.resolver';

/** Who is looking at which game, shared by every server process through PostgreSQL, and its part of the API. */
@Module({ imports: [PlayModule], providers: [LivePresence, PresenceResolver] })
export class PresenceModule {}
