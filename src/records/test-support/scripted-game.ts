/** Games scripted command by command through the platform decider, and their records: for the verifier's specs, without a database. */
import { recordOf, type ScriptedEvent } from '../../../test/support/record-forgery';
import { commitmentTo } from '../../randomness/draw-recipe';
import type { AnyRuleset } from '../../rules/contract';
import { gameStatus } from '../../play/game-state';
import type { PlatformCommand } from '../../play/platform/commands';
import type { DecidedEvent } from '../../play/platform/decision';
import { storedPhase } from '../../play/platform/game-at';
import { type ReturnPoint, returnPointOf } from '../../play/platform/return-point';
import { jumpTarget } from '../../play/platform-events';
import { type CreateCommand, decideCreate } from '../../play/platform/lobby';
import { ANN, appended, gameAfter, HOUR, NOW, SERVER_SEED } from '../../play/platform/test-support/specification';
import type { GameRecord } from '../game-record';

/** A game played command by command through the decider, each append a minute after the one before. */
export class ScriptedGame {
  readonly events: ScriptedEvent[] = [];
  private now = NOW;

  constructor(
    private readonly ruleset: AnyRuleset,
    seats: number,
    /** What the game is created with besides (bots, say). */
    creation: Partial<CreateCommand> = {},
  ) {
    const command: CreateCommand = {
      ruleset,
      seats,
      options: { target: 100 },
      name: 'Scripted',
      visibility: null,
      clientSeed: null,
      hostSeat: 0,
      rematchOf: null,
      autoStart: false,
      moveDeadline: { hoursPerMove: 24, reminderHoursBefore: 0, onExpiry: 'ASK_HOST' },
      ...creation,
    };
    const facts = { commitment: commitmentTo(SERVER_SEED), fixedSeed: false, drawRecipe: 2, rulesetVersion: 1, hostName: 'Ann', madeClientSeed: 'seed of ann' };
    const created = decideCreate(command, ANN, facts);
    if (!created.ok) throw new Error(created.message);
    this.write(created.events);
  }

  /** The player of the first seat to act. */
  get toAct(): string {
    const game = gameAfter(this.events, this.ruleset);
    return game.state.seats[gameStatus(this.ruleset, game.state)!.activeSeats[0]]!;
  }

  run(command: PlatformCommand, actor: string | null): this {
    const outcome = appended(this.events, command, actor, this.now, this.ruleset);
    if (!outcome.ok) throw new Error(`${command.type} by ${actor}: ${outcome.message}`);
    this.write(outcome.events);
    return this;
  }

  /** `events` written as they are, decided by nobody: what a forger, or a server deciding wrongly, would write. */
  forge(events: readonly DecidedEvent[]): this {
    this.write(events);
    return this;
  }

  /** A turn of the player to act: add 1, then end it. */
  turn(): this {
    const player = this.toAct;
    this.run({ type: 'move', move: { type: 'add', amount: 1 }, expectedVersion: this.events.length }, player);
    return this.run({ type: 'move', move: { type: 'endTurn' }, expectedVersion: this.events.length }, player);
  }

  /** Going back to `toVersion`, as the server reads it from the events. */
  returnPoint(toVersion: number): ReturnPoint {
    const after = this.events.slice(toVersion).map((event, i) => ({
      ...event,
      seq: toVersion + i + 1,
      actorUserId: event.actorUserId ?? null,
      stepStart: event.stepStart ?? false,
      toVersion: jumpTarget(event),
    }));
    return returnPointOf(after, toVersion, this.events.length);
  }

  later(hours: number): this {
    this.now = new Date(this.now.getTime() + hours * HOUR);
    return this;
  }

  record(): GameRecord {
    const game = gameAfter(this.events, this.ruleset);
    const status = gameStatus(this.ruleset, game.state);
    const result = status?.finished ? { scores: status.scores ?? null, winners: status.winners ?? [], detail: status.detail ?? null } : null;
    const randomness = { commitment: commitmentTo(SERVER_SEED), clientSeeds: game.state.clientSeeds, fixedSeed: false, serverSeed: SERVER_SEED };
    return recordOf(
      { id: 'scripted', ruleset: 'counting', options: { target: 100 }, status: storedPhase(status, game.state) },
      this.events,
      randomness,
      result,
    );
  }

  private write(events: ScriptedEvent[] | readonly Omit<ScriptedEvent, 'at'>[]): void {
    for (const event of events) this.events.push({ ...event, at: this.now });
    this.now = new Date(this.now.getTime() + 60_000);
  }
}

export const join = (seat: number | null = null): PlatformCommand => ({
  type: 'join',
  seat,
  clientSeed: null,
  access: { invitation: null, inviteCode: 'none', keptForOthers: [] },
  madeClientSeed: 'made',
});
