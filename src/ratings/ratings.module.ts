import { Module } from '@nestjs/common';
import { PlayModule } from '../play/play.module';
import { PublicNamesModule } from '../public-names/public-names.module';
import { RatingsResolver } from './ratings.resolver';
import { RatingsService } from './ratings.service';

/** Ratings: a projection of the finished games, written as each ends (a change hook), and a player's profile in the API. */
@Module({ imports: [PlayModule, PublicNamesModule], providers: [RatingsService, RatingsResolver], exports: [RatingsService] })
export class RatingsModule {}
