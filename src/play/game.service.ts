/**
 * Hosting games: every command a player, a host or the server gives a game,
 * each the platform decider's (platform/commands.ts) run through the one
 * command pipeline (command-pipeline.ts), with the facts only the database
 * holds gathered here or by the caller.
 */
import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '../common/errors';
import type { Sql } from '../database/sql';
import { DuplicateMoveError, EventStore } from '../event-store/event-store';
import { DRAW_RECIPE } from '../randomness/draw-recipe';
import { GameRandomness } from '../randomness/game-randomness';
import type { Viewer } from '../rules/contract';
import { CommandPipeline, PreparedCommand } from './command-pipeline';
import { GameEventsRepository } from './game-events.repository';
import type { CreateGameInput, GamePlacement, JoinRequest } from './game-requests';
import type { ProposalKind } from './game-life';
import { type GameState, seatOf } from './game-state';
import { GamesRepository } from './games.repository';
import { allWrites, ExtraWrites, LoadedGame } from './loaded-game';
import { LoadedGames } from './loaded-games';
import type { PlatformCommand } from './platform/commands';
import { revealedToAll } from './platform/game-at';
import { decideCreate, freeSeats, Invitee, JoinAccess } from './platform/lobby';
import { ReturnPoint, returnPointOf } from './platform/return-point';
import type { DeadlineAction, GameCreatedPayload } from './platform-events';
import { refusalError } from './refusal-error';
import { RulesetRegistry } from './ruleset-registry';

const MAX_CLIENT_MOVE_ID_LENGTH = 200;
const PUBLIC: JoinAccess = { invitation: null, inviteCode: 'none', keptForOthers: [] };

@Injectable()
export class GameService {
  constructor(
    private readonly games: LoadedGames,
    private readonly pipeline: CommandPipeline,
    private readonly rows: GamesRepository,
    private readonly events: GameEventsRepository,
    private readonly store: EventStore,
    @Inject(RulesetRegistry) private readonly rulesets: RulesetRegistry,
    private readonly randomness: GameRandomness,
  ) {}

  load(gameId: string): Promise<LoadedGame> {
    return this.games.load(gameId);
  }

  stateAt(game: LoadedGame, version: number): Promise<GameState> {
    return this.games.stateAt(game, version);
  }

  /** What `userId` may see: its own seat, or everything once the game is over. */
  viewerFor(game: LoadedGame, userId: string | undefined): Viewer {
    if (revealedToAll(game.row.status)) return 'all';
    return seatOf(game.state, userId) ?? 'spectator';
  }

  // ---- lobby ---------------------------------------------------------------

  async createGame(hostId: string, input: CreateGameInput, placement: GamePlacement = {}): Promise<LoadedGame> {
    const ruleset = this.rulesets.get(input.ruleset);
    const { serverSeed, commitment, fixedSeed } = this.randomness.newGameSeed(input.seed);
    const command = {
      ruleset,
      seats: input.seats,
      options: input.options,
      name: input.name ?? null,
      visibility: input.visibility ?? null,
      moveDeadline: input.moveDeadline ?? null,
      clientSeed: input.clientSeed ?? null,
      hostSeat: placement.hostSeat ?? 0,
      rematchOf: placement.rematchOf ?? null,
      autoStart: input.autoStart ?? null,
      // Only a game that pauses on weekends records whose weekends they are.
      hostTimeZone: input.moveDeadline?.pauseOnWeekends ? await this.rows.timeZone(hostId) : null,
      bots: input.bots ?? [],
      whenPlayerLeaves: input.whenPlayerLeaves ?? null,
      groupId: input.groupId ?? null,
      rated: input.rated ?? null,
    };
    const facts = {
      commitment,
      fixedSeed,
      drawRecipe: DRAW_RECIPE,
      rulesetVersion: ruleset.version,
      hostName: await this.rows.displayName(hostId),
      madeClientSeed: this.randomness.randomClientSeed(),
      hostInGroup: placement.hostInGroup ?? false,
    };
    const decision = decideCreate(command, hostId, facts);
    if (!decision.ok) throw refusalError(decision);
    const created = decision.events[0].payload as unknown as GameCreatedPayload;
    const append = (sql: Sql, gameId: string) => this.store.appendInTransaction(sql, { gameId, expectedVersion: 0, events: decision.events });
    const game = await this.load(await this.rows.create(created, serverSeed, append));
    // Seated at once by its host and bots, it waits for nobody: it starts now, unless its host said they would start it.
    return game.state.autoStart && freeSeats(game.state).length === 0 ? this.startGame(hostId, game.row.id) : game;
  }

