/**
 * The lobby's commands: creating a game, taking a seat, giving it up,
 * inviting, and starting. Facts the events cannot hold (a private game's
 * invite code, invitations, the seats they keep, the host's name, seeds the
 * server made) come with the command as plain data.
 */
import { fixedSeedClientSeed, seedProblem } from '../../randomness/draw-recipe';
import type { AnyRuleset, RulesEvent } from '../../rules/contract';
import { foldEvent, type GameState, seatOf } from '../game-state';
import {
  BotSeat,
  GameCreated,
  GameCreatedPayload,
  GameStarted,
  InvitationDeclined,
  InvitationDeclinedPayload,
  MoveDeadlineSettings,
  PlayerInvited,
  SeatGivenUp,
  SeatGivenUpPayload,
  SeatTaken,
  SeatTakenPayload,
  TableExpired,
  TableExpiredPayload,
  WhenPlayerLeaves,
} from '../platform-events';
import { botSeatsRefusal, botsAlone, isBotSeat } from './bots';
import { foldDecided } from './completion';
import { type Decision, type DecidedEvent, decided, isRefusal, type Refusal, refuse } from './decision';
import { actorSeat, cleanedText, type GameAt, requireHost, requireServer, rulesEventAs, seatArgument } from './game-at';
import { UNCHOSEN_ZONE } from './clock-time';
import { unratableAtCreation } from './rated-games';
import { type MoveDeadlineInput, moveDeadlineSettings, resolvedOptions } from './options';

export type GameVisibility = 'PUBLIC' | 'PRIVATE';

const MAX_GAME_NAME_LENGTH = 80;

/** The name of a game its host did not name, and of games stored before names. */
export function defaultGameName(hostName: string, rulesetName: string): string {
  return `${hostName}'s ${rulesetName} game`;
}

export interface CreateCommand {
  ruleset: AnyRuleset;
  seats: number;
  options: unknown;
  /** Null: "<host>'s <game> game". */
  name: string | null;
  /** Null: public. */
  visibility: GameVisibility | null;
  /** Null: no move deadlines. */
  moveDeadline: MoveDeadlineInput | null;
  /** The host's contribution to the randomness; null: the server's. */
  clientSeed: string | null;
  /** Where the host sits (a rematch's host sits one seat further round). */
  hostSeat: number;
  /** The finished game this one is the rematch of. */
  rematchOf: string | null;
  /** The game starts by itself as its last seat is taken, rather than when its host starts it; null: it does. */
  autoStart: boolean | null;
  /** The host's time zone (me.timeZone), recorded with their seat where the game pauses on weekends; null: UTC. */
  hostTimeZone?: string | null;
  /** Seats played by bots from the start; every seat: a game of bots alone, which its host watches. Absent: none. */
  bots?: BotSeat[];
  /** Absent or null: SKIP. */
  whenPlayerLeaves?: WhenPlayerLeaves | null;
  /** The group (club) the game is created in; absent or null: none. */
  groupId?: string | null;
  /** Whether the game counts for ratings; absent or null: it does, where it may (rated-games.ts). */
  rated?: boolean | null;
}

/** What the server made for a new game before deciding it. */
export interface CreateFacts {
  /** SHA-256 of the server seed, and whether the host chose that seed. */
  commitment: string;
  fixedSeed: boolean;
  /** How the game counts draw positions (DRAW_RECIPE), and the version of the rules it is created under. */
  drawRecipe: number | undefined;
  rulesetVersion: number;
  /** The host's display name, for a game they did not name. */
  hostName: string;
  /** A client seed made at random, for a host who brings none to a game whose seed is not fixed. */
  madeClientSeed: string;
  /** Whether the host is a member of the group the game is created in (`groupId`); absent: not. */
  hostInGroup?: boolean;
}

/**
 * Whether anyone may find the game and join it unasked, so that every lobby
 * lists it among the open games while it waits for players: a public game
 * not played in a group (a group's game is its members' alone, on the
 * group's page: `notInGroup`). The lobby's SQL projects the same fact
 * (games.repository.ts, `LOBBY_PAGE`).
 */
