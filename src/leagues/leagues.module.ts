import { Module } from '@nestjs/common';
import { DeadlinesModule } from '../deadlines/deadlines.module';
import { Deadlines } from '../deadlines/deadlines';
import { GroupsModule } from '../groups/groups.module';
import { PlayModule } from '../play/play.module';
import { PublicNamesModule } from '../public-names/public-names.module';
import { Clock } from '../common/clock';
import { LeagueRounds } from './league-rounds';
import { LeagueViews } from './league-view';
import { GroupLeaguesResolver, LeaguesResolver } from './leagues.resolver';
import { LeaguesRepository } from './leagues.repository';
import { LeaguesService } from './leagues.service';

/** Leagues of a group: fixtures round by round, standings, and their part of the API; rounds move on with the deadline sweep. */
@Module({
  imports: [PlayModule, GroupsModule, DeadlinesModule, PublicNamesModule],
  providers: [LeaguesRepository, LeagueRounds, LeaguesService, LeagueViews, LeaguesResolver, GroupLeaguesResolver],
})
export class LeaguesModule {
  constructor(deadlines: Deadlines, rounds: LeagueRounds, clock: Clock) {
    deadlines.alsoSweep(() => rounds.advanceAll(clock.now()));
  }
}
