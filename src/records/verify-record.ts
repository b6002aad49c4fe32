/**
 * The verifier: checks a game record (game-record.ts) with the rules code
 * alone, no database, so that anyone can run it on their own machine
 * (`npm run verify -- record.json`). In order, it checks:
 *
 * 1. the hash chain: every event in its place, hashed onto the one before;
 * 2. the revealed server seed against the commitment made at the creation;
 * 3. every step again from the start: each player's move was allowed at its
 *    moment (its seat's player, its turn, one of `legalMoves`), and deciding
 *    it with the recorded randomness gives exactly the recorded events; the
 *    setup and every skipped turn likewise; every platform event as its
 *    rule in platform-event-rules.ts says;
 * 4. that the events fold to the recorded result: the same scores and winners
 *    (its `detail`, the score sheet, is worded by the code of the day).
 *
 * It answers the first thing that does not hold, with the event it is at.
 * A running game's record (without the server seed) can only have its hash
 * chain checked, where its reader may see the events.
 */
import { canonicalJson } from '../event-store/canonical-json';
import { eventHash, GENESIS_HASH } from '../event-store/hash-chain';
import { commitmentTo, drawRandom } from '../randomness/draw-recipe';
import type { AnyRuleset, RulesEvent } from '../rules/contract';
import { findListedMove, jsonEqual } from '../rules/moves';
import type { Random } from '../rules/random';
import { EMPTY_GAME_STATE, foldEvent, GameState, gameStatus, stateAfterJump, upcastEvent } from '../play/game-state';
import { GameCreated, GameCreatedPayload, GameStarted, isPlatformEvent, jumpTarget, SeedRevealed } from '../play/platform-events';
import { jumpsIn, rolledBackSeqs } from '../play/line-of-play';
import { GameRecord, GameResultRecord, RECORD_FORMAT, RecordEvent } from './game-record';
import { Moment, PLATFORM_EVENT_RULES } from './platform-event-rules';

export type Verdict =
  /** Every check held. `complete` is false for a running game's record: only its hash chain could be checked. */
  | { ok: true; complete: boolean; events: number; stepsDecided: number; note?: string }
  /**
   * The first thing that does not hold; `seq` is the event it is at (null: the
   * record as a whole). `unverifiable`: nothing was found wrong, but the game
   * was stored before what the check needs was recorded (the moves as
   * submitted, or a commitment to its server seed), so it cannot be decided
   * again from there on.
   */
  | { ok: false; seq: number | null; problem: string; unverifiable?: true };

export type RulesetLookup = (id: string) => AnyRuleset | undefined;

/** The verdict in one line, as `npm run verify` prints it. */
export function verdictText(verdict: Verdict): string {
  if (!verdict.ok && verdict.unverifiable) return `not verifiable: event ${verdict.seq}: ${verdict.problem}`;
  if (!verdict.ok) return verdict.seq === null ? `not verified: ${verdict.problem}` : `not verified: event ${verdict.seq}: ${verdict.problem}`;
  if (!verdict.complete) return `hash chain verified (${verdict.events} events); ${verdict.note}`;
  return `verified (${verdict.events} events, ${verdict.stepsDecided} steps decided again)`;
}

class NotVerified extends Error {
  constructor(
    readonly seq: number | null,
    readonly problem: string,
    readonly unverifiable = false,
  ) {
    super(problem);
  }
}

function fail(seq: number | null, problem: string): never {
  throw new NotVerified(seq, problem);
}

/** The game was stored before the server recorded what checking it from `seq` on needs. */
function predates(seq: number, problem: string): never {
  throw new NotVerified(seq, problem, true);
}

/** Runs rules code for the step at `seq`: a ruleset that throws there names the step, not the verifier. */
function atStep<T>(seq: number, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof NotVerified) throw error;
    return fail(seq, `the rules fail on it: ${(error as Error).message}`);
  }
}