export function openToAnyone(game: { visibility: GameVisibility; groupId?: string | null }): boolean {
  return game.visibility === 'PUBLIC' && !game.groupId;
}

/** Who may create a game in a group, and who may join one: its members alone. */
export function notInGroup(groupId: string | null | undefined, member: boolean | undefined, doing: string): Refusal | null {
  return groupId && member !== true ? refuse('NOT_GROUP_MEMBER', `This game is played in a group: only its members may ${doing} it.`) : null;
}

/** The client seed a seat sits down with: the player's own, else the server's (predictable in a fixed-seed game). */
function clientSeedFor(given: string | null, seat: number, fixedSeed: boolean, made: string): string | Refusal {
  if (given === null) return fixedSeed ? fixedSeedClientSeed(seat) : made;
  const problem = seedProblem('clientSeed', given);
  return problem ? refuse('BAD_USER_INPUT', problem) : given;
}

/** A new game: its creation and its host's seat. */
export function decideCreate(command: CreateCommand, actor: string, facts: CreateFacts): Decision {
  const { ruleset, seats } = command;
  const outsider = notInGroup(command.groupId, facts.hostInGroup, 'create');
  if (outsider) return outsider;
  if (!Number.isInteger(seats) || seats < ruleset.minSeats || seats > ruleset.maxSeats) {
    return refuse('BAD_USER_INPUT', `${ruleset.name} is played by ${ruleset.minSeats} to ${ruleset.maxSeats} players.`);
  }
  const options = resolvedOptions(ruleset, command.options);
  if (!options.ok) return options;
  const name =
    command.name === null ? defaultGameName(facts.hostName, ruleset.name) : cleanedText(command.name, 'The name of a game', [1, MAX_GAME_NAME_LENGTH]);
  if (isRefusal(name)) return name;
  const clientSeed = clientSeedFor(command.clientSeed, command.hostSeat, facts.fixedSeed, facts.madeClientSeed);
  if (isRefusal(clientSeed)) return clientSeed;
  const deadline = command.moveDeadline ? moveDeadlineSettings(ruleset, command.moveDeadline) : null;
  if (deadline && !deadline.ok) return deadline;
  const badSeat = seatArgument(command.hostSeat, seats);
  if (badSeat) return badSeat;
  const bots = command.bots ?? [];
  const watching = botsAlone(seats, bots);
  const badBots = botSeatsRefusal(ruleset, seats, bots, watching ? null : command.hostSeat);
  if (badBots) return badBots;
  const unratable = command.rated === true ? unratableAtCreation({ bots, fixedSeed: facts.fixedSeed }) : null;
  if (unratable) return refuse('BAD_USER_INPUT', `${unratable} is never rated: leave out rated, or set it to false.`);
  if (watching && command.clientSeed !== null) {
    return refuse('BAD_USER_INPUT', 'Every seat goes to a bot, so there is none for you: leave out clientSeed to watch the bots play.');
  }
  const created: GameCreatedPayload = {
    ruleset: ruleset.id,
    rulesetVersion: facts.rulesetVersion,
    seats,
    options: options.options,
    commitment: facts.commitment,
    drawRecipe: facts.drawRecipe,
    fixedSeed: facts.fixedSeed,
    hostId: actor,
    name,
    visibility: command.visibility ?? 'PUBLIC',
    ...(command.rematchOf ? { rematchOf: command.rematchOf } : {}),
    ...((command.autoStart ?? true) ? { autoStart: true } : {}),
    ...(command.groupId ? { groupId: command.groupId } : {}),
    ...(deadline ? { moveDeadline: deadline.settings } : {}),
    ...(bots.length > 0 ? { bots: [...bots].sort((a, b) => a.seat - b.seat).map(({ seat, level }) => ({ seat, level })) } : {}),
    ...(command.whenPlayerLeaves === 'BOT' ? { whenPlayerLeaves: 'BOT' as const } : {}),
    ...(command.rated === false ? { rated: false } : {}),
  };
  const creation = { type: GameCreated, payload: { ...created }, actorUserId: actor };
  if (watching) return decided([creation]);
  const seatTaken: SeatTakenPayload = { seat: command.hostSeat, userId: actor, clientSeed, ...weekendZone(created.moveDeadline, command.hostTimeZone) };
  return decided([creation, { type: SeatTaken, payload: { ...seatTaken }, actorUserId: actor, actorSeat: command.hostSeat }]);
}

