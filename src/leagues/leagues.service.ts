/**
 * Leagues of a group: a group admin creates one (its terms checked before
 * anything is written), members read it, a player drops out. The league's
 * games are created by league-rounds.ts; its standings are the pure
 * standings.ts over its games' results.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { AppError } from '../common/errors';
import { isUuid } from '../common/ids';
import { GroupsService } from '../groups/groups.service';
import { type MoveDeadlineInput, moveDeadlineSettings, resolvedOptions } from '../play/platform/options';
import { isRefusal } from '../play/platform/decision';
import { refusalError } from '../play/refusal-error';
import { RulesetRegistry } from '../play/ruleset-registry';
import { commitmentTo } from '../randomness/draw-recipe';
import type { AnyRuleset } from '../rules/contract';
import { drawSeats, leagueDraws, roundRobinSchedule } from './fixtures';
import { LeagueRounds } from './league-rounds';
import { type LeagueFormat, leagueProblem, defaultPointsPerPlace } from './league-terms';
import { storedResults, type StoredLeagueParts } from './stored-league';
import { LeaguesRepository, type PairedRound } from './leagues.repository';
import { standings, type StandingRow } from './standings';
import type { LoadedGame } from '../play/loaded-game';

export interface CreateLeagueRequest {
  groupId: string;
  ruleset: string;
  options?: unknown;
  seatsPerGame: number;
  format: string;
  rounds?: number | null;
  memberIds: readonly string[];
  timeControl?: MoveDeadlineInput | null;
  /** Absent: now. */
  startsAt?: Date | null;
  pointsPerPlace?: readonly number[] | null;
  /** Absent: false, those who drop out forfeit their games. */
  botsPlayDropOuts?: boolean | null;
  /** Absent: true. */
  rated?: boolean | null;
}

/** A league as its readers see it. */
export interface LeagueView {
  parts: StoredLeagueParts;
  games: ReadonlyMap<string, LoadedGame>;
  standings: StandingRow[];
}

const notFound = () => new AppError('NOT_FOUND', 'There is no such league.');

@Injectable()
export class LeaguesService {
  constructor(
    private readonly repository: LeaguesRepository,
    private readonly rounds: LeagueRounds,
    private readonly groups: GroupsService,
    private readonly rulesets: RulesetRegistry,
    private readonly clock: Clock,
  ) {}

  async create(userId: string, request: CreateLeagueRequest): Promise<string> {
    await this.requireAdmin(userId, request.groupId);
    const ruleset = this.rulesets.get(request.ruleset);
    const problem = leagueProblem({
      ...request,
      rounds: request.rounds ?? null,
      pointsPerPlace: request.pointsPerPlace ?? null,
      minSeats: ruleset.minSeats,
      maxSeats: ruleset.maxSeats,
    });
    if (problem) throw new AppError('BAD_USER_INPUT', problem.message, { reason: problem.reason });
    this.checkGameSettings(ruleset, request);
    await this.requireMembers(request.groupId, request.memberIds);
    const id = randomUUID();
    const serverSeed = randomBytes(32).toString('hex');
    const format = request.format as LeagueFormat;
    const schedule = format === 'ROUND_ROBIN' ? this.schedule(request, serverSeed, id) : [];
    const now = this.clock.now();
    await this.repository.create(
      {
        id,
        groupId: request.groupId,
        createdBy: userId,
        ruleset: request.ruleset,
        options: request.options ?? null,
        seatsPerGame: request.seatsPerGame,
        format,
        rounds: format === 'ROUND_ROBIN' ? schedule.length : request.rounds!,
        pointsPerPlace: [...(request.pointsPerPlace ?? defaultPointsPerPlace(request.seatsPerGame))],
        botsPlayDropOuts: request.botsPlayDropOuts ?? false,
        rated: request.rated ?? true,
        moveDeadline: request.timeControl ?? null,
        startsAt: request.startsAt ?? now,
        serverSeed,
        seedCommitment: commitmentTo(serverSeed),
        createdAt: now,
        memberIds: request.memberIds,
      },
      schedule,
    );
    // The league is made: its first round, if it cannot start now, starts with a later sweep.
    await this.rounds.tryToAdvance(id, now);
    return id;
  }

  /** The league as a member of its group reads it. */
  async league(userId: string | undefined, leagueId: string): Promise<LeagueView> {
    const parts = isUuid(leagueId) ? await this.rounds.parts(leagueId) : null;
    if (!parts) throw notFound();
    if (!userId || !(await this.groups.isMember(parts.league.groupId, userId))) {
      throw new AppError('NOT_GROUP_MEMBER', "Only the members of the league's group see it.");
    }
    const games = await this.rounds.gamesOf(parts.tables);
    return { parts, games, standings: standings(storedResults(parts, games)) };
  }

  /** The group's leagues, newest first. */
  async ofGroup(userId: string | undefined, groupId: string): Promise<LeagueView[]> {
    return Promise.all((await this.repository.ofGroup(groupId)).map((id) => this.league(userId, id)));
  }

  /** The player drops out: the games of theirs not yet begun are forfeited, or played by bots where the league says so. */
  async leave(userId: string, leagueId: string): Promise<LeagueView> {
    const parts = isUuid(leagueId) ? await this.rounds.parts(leagueId) : null;
    if (!parts) throw notFound();
    if (parts.league.finishedAt) throw new AppError('BAD_USER_INPUT', 'This league has ended.', { reason: 'LEAGUE_ENDED' });
    if (!(await this.repository.dropOut(leagueId, userId, this.clock.now()))) {
      throw new AppError('BAD_USER_INPUT', 'You are not playing in this league.', { reason: 'NOT_IN_LEAGUE' });
    }
    return this.league(userId, leagueId);
  }

  private async requireAdmin(userId: string, groupId: string): Promise<void> {
    const role = await this.groups.roleOf(groupId, userId);
    if (role === null) throw new AppError('NOT_GROUP_MEMBER', 'You are not a member of this group.');
    if (role === 'MEMBER') throw new AppError('FORBIDDEN', "Only the group's admins create leagues.");
  }

  /** The options and time control every game of the league is created with, checked now rather than at its first round. */
  private checkGameSettings(ruleset: AnyRuleset, request: CreateLeagueRequest): void {
    const options = resolvedOptions(ruleset, request.options);
    if (!options.ok) throw refusalError(options);
    const deadline = request.timeControl ? moveDeadlineSettings(ruleset, request.timeControl) : null;
    if (deadline && isRefusal(deadline)) throw refusalError(deadline);
  }

  private async requireMembers(groupId: string, memberIds: readonly string[]): Promise<void> {
    const members = new Set(await this.groups.memberIds(groupId));
    const outsiders = memberIds.filter((id) => !members.has(id));
    if (outsiders.length > 0) {
      throw new AppError('NOT_GROUP_MEMBER', 'Every player of a league is a member of its group.', { userIds: outsiders });
    }
  }

  /** A round robin's whole schedule, seats drawn round by round from the league's seed. */
  private schedule(request: CreateLeagueRequest, serverSeed: string, id: string): PairedRound[] {
    const rounds = roundRobinSchedule(request.memberIds, request.seatsPerGame, leagueDraws(serverSeed, id, 0));
    return rounds.map((round, i) => ({ tables: drawSeats(round, leagueDraws(serverSeed, id, i + 1)), byes: round.byes }));
  }
}