const short = (value: unknown) => {
  const text = JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

export interface VerifyOptions {
  /**
   * Check only the line of play in force: steps later undone or rolled back
   * are folded but not decided again (`games:revalidate`, which asks whether
   * a live game still holds under today's rules). Omitted: every step, as
   * each was legal at its moment.
   */
  lineInForceOnly?: boolean;
}

export function verifyRecord(record: GameRecord, rulesetFor: RulesetLookup, options: VerifyOptions = {}): Verdict {
  try {
    return new RecordCheck(record, rulesetFor, options).run();
  } catch (error) {
    if (error instanceof NotVerified)
      return { ok: false, seq: error.seq, problem: error.problem, ...(error.unverifiable ? { unverifiable: true as const } : {}) };
    throw error;
  }
}

class RecordCheck {
  private readonly ruleset: AnyRuleset;
  private readonly events: RecordEvent[];
  /** states[v]: the game after version v. */
  private readonly states: GameState[] = [EMPTY_GAME_STATE];
  private hostId: string | null = null;
  private startedVersion: number | null = null;
  private stepsDecided = 0;
  /** Whether `game.seedRevealed` was met yet. */
  private revealed = false;
  /** Events not decided again (see VerifyOptions.lineInForceOnly). */
  private readonly setAside: Set<number>;

  constructor(
    private readonly record: GameRecord,
    rulesetFor: RulesetLookup,
    options: VerifyOptions,
  ) {
    if (record?.format !== RECORD_FORMAT || !Array.isArray(record.events)) fail(null, `this is not a game record (format "${RECORD_FORMAT}")`);
    const ruleset = rulesetFor(record.game.ruleset);
    if (!ruleset) fail(null, `the rules of "${record.game.ruleset}" are not known to this verifier`);
    if (record.game.rulesetVersion > ruleset.version) {
      fail(null, `the game was played under version ${record.game.rulesetVersion} of its rules, newer than this verifier's (${ruleset.version})`);
    }
    this.ruleset = ruleset;
    this.events = record.events;
    this.setAside = options.lineInForceOnly ? rolledBackSeqs(jumpsIn(this.events), this.events.length) : new Set();
  }

  run(): Verdict {
    this.checkChain();
    const { serverSeed, commitment } = this.record.randomness;
    if (serverSeed === null) {
      if (this.record.game.status === 'FINISHED') fail(null, 'the game is finished but its record does not reveal the server seed');
      return {
        ok: true,
        complete: false,
        events: this.events.length,
        stepsDecided: 0,
        note: 'the game is still being played: its moves can be decided again once it is over and its server seed revealed',
      };
    }
    if (commitmentTo(serverSeed) !== commitment) {
      fail(
        this.events.find((event) => event.type === SeedRevealed)?.seq ?? null,
        'the server seed given does not match the commitment made when the game was created',
      );
    }
    this.replay();
    this.checkResult();
    return { ok: true, complete: true, events: this.events.length, stepsDecided: this.stepsDecided };
  }

  private checkChain(): void {
    let previous = GENESIS_HASH;
    this.events.forEach((event, i) => {
      const seq = i + 1;
      if (event.seq !== seq) fail(seq, `event ${seq} is missing or out of order (event ${event.seq} stands in its place)`);
      const hashed = { ...event, gameId: this.record.game.id, at: new Date(event.at) };
      if (!event.redacted && eventHash(previous, hashed) !== event.hash) {
        fail(seq, 'its hash does not match its content and the events before it: the history was changed');
      }
      previous = event.hash;
    });
  }

  private replay(): void {
    let i = 0;
    while (i < this.events.length) {
      const event = this.events[i];
      if (this.setAside.has(event.seq)) i = this.foldSetAside(i);
      else if (isPlatformEvent(event.type)) i = this.platformEvent(i);
      else if (event.move !== null && event.stepStart && event.actorUserId !== null && event.actorSeat !== null) i = this.move(i);
      else if (this.movesRecordedBefore(i)) fail(event.seq, 'it is not the outcome of any recorded move: no move is recorded for its step');
      else predates(event.seq, 'the game was played before the server recorded the moves as submitted, so its steps cannot be decided again from here');
      this.requireRevealWhenFinished(i);
    }
  }

  /**
   * Whether any event before `events[i]` records a move: once the server
   * recorded moves it recorded every one, so a step without its move after
   * that is wrong, while one before it belongs to a game stored earlier.
   */
  private movesRecordedBefore(i: number): boolean {
    return this.events.slice(0, i).some((event) => event.move !== null && event.move !== undefined);
  }

  /** An event off the line in force: folded as far as today's rules can (its state is never built on). */
  private foldSetAside(i: number): number {
    const event = this.events[i];
    const target = jumpTarget(event);
    const before = this.stateAt(event.seq - 1);
    let after = before;
    try {
      after = target === null ? foldEvent(this.ruleset, before, event) : stateAfterJump(event, this.stateAt(target));
    } catch {
      // Today's rules cannot fold it: nothing in force stands on it.
    }
    this.states.push(after);
    return i + 1;
  }

  private stateAt(version: number): GameState {
    return this.states[version];
  }

  /** The draws of an append that began just after `version`. */
  private drawsAfter(version: number): Random {
    const state = this.stateAt(version);
    const clientSeeds = state.clientSeeds.filter((seed): seed is string => seed !== null);
    return drawRandom({ serverSeed: this.record.randomness.serverSeed!, clientSeeds }, state.linePosition);
  }

  private fold(event: RecordEvent): void {
    const target = jumpTarget(event);
    const before = this.stateAt(event.seq - 1);
    this.states.push(target === null ? atStep(event.seq, () => foldEvent(this.ruleset, before, event)) : stateAfterJump(event, this.stateAt(target)));
  }

  /** The ruleset's events after `from` that continue the step or append that opened there. */
  private continuation(from: number): RecordEvent[] {
    const run: RecordEvent[] = [];
    for (let j = from; j < this.events.length; j++) {
      const event = this.events[j];
      if (isPlatformEvent(event.type) || (j > from && (event.stepStart || event.move !== null))) break;
      run.push(event);
    }
    return run;
  }

  /** Checks that `recorded` are exactly the events the rules decided (`decided`), in their shape of today. */
  private sameEvents(what: string, decided: RulesEvent[], recorded: RecordEvent[], at: number): void {
    const asToday = recorded.map((event) => upcastEvent(this.ruleset, this.record.game.rulesetVersion, { ...event.payload, type: event.type }));
    // Named by the step's first event: the step is what does not hold, and going back to before it undoes it.
    if (decided.length !== asToday.length) fail(at, `${what} decided again gives ${decided.length} events, but ${asToday.length} are recorded`);
    decided.forEach((event, k) => {
      if (!jsonEqual(event, asToday[k])) fail(at, `${what} decided again gives ${short(event)} where event ${recorded[k].seq} records ${short(asToday[k])}`);
    });
  }

  private platformEvent(i: number): number {
    const event = this.events[i];
    const rule = PLATFORM_EVENT_RULES[event.type];
    if (!rule) fail(event.seq, `"${event.type}" is not an event this server writes`);
    if (event.type === GameCreated) {
      const created = event.payload as unknown as GameCreatedPayload;
      if (created.commitment === undefined) predates(event.seq, 'the game was stored before its randomness was committed to: its draws cannot be checked');
      this.hostId = created.hostId;
    }
    const state = this.stateAt(event.seq - 1);
    const moment: Moment = {
      event,
      previous: this.events[i - 1],
      state,
      status: gameStatus(this.ruleset, state),
      ruleset: this.ruleset,
      record: this.record,
      hostId: this.hostId,
      startedVersion: this.startedVersion,
      stateAt: (version) => this.stateAt(version),
      drawsAfter: (version) => this.drawsAfter(version),
    };
    const refusal = atStep(event.seq, () => rule.refusal(moment));
    if (refusal) fail(event.seq, `${event.type}: ${refusal}`);
    this.fold(event);
    if (!rule.followedBy) return i + 1;
    const followers = this.continuation(i + 1);
    const { what, events } = atStep(event.seq, () => rule.followedBy!(moment));
    if (events === null) fail(event.seq, `${what}: the rules cannot make it here`);
    this.sameEvents(what, events, followers, event.seq);
    for (const follower of followers) this.fold(follower);
    this.stepsDecided++;
    if (event.type === GameStarted) this.startedVersion = event.seq + followers.length;
    return i + 1 + followers.length;
  }

  private move(i: number): number {
    const event = this.events[i];
    const seat = event.actorSeat!;
    const state = this.stateAt(event.seq - 1);
    const status = gameStatus(this.ruleset, state);
    const what = `the move ${short(event.move)} of seat ${seat}`;
    if (!status || status.finished) fail(event.seq, `${what}: the game was not being played`);
    if (state.seats[seat] !== event.actorUserId) fail(event.seq, `${what}: it was made by someone other than that seat's player`);
    if (!status.activeSeats.includes(seat)) fail(event.seq, `${what}: it was not that seat's turn`);
    const legal = atStep(event.seq, () => this.ruleset.legalMoves(state.rules, seat) as unknown[]);
    if (findListedMove(legal, event.move) === undefined) fail(event.seq, `${what}: it was not one of the moves allowed at that moment`);
    const decision = atStep(event.seq, () => this.ruleset.decide(state.rules, event.move, seat, this.drawsAfter(event.seq - 1)));
    if (!decision.ok) fail(event.seq, `${what}: the rules refuse it (${decision.message})`);
    const step = this.continuation(i);
    this.sameEvents(what, decision.events, step, event.seq);
    if (event.reversible !== decision.reversible)
      fail(event.seq, `${what}: it is recorded as ${event.reversible ? '' : 'not '}able to be taken back, which the rules do not say`);
    if (step.some((e) => e.actorSeat !== seat)) fail(event.seq, `${what}: its events name another seat as acting`);
    for (const e of step) this.fold(e);
    this.stepsDecided++;
    return i + step.length;
  }

  /** A game that finished reveals its server seed in the same append. */
  private requireRevealWhenFinished(next: number): void {
    const last = this.events[next - 1];
    if (last.type === SeedRevealed) this.revealed = true;
    if (this.revealed) return;
    const status = gameStatus(this.ruleset, this.stateAt(last.seq));
    if (status?.finished && this.events[next]?.type !== SeedRevealed) fail(last.seq, 'the game finished here, but its server seed was not revealed with it');
  }

  private checkResult(): void {
    const version = this.events.length;
    const status = gameStatus(this.ruleset, this.stateAt(version));
    const recorded = this.record.game.status;
    const actual = status === null ? 'LOBBY' : status.finished ? 'FINISHED' : 'ACTIVE';
    if (recorded !== actual) fail(version || null, `the events leave the game ${actual.toLowerCase()}, but the record says it is ${recorded.toLowerCase()}`);
    if (!status?.finished) return;
    // The outcome is the scores and the winners. `detail` explains them (a score sheet, an ending's
    // reason) in the words of today's code, which may grow without changing any game's outcome.
    const outcome = outcomeOf({ scores: status.scores ?? null, winners: status.winners ?? [] });
    const recordedOutcome = outcomeOf((this.record.result ?? {}) as Partial<GameResultRecord>);
    if (canonicalJson(outcome) !== canonicalJson(recordedOutcome)) {
      fail(version, `the events fold to the result ${short(outcome)}, not the recorded ${short(recordedOutcome)}`);
    }
  }
}

function outcomeOf(result: Partial<GameResultRecord>): { scores: unknown; winners: unknown } {
  return { scores: result.scores ?? null, winners: result.winners ?? [] };
}