/** Who may sit where, beyond the events: invitations and a private game's invite code. */
export interface JoinAccess {
  /** The caller's open invitation to the game, and the seat it keeps for them (null: any). */
  invitation: { seat: number | null } | null;
  /** A private game's invite code: none given, the game's, or another. */
  inviteCode: 'none' | 'valid' | 'invalid';
  /** Free seats kept for other players' open invitations. */
  keptForOthers: number[];
  /** Whether the player is a member of the game's group (a game created in one, src/groups/); absent: not. */
  groupMember?: boolean;
}

export interface JoinCommand {
  type: 'join';
  /** Null: the seat the invitation keeps, else the first free one not kept for others. */
  seat: number | null;
  clientSeed: string | null;
  access: JoinAccess;
  /** A client seed made at random, for a player who brings none to a game whose seed is not fixed. */
  madeClientSeed: string;
  /** The player's time zone (me.timeZone), recorded with their seat where the game pauses on weekends; null: UTC. */
  timeZone?: string | null;
}

/** The seat's time zone, recorded only where the game pauses on weekends (see clocks.ts). */
export function weekendZone(settings: MoveDeadlineSettings | undefined, timeZone: string | null | undefined): { timeZone?: string } {
  return settings?.pauseOnWeekends ? { timeZone: timeZone ?? UNCHOSEN_ZONE } : {};
}

/** What of a join decides whether and where the player sits: the seat asked for, and the facts of who may. */
type SeatRequest = Pick<JoinCommand, 'seat' | 'access'>;

function mayEnter(game: GameAt, command: SeatRequest): Refusal | null {
  const { invitation, inviteCode } = command.access;
  const outsider = notInGroup(game.state.groupId, command.access.groupMember, 'join');
  if (outsider) return outsider;
  if (game.state.visibility === 'PRIVATE' && !invitation && inviteCode !== 'valid') {
    return refuse(
      'FORBIDDEN',
      inviteCode === 'invalid'
        ? 'This invite link is not valid for this game: ask its host for a new one.'
        : 'This game is private: only its invite link or an invitation lets you join.',
    );
  }
  const kept = invitation?.seat ?? null;
  if (kept !== null && command.seat !== null && command.seat !== kept) return refuse('BAD_USER_INPUT', `Your invitation keeps seat ${kept + 1} for you.`);
  return null;
}

/** Seats a player may still take: held by nobody, and no bot's. */
export function freeSeats(state: GameState): number[] {
  return state.seats.flatMap((holder, seat) => (holder === null && !isBotSeat(state, seat) ? [seat] : []));
}

/** The seat the player takes, or why there is none for them. */
function seatToTake(game: GameAt, command: SeatRequest): number | Refusal {
  const seats = game.state.seats;
  const free = freeSeats(game.state);
  const open = free.filter((i) => !command.access.keptForOthers.includes(i));
  const chosen = command.access.invitation?.seat ?? command.seat ?? open[0];
  if (chosen === undefined) return refuse('BAD_USER_INPUT', free.length > 0 ? 'Every free seat is kept for an invited player.' : 'Every seat is taken.');
  const badSeat = seatArgument(chosen, seats.length);
  if (badSeat) return badSeat;
  if (!free.includes(chosen)) return refuse('BAD_USER_INPUT', `Seat ${chosen + 1} is taken.`);
  if (!open.includes(chosen)) return refuse('BAD_USER_INPUT', `Seat ${chosen + 1} is kept for an invited player.`);
  return chosen;
}

/** The seat `actor` joins in, or why they may not: every refusal of a join but that of its client seed. */
function seatJoined(game: GameAt, command: SeatRequest, actor: string): number | Refusal {
  const denied = mayEnter(game, command);
  if (denied) return denied;
  if (game.state.started) return refuse('GAME_NOT_ACTIVE', 'The game has already started: no seat can be taken now.');
  if (game.state.seats.includes(actor)) return refuse('BAD_USER_INPUT', 'You already have a seat in this game.');
  return seatToTake(game, command);
}