  /** Seats the player (see JoinRequest), keeping `game_seats` in step. */
  joinGame(userId: string, gameId: string, request: JoinRequest = {}): Promise<LoadedGame> {
    const madeClientSeed = this.randomness.randomClientSeed();
    const { seat = null, clientSeed = null, access = PUBLIC } = request;
    const join = async (game: LoadedGame): Promise<PlatformCommand> => ({
      type: 'join',
      seat,
      clientSeed,
      access,
      madeClientSeed,
      timeZone: await this.weekendZoneOf(game, userId),
    });
    return this.seatCommand(userId, gameId, join, request.alsoWrite);
  }

  /** Only a game that pauses on weekends records whose weekends they are. */
  private async weekendZoneOf(game: LoadedGame, userId: string): Promise<string | null> {
    return game.state.moveDeadline?.pauseOnWeekends ? this.rows.timeZone(userId) : null;
  }

  /** A seated player other than the host gives up their seat before the start. */
  leaveGame(userId: string, gameId: string): Promise<LoadedGame> {
    return this.seatCommand(userId, gameId, () => ({ type: 'leave' }));
  }

  private seatCommand(
    userId: string,
    gameId: string,
    command: (game: LoadedGame) => PlatformCommand | Promise<PlatformCommand>,
    alsoWrite?: ExtraWrites,
  ): Promise<LoadedGame> {
    const seats: ExtraWrites = (sql, appended) => this.rows.keepSeats(sql, gameId, appended);
    return this.pipeline.run({ gameId, actor: userId, prepare: async (game) => ({ command: await command(game), alsoWrite: allWrites(seats, alsoWrite) }) });
  }

  /** The host invites: `prepare` gathers who (from the loaded game) and what the invitations write beside their events. */
  invite(hostId: string, gameId: string, prepare: (game: LoadedGame) => Promise<{ invitees: Invitee[]; alsoWrite: ExtraWrites }>): Promise<LoadedGame> {
    return this.pipeline.run({
      gameId,
      actor: hostId,
      prepare: async (game) => {
        const { invitees, alsoWrite } = await prepare(game);
        return { command: { type: 'invite', invitees }, alsoWrite };
      },
    });
  }

  /** The invitee declines their invitations (`invitationIds`, as src/invitations/ found them open), writing so beside the events. */
  declineInvitation(userId: string, gameId: string, invitationIds: string[], alsoWrite: ExtraWrites): Promise<LoadedGame> {
    return this.pipeline.run({ gameId, actor: userId, prepare: () => ({ command: { type: 'declineInvitation', invitationIds }, alsoWrite }) });
  }

  /** A seat offered to a substitute: `prepare` gathers the invitation and what it writes beside its event (src/invitations/). */
  offerSeat(
    userId: string,
    gameId: string,
    seat: number,
    prepare: (game: LoadedGame) => Promise<{ invitee: Invitee; alsoWrite: ExtraWrites }>,
  ): Promise<LoadedGame> {
    return this.pipeline.run({
      gameId,
      actor: userId,
      prepare: async (game) => {
        const { invitee, alsoWrite } = await prepare(game);
        return { command: { type: 'offerSeat', seat, invitee }, alsoWrite };
      },
    });
  }

  withdrawSeatOffer(userId: string, gameId: string, seat: number, alsoWrite: ExtraWrites): Promise<LoadedGame> {
    return this.pipeline.run({ gameId, actor: userId, prepare: () => ({ command: { type: 'withdrawSeatOffer', seat }, alsoWrite }) });
  }

  /** The invitee takes over the seat their invitation offers, keeping `game_seats` in step. */
  /** `groupMember`: whether the player is a member of the game's group, asked only of a game in one (src/groups/ knows). */
  takeSeat(
    userId: string,
    gameId: string,
    invitationId: string | null,
    groupMember: (groupId: string) => Promise<boolean>,
    alsoWrite?: ExtraWrites,
  ): Promise<LoadedGame> {
    const takeSeat = async (game: LoadedGame): Promise<PlatformCommand> => ({
      type: 'takeSeat',
      invitationId,
      timeZone: await this.weekendZoneOf(game, userId),
      groupMember: game.state.groupId !== undefined && (await groupMember(game.state.groupId)),
    });
    return this.seatCommand(userId, gameId, takeSeat, alsoWrite);
  }

  startGame(userId: string, gameId: string): Promise<LoadedGame> {
    return this.command(userId, gameId, { type: 'start' });
  }

  // ---- play ----------------------------------------------------------------

