import { Module } from '@nestjs/common';
import { LivePresence } from './live-presence';

/** Live pages per game and player, shared by every server process through PostgreSQL. */
@Module({ providers: [LivePresence], exports: [LivePresence] })
export class PresenceModule {}