export function decideJoin(game: GameAt, command: JoinCommand, actor: string): Decision {
  const seat = seatJoined(game, command, actor);
  if (isRefusal(seat)) return seat;
  const clientSeed = clientSeedFor(command.clientSeed, seat, game.state.fixedSeed, command.madeClientSeed);
  if (isRefusal(clientSeed)) return clientSeed;
  const taken: SeatTakenPayload = { seat, userId: actor, clientSeed, ...weekendZone(game.state.moveDeadline, command.timeZone) };
  const seatTaken: DecidedEvent = { type: SeatTaken, payload: { ...taken }, actorUserId: actor, actorSeat: seat };
  return decided([seatTaken, ...startedIfFull(game, seatTaken)]);
}

/**
 * A game its host let start by itself (`autoStart`) starts with the seat that
 * fills it, in the same append: the start is the host's, by the leave they
 * gave at its creation.
 */
function startedIfFull(game: GameAt, seatTaken: DecidedEvent): DecidedEvent[] {
  const joined = foldDecided(game.ruleset, game.state, [seatTaken], game.version);
  if (!joined.autoStart || freeSeats(joined).length > 0) return [];
  return startEvents({ ...game, state: joined, version: game.version + 1 }, joined.hostId);
}

/** A seated player other than the host gives up their seat before the start. */
export function decideLeave(game: GameAt, actor: string): Decision {
  const seat = actorSeat(game.state, actor);
  if (isRefusal(seat)) return seat;
  if (game.state.started) return refuse('GAME_NOT_ACTIVE', 'The game has already started: you can only resign now.');
  if (actor === game.state.hostId) return refuse('FORBIDDEN', 'You are the host: the game keeps your seat until it starts.');
  const left: SeatGivenUpPayload = { seat, userId: actor };
  return decided([{ type: SeatGivenUp, payload: { ...left }, actorUserId: actor, actorSeat: seat }]);
}

/** One invitation: its id (`game.playerInvited` names it, never the address), and the invitee's account if the address has one. */
export interface Invitee {
  invitationId: string;
  accountId: string | null;
}

/** Why `actor` may not invite anyone to the game now, or null when they may. */
function inviteRefusal(state: GameState, actor: string | null): Refusal | null {
  const notHost = requireHost(state, actor, 'Only the host can invite players.');
  if (notHost) return notHost;
  if (state.started) return refuse('GAME_NOT_ACTIVE', 'The game has already started.');
  return freeSeats(state).length === 0 ? refuse('BAD_USER_INPUT', 'Every seat is taken.') : null;
}

export function decideInvite(game: GameAt, invitees: Invitee[], actor: string): Decision {
  const { state } = game;
  const refused = inviteRefusal(state, actor);
  if (refused) return refused;
  for (const { accountId } of invitees) {
    if (accountId === actor) return refuse('BAD_USER_INPUT', 'That is your own address: you already have a seat in this game.');
    if (accountId !== null && state.seats.includes(accountId)) return refuse('BAD_USER_INPUT', 'That player already has a seat in this game.');
  }
  return decided(invitees.map(({ invitationId }) => ({ type: PlayerInvited, payload: { invitationId }, actorUserId: actor })));
}

/**
 * The invitee declines their invitations to the game (`invitationIds`: those
 * the server found open for them, whose address the events never hold): one
 * event each, so that the seats they kept are free again for everyone
 * watching. Only an invitation the host made and nobody declined, before
 * the start, by someone without a seat.
 */
