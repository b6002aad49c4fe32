/**
 * The server's fold of a game's stream: lobby facts plus the ruleset's own
 * state. Pure, like the rulesets: `foldEvent` knows nothing of storage.
 * Rollback and undo events are not folded here: they make the state that of
 * an earlier version, which the loader (game-loader.ts) looks up, with what
 * `stateAfterJump` changes of the game's life.
 */
import { commitmentTo } from '../randomness/draw-recipe';
import type { AnyRuleset, GameOptions, GameStatus, RulesEvent } from '../rules/contract';
import { changesNothingOfPlay, endedNow, foldLifeEvent, isLifeEvent, lifeAfterJump, lifeAfterRulesEvent, withLifeOutcome } from './game-life';
import {
  EndedByHost,
  GameCreated,
  TableExpired,
  GameCreatedPayload,
  GameStarted,
  InvitationDeclined,
  InvitationDeclinedPayload,
  isPlatformEvent,
  jumpTarget,
  PlayerInvited,
  SeatGivenUp,
  SeatGivenUpPayload,
  SeatTaken,
  SeatTakenPayload,
} from './platform-events';
import { GAME_START, momentAfter, momentAfterJump } from './moments';
import { foldSeatChange, isSeatChange } from './seat-changes';

/**
 * The shape of GameState this code folds. A state kept in another shape (a
 * snapshot written before a field every state must have, or before the
 * invitations were folded) is folded anew from the events, which is only slower.
 */
export const STATE_FORMAT = 4;

import type { FoldableEvent, GameState, UndoableStep } from './game-state-types';

export type { FoldableEvent, GameState, UndoableStep };

export const EMPTY_GAME_STATE: GameState = {
  format: STATE_FORMAT,
  hostId: '',
  visibility: 'PUBLIC',
  started: false,
  seats: [],
  options: {},
  rules: null,
  undoable: [],
  linePosition: 0,
  clientSeeds: [],
  commitment: '',
  fixedSeed: false,
  moment: GAME_START,
};

function foldStep(state: GameState, event: FoldableEvent): UndoableStep[] {
  if (!event.stepStart) return state.undoable;
  // A step that cannot be taken back seals every step before it.
  if (!event.reversible || event.actorSeat === null) return [];
  return [...state.undoable, { seat: event.actorSeat, before: event.seq - 1 }];
}

export function foldEvent(ruleset: AnyRuleset, state: GameState, event: FoldableEvent): GameState {
  if (jumpTarget(event) !== null) throw new Error(`${event.type} must be resolved by the loader, not folded`);
  const linePosition = state.linePosition + 1;
  const round = typeof event.payload.round === 'number' ? event.payload.round : null;
  const moment = momentAfter(ruleset, state.moment, { type: event.type, actorSeat: event.actorSeat, stepStart: event.stepStart, round });
  switch (event.type) {
    case GameCreated: {
      const created = event.payload as unknown as GameCreatedPayload;
      return {
        ...state,
        linePosition,
        moment,
        seats: Array.from({ length: created.seats }, () => null),
        clientSeeds: Array.from({ length: created.seats }, () => null),
        options: created.options as GameOptions,
        // A game stored before commitments kept its seed in this event: it counts as a fixed-seed game.
        commitment: created.commitment ?? commitmentTo(created.seed!),
        fixedSeed: created.fixedSeed ?? true,
        rulesetVersion: created.rulesetVersion ?? 1,
        hostId: created.hostId,
        visibility: created.visibility ?? 'PUBLIC',
        ...(created.autoStart ? { autoStart: true } : {}),
        ...(created.groupId ? { groupId: created.groupId } : {}),
        ...(created.drawRecipe ? { drawRecipe: created.drawRecipe } : {}),
        ...(created.moveDeadline ? { moveDeadline: created.moveDeadline } : {}),
        ...(created.bots?.length
          ? { bots: Array.from({ length: created.seats }, (_, seat) => created.bots!.find((bot) => bot.seat === seat)?.level ?? null) }
          : {}),
        ...(created.whenPlayerLeaves === 'BOT' ? { botsTakeOver: true as const } : {}),
        ...(created.rated === false ? { rated: false as const } : {}),
      };
    }
    case SeatTaken: {
      const { seat, userId, clientSeed, timeZone } = event.payload as unknown as SeatTakenPayload;
      return {
        ...state,
        linePosition,
        moment,
        ...(timeZone ? { timeZones: state.seats.map((_, i) => (i === seat ? timeZone : (state.timeZones?.[i] ?? null))) } : {}),
        seats: state.seats.map((current, i) => (i === seat ? userId : current)),
        clientSeeds: state.clientSeeds.map((current, i) => (i === seat ? (clientSeed ?? null) : current)),
      };
    }
    case SeatGivenUp: {
      const { seat } = event.payload as unknown as SeatGivenUpPayload;
      const freed = (current: string | null, i: number) => (i === seat ? null : current);
      return { ...state, linePosition, moment, seats: state.seats.map(freed), clientSeeds: state.clientSeeds.map(freed) };
    }
    case PlayerInvited:
      return withInvitations({ ...state, linePosition, moment }, [...(state.invitations ?? []), invitedIn(event)]);
    case InvitationDeclined: {
      const { invitationId } = event.payload as unknown as InvitationDeclinedPayload;
      return withInvitations(
        { ...state, linePosition, moment },
        (state.invitations ?? []).filter((id) => id !== invitationId),
      );
    }
    case GameStarted:
      // The invitations lapse as the game starts: nobody takes or declines a seat of it any more.
      return {
        ...withInvitations(state, []),
        linePosition,
        moment,
        started: true,
        startedVersion: event.seq,
        rules: ruleset.initialState({ seats: state.seats.length, options: state.options }),
      };
    case TableExpired:
      return { ...state, linePosition, moment, expired: true };
    case EndedByHost: {
      const { reason, seat } = event.payload as { reason: string; seat?: number };
      return { ...state, linePosition, moment, endedByHost: { reason, ...(seat === undefined ? {} : { lateSeat: seat }) } };
    }
    default: {
      const position = movesDrawPosition(state, event.type) ? linePosition : state.linePosition;
      if (isLifeEvent(event.type)) return { ...foldLifeEvent(state, event, position), moment };
      if (isSeatChange(event.type)) return { ...foldSeatChange(state, event, position), moment };
      if (isPlatformEvent(event.type)) return { ...state, linePosition, moment };
      const rulesEvent = upcastEvent(ruleset, state.rulesetVersion ?? 1, { ...event.payload, type: event.type });
      // Spelled out rather than spread: this is the hot path of every replay.
      return {
        format: state.format,
        hostId: state.hostId,
        visibility: state.visibility,
        autoStart: state.autoStart,
        groupId: state.groupId,
        started: state.started,
        startedVersion: setupGoesOn(state, event) ? event.seq : state.startedVersion,
        seats: state.seats,
        options: state.options,
        rules: ruleset.evolve(state.rules, rulesEvent),
        undoable: foldStep(state, event),
        moveDeadline: state.moveDeadline,
        timeZones: state.timeZones,
        bots: state.bots,
        botsTakeOver: state.botsTakeOver,
        rated: state.rated,
        endedByHost: state.endedByHost,
        linePosition,
        clientSeeds: state.clientSeeds,
        commitment: state.commitment,
        fixedSeed: state.fixedSeed,
        rulesetVersion: state.rulesetVersion,
        drawRecipe: state.drawRecipe,
        life: state.life && lifeAfterRulesEvent(state.life, event),
        moment,
      };
    }
  }
}