  async submitMove(userId: string, gameId: string, move: unknown, expectedVersion: number, clientMoveId?: string | null): Promise<LoadedGame> {
    if (clientMoveId !== undefined && clientMoveId !== null && (clientMoveId.length === 0 || clientMoveId.length > MAX_CLIENT_MOVE_ID_LENGTH)) {
      throw new AppError('BAD_USER_INPUT', `clientMoveId must be 1 to ${MAX_CLIENT_MOVE_ID_LENGTH} characters.`);
    }
    try {
      const command: PlatformCommand = { type: 'move', move, expectedVersion };
      return await this.pipeline.run({
        gameId,
        actor: userId,
        prepare: () => ({ command }),
        atVersion: expectedVersion,
        clientMoveId: clientMoveId ?? undefined,
      });
    } catch (error) {
      // A resent move that was accepted the first time gets the game, not the refusal its resend would earn.
      const refused = error instanceof AppError || error instanceof DuplicateMoveError;
      if (clientMoveId && refused && (await this.events.hasClientMove(gameId, clientMoveId))) return this.load(gameId);
      throw error;
    }
  }

  undoMove(userId: string, gameId: string): Promise<LoadedGame> {
    return this.command(userId, gameId, { type: 'undo' });
  }

  rollbackGame(userId: string, gameId: string, toVersion: number, reason: string): Promise<LoadedGame> {
    return this.pipeline.run({
      gameId,
      actor: userId,
      prepare: async (game) => ({ command: { type: 'rollback', toVersion, reason, returnPoint: await this.returnPoint(game, toVersion) } }),
    });
  }

  // ---- the game's life -------------------------------------------------------

  /** The caller leaves the game for good (`game_seats` says so from then on); see game-life.ts for what follows. */
  resignGame(userId: string, gameId: string): Promise<LoadedGame> {
    return this.seatCommand(userId, gameId, () => ({ type: 'resign' }));
  }

  /** Host only: takes out a seat whose move deadline has passed, as if its player had resigned. */
  removePlayer(userId: string, gameId: string, seat: number): Promise<LoadedGame> {
    return this.seatCommand(userId, gameId, () => ({ type: 'remove', seat }));
  }

  requestTakeback(userId: string, gameId: string, toVersion: number, reason: string): Promise<LoadedGame> {
    return this.pipeline.run({
      gameId,
      actor: userId,
      prepare: async (game) => ({ command: { type: 'requestTakeback', toVersion, reason, returnPoint: await this.returnPoint(game, toVersion) } }),
    });
  }

  proposeEnd(userId: string, gameId: string): Promise<LoadedGame> {
    return this.command(userId, gameId, { type: 'proposeEnd' });
  }

  /** Answers the pending takeback or proposal to end; the last agreement carries it out. */
  answerProposal(userId: string, gameId: string, kind: ProposalKind, accept: boolean): Promise<LoadedGame> {
    return this.command(userId, gameId, { type: 'answer', kind, accept });
  }

  /** The caller takes back their own pending takeback request or proposal to end. */
  withdrawProposal(userId: string, gameId: string): Promise<LoadedGame> {
    return this.command(userId, gameId, { type: 'withdraw' });
  }

  // ---- the server's own, and deadlines ----------------------------------------

  /** The server records that `seat`'s move deadline passed, with what the game's settings say follows. */
  passDeadline(gameId: string, seat: number): Promise<LoadedGame> {
    return this.command(null, gameId, { type: 'deadlinePassed', seat });
  }

  /** The server has the bot of `seat` move, the game being at `version` as it saw it. */
  botMove(gameId: string, seat: number, version: number): Promise<LoadedGame> {
    return this.command(null, gameId, { type: 'botMove', seat, expectedVersion: version });
  }

  /** Host only: what happens to a seat whose deadline passed (`deadlinePassed` reads whether it did). */
  resolveDeadline(hostId: string, gameId: string, seat: number, action: DeadlineAction, deadlinePassed: () => Promise<boolean>): Promise<LoadedGame> {
    return this.pipeline.run({
      gameId,
      actor: hostId,
      prepare: async () => ({ command: { type: 'resolveDeadline', seat, action, deadlinePassed: await deadlinePassed() } }),
    });
  }

  private command(actor: string | null, gameId: string, command: PlatformCommand): Promise<LoadedGame> {
    return this.pipeline.run({ gameId, actor, prepare: (): PreparedCommand => ({ command }) });
  }

  /** What the events after `toVersion` say of going back there; nothing is read for a version outside the game's play, which the decider refuses first. */
  private async returnPoint(game: LoadedGame, toVersion: number): Promise<ReturnPoint> {
    const { version } = game.row;
    if (!Number.isInteger(toVersion) || toVersion < 0 || toVersion >= version) return { setAside: false, insideOneStep: false, playedSince: true };
    return returnPointOf(await this.events.eventsAfter(game.row.id, toVersion, version), toVersion, version);
  }
}