export function decideDecline(game: GameAt, invitationIds: string[], actor: string): Decision {
  const { state } = game;
  if (invitationIds.length === 0) return refuse('NOTHING_PENDING', 'You have no invitation to this game waiting for an answer.');
  if (state.started) return refuse('GAME_NOT_ACTIVE', 'The game has already started: its invitations have lapsed.');
  if (state.seats.includes(actor)) return refuse('ALREADY_SEATED', 'You already have a seat in this game: leave it instead.');
  if (invitationIds.some((id) => !state.invitations?.includes(id))) {
    return refuse('NOTHING_PENDING', 'That invitation is not waiting for an answer: it was declined, or never made in this game.');
  }
  return decided(
    invitationIds.map((invitationId) => {
      const declined: InvitationDeclinedPayload = { invitationId };
      return { type: InvitationDeclined, payload: { ...declined }, actorUserId: actor };
    }),
  );
}

/** Days a table stays open for players before it expires unstarted (Rally the Troops purges its open tables after 10). */
export const TABLE_OPEN_DAYS = 14;
export const TABLE_OPEN_MS = TABLE_OPEN_DAYS * 24 * 60 * 60 * 1000;

/** The server closes a table nobody started within TABLE_OPEN_DAYS of `openedAt` (its creation); its players are told. */
export function decideExpire(game: GameAt, openedAt: Date, actor: string | null, now: Date): Decision {
  const notServer = requireServer(actor, 'Only the server lets a table expire.');
  if (notServer) return notServer;
  if (game.state.started) return refuse('GAME_NOT_ACTIVE', 'The game has already started.');
  if (now.getTime() < openedAt.getTime() + TABLE_OPEN_MS) return refuse('BAD_USER_INPUT', `The table has been open for less than ${TABLE_OPEN_DAYS} days.`);
  const expired: TableExpiredPayload = { afterDays: TABLE_OPEN_DAYS };
  return decided([{ type: TableExpired, payload: { ...expired }, actorUserId: null }]);
}

/** The host starts a full game: `game.started`, then the ruleset's setup, drawn for this append. */
export function decideStart(game: GameAt, actor: string): Decision {
  return startRefusal(game.state, actor) ?? decided(startEvents(game, actor));
}

/** Why `actor` may not start the game now, or null when they may. */
function startRefusal(state: GameState, actor: string | null): Refusal | null {
  const notHost = requireHost(state, actor, 'Only the host can start the game.');
  if (notHost) return notHost;
  if (state.started) return refuse('GAME_NOT_ACTIVE', 'The game has already started.');
  const waiting = freeSeats(state).length;
  return waiting > 0 ? refuse('BAD_USER_INPUT', `Waiting for ${waiting} more player${waiting === 1 ? '' : 's'} to join.`) : null;
}

/** The seats `actor` may take, each as joining would give it (with no client seed of their own). */
export function seatsToTake(game: GameAt, access: JoinAccess, actor: string): number[] {
  return game.state.seats.flatMap((_, seat) => (isRefusal(seatJoined(game, { seat, access }, actor)) ? [] : [seat]));
}

/** What a player may do in a game waiting for players, each exactly as its command would be decided now. */
export interface LobbyActions {
  /** The seats they may take (seatsToTake). */
  join: number[];
  leave: boolean;
  start: boolean;
  invite: boolean;
}

/**
 * What `actor` may do in the waiting room, given who may sit where
 * (`access`, as joining is told it): what the page offers them. Nothing is
 * drawn: of a join that fills a game that starts by itself, only its seat can
 * be refused, never the start that follows it.
 */
export function lobbyActions(game: GameAt, access: JoinAccess, actor: string): LobbyActions {
  const { state } = game;
  return {
    join: seatsToTake(game, access, actor),
    leave: !isRefusal(decideLeave(game, actor)),
    start: startRefusal(state, actor) === null,
    invite: inviteRefusal(state, actor) === null,
  };
}

/** `game.started` by `starter`, then the ruleset's setup, drawn for this append. */
function startEvents(game: GameAt, starter: string): DecidedEvent[] {
  const { ruleset, state } = game;
  const started = foldEvent(ruleset, state, { seq: game.version + 1, type: GameStarted, payload: {}, actorSeat: null, stepStart: false, reversible: false });
  const setup = ruleset.setup(started.rules, game.draws(state)) as RulesEvent[];
  return [
    { type: GameStarted, payload: {}, actorUserId: starter, actorSeat: seatOf(state, starter) },
    ...setup.map((event) => rulesEventAs(event, null, null)),
  ];
}