/** The invitation a `game.playerInvited` names (in games stored before invitations had ids, the invited user). */
function invitedIn(event: FoldableEvent): string {
  return String(event.payload.invitationId ?? event.payload.userId);
}

/** The state with these invitations (the field left out when there are none). */
function withInvitations(state: GameState, invitations: string[]): GameState {
  const { invitations: _before, ...rest } = state;
  return invitations.length > 0 ? { ...rest, invitations } : rest;
}

/**
 * Whether `event` is part of the ruleset's setup, written right after
 * `game.started` by the server: play begins after it. A player's first step,
 * or any platform event, ends the setup.
 */
function setupGoesOn(state: GameState, event: FoldableEvent): boolean {
  return state.startedVersion === event.seq - 1 && event.actorSeat === null && !event.stepStart;
}

/** Whether an event of `type` counts in the draw position (see linePosition). */
function movesDrawPosition(state: GameState, type: string): boolean {
  return (state.drawRecipe ?? 1) < 2 || !changesNothingOfPlay(type);
}

/** The state after a rollback, undo or takeback `jump`, from the state at its target (see lifeAfterJump). */
export function stateAfterJump(jump: Pick<FoldableEvent, 'type' | 'actorSeat'>, target: GameState): GameState {
  const moment = momentAfterJump(target.moment);
  return target.life ? { ...target, moment, life: lifeAfterJump(target.life, jump) } : { ...target, moment };
}

/** A ruleset's event as stored by a game created under `storedVersion`, in the shape today's rules read (Ruleset.upcast). */
export function upcastEvent(ruleset: AnyRuleset, storedVersion: number, event: RulesEvent): RulesEvent {
  return storedVersion < ruleset.version && ruleset.upcast ? ruleset.upcast(event, storedVersion) : event;
}

/** The seat `userId` holds in the game, or null (a spectator, or nobody signed in). */
export function seatOf(state: GameState, userId: string | undefined): number | null {
  if (!userId) return null;
  const seat = state.seats.indexOf(userId);
  return seat >= 0 ? seat : null;
}

/**
 * Statuses worked out so far, by state. A state is never changed once made,
 * and the server asks the same one several times: once after the append that
 * made it, again before the next move, and per field of a query.
 */
const statuses = new WeakMap<GameState, GameStatus | null>();

/** The game's status (shared: not to be changed by the caller), or null before it starts. */
export function gameStatus(ruleset: AnyRuleset, state: GameState): GameStatus | null {
  let status = statuses.get(state);
  if (status === undefined) {
    status = statusOf(ruleset, state);
    statuses.set(state, status);
  }
  return status;
}

function statusOf(ruleset: AnyRuleset, state: GameState): GameStatus | null {
  if (!state.started) return null;
  const status: GameStatus = ruleset.status(state.rules);
  return withLifeOutcome(endedEarly(status, state), state);
}

/** A game the host ended is finished with its current scores. */
function endedEarly(status: GameStatus, state: GameState): GameStatus {
  if (!state.endedByHost || status.finished) return status;
  const { reason, lateSeat } = state.endedByHost;
  return endedNow(status, { endedByHost: reason, ...(lateSeat === undefined ? {} : { lateSeat }) });
}
