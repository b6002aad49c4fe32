/**
 * The verifier: checks a game record (game-record.ts) with the rules code
 * alone, no database, so that anyone can run it on their own machine
 * (`npm run verify -- record.json`). In order, it checks:
 *
 * 1. the hash chain: every event in its place, hashed onto the one before;
 * 2. the revealed server seed against the commitment made at the creation;
 * 3. every request again from the start, as the server decided it: each
 *    player's move, host's action and server's own step is rebuilt as its
 *    command from the record (recorded-commands.ts) and decided by the
 *    platform's decider (src/play/platform/), the one the server runs, with
 *    the recorded randomness: it must give exactly the recorded events, and
 *    what the server adds to every append after them (seats that left passed
 *    over, the seed revealed when the game finishes) exactly the ones that
 *    follow (the decider accepts a move only if its rules list it at that
 *    moment);
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
import { jsonEqual } from '../rules/moves';
import { EMPTY_GAME_STATE, foldEvent, GameState, gameStatus, stateAfterJump, upcastEvent } from '../play/game-state';
import { jumpsIn, opensRequest, rolledBackSeqs } from '../play/line-of-play';
import { decide } from '../play/platform/commands';
import { completeAppend } from '../play/platform/completion';
import type { DecidedEvent } from '../play/platform/decision';
import { type GameAt, revealedToAll, storedPhase } from '../play/platform/game-at';
import { decideCreate } from '../play/platform/lobby';
import { BotMoved, GameCreated, GameCreatedPayload, isPlatformEvent, jumpTarget, SeedRevealed, TurnSkipped } from '../play/platform-events';
import { GameRecord, GameResultRecord, RECORD_FORMAT, RecordEvent } from './game-record';
import { RecordedClocks } from './recorded-clocks';
import { recordedCommand, recordedCreation, samePlatformPayload } from './recorded-commands';

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
  private stepsDecided = 0;
  /** Events not decided again (see VerifyOptions.lineInForceOnly). */
  private readonly setAside: Set<number>;
  private readonly clocks: RecordedClocks;

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
    this.clocks = new RecordedClocks(ruleset);
    this.events = record.events;
    this.setAside = options.lineInForceOnly ? rolledBackSeqs(jumpsIn(this.events), this.events.length) : new Set();
  }

  run(): Verdict {
    this.checkChain();
    const { serverSeed, commitment } = this.record.randomness;
    if (serverSeed === null) {
      if (revealedToAll(this.record.game.status)) fail(null, 'the game is finished but its record does not reveal the server seed');
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

  /** Every append again: from the event that opens it, its request decided again, and what completes it. */
  private replay(): void {
    let i = 0;
    while (i < this.events.length) {
      const event = this.events[i];
      if (this.setAside.has(event.seq)) i = this.foldSetAside(i);
      else if (!opensRequest(event)) fail(event.seq, `${event.type}: it is not the first event of a request, nor what the server adds to one`);
      else if (isPlatformEvent(event.type) || (event.move !== null && event.move !== undefined)) i = this.request(i);
      else if (this.movesRecordedBefore(i)) fail(event.seq, 'it is not the outcome of any recorded move: no move is recorded for its step');
      else predates(event.seq, 'the game was played before the server recorded the moves as submitted, so its steps cannot be decided again from here');
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

  /**
   * An event off the line in force, with the rest of its append: folded as
   * far as today's rules can (its state is never built on), not decided.
   */
  private foldSetAside(i: number): number {
    let j = i;
    do {
      const event = this.events[j];
      const target = jumpTarget(event);
      const before = this.stateAt(event.seq - 1);
      let after = before;
      try {
        after = target === null ? foldEvent(this.ruleset, before, event) : stateAfterJump(event, this.stateAt(target));
      } catch {
        // Today's rules cannot fold it: nothing in force stands on it.
      }
      this.states.push(after);
      j++;
    } while (j < this.events.length && (this.setAside.has(this.events[j].seq) || !opensRequest(this.events[j])));
    this.clocks.after(this.events.slice(i, j), this.stateAt(j));
    return j;
  }

  private stateAt(version: number): GameState {
    return this.states[version];
  }

  /** The game after `version`, as the decider sees it, drawing as an append made there did. */
  private gameAt(version: number): GameAt {
    const serverSeed = this.record.randomness.serverSeed!;
    return {
      ruleset: this.ruleset,
      state: this.stateAt(version),
      version,
      draws: (state) => drawRandom({ serverSeed, clientSeeds: state.clientSeeds.filter((seed): seed is string => seed !== null) }, state.linePosition),
    };
  }

  private fold(event: RecordEvent): void {
    const target = jumpTarget(event);
    const before = this.stateAt(event.seq - 1);
    this.states.push(target === null ? atStep(event.seq, () => foldEvent(this.ruleset, before, event)) : stateAfterJump(event, this.stateAt(target)));
  }

  /** The request that opens at `events[i]`, decided again, and its append completed; returns where the next one opens. */
  private request(i: number): number {
    const event = this.events[i];
    const game = this.gameAt(event.seq - 1);
    const decided = atStep(event.seq, () => (event.type === GameCreated ? this.created(i) : this.decidedAgain(event, game)));
    // Once the decider has taken it (a deadline of a seat to act), whether the seat's clock had run out.
    const early = this.clocks.problemWith(event, game.state);
    if (early) fail(event.seq, early);
    this.sameEvents(this.what(event), decided, i);
    for (const recorded of this.events.slice(i, i + decided.length)) this.fold(recorded);
    const last = i + decided.length - 1;
    const completion = atStep(event.seq, () => completeAppend(game, this.stateAt(last + 1), last + 1, this.record.randomness.serverSeed!));
    let j = last + 1;
    while (j < this.events.length && !opensRequest(this.events[j]) && !this.setAside.has(this.events[j].seq)) j++;
    this.sameCompletion(completion.events, last, j);
    for (const recorded of this.events.slice(last + 1, j)) this.fold(recorded);
    this.clocks.after(this.events.slice(i, j), this.stateAt(j));
    // Steps: a move, the setup, a skipped turn, each turn of a seat that left; what the rules decided.
    this.stepsDecided += (decided.some((e) => !isPlatformEvent(e.type)) ? 1 : 0) + completion.events.filter((e) => e.type === TurnSkipped).length;
    return j;
  }

  private what(event: RecordEvent): string {
    return isPlatformEvent(event.type) ? event.type : `the move ${short(event.move)} of seat ${event.actorSeat}`;
  }

  /** The events the decider gives for the command that opens with `event`, or the first thing wrong with it. */
  private decidedAgain(event: RecordEvent, game: GameAt): DecidedEvent[] {
    const replayed = recordedCommand(event, this.events);
    if ('problem' in replayed) return replayed.unverifiable ? predates(event.seq, replayed.problem) : fail(event.seq, `${event.type}: ${replayed.problem}`);
    const decision = decide(game, replayed.command, replayed.actor, new Date(event.at));
    if (!decision.ok) fail(event.seq, `${this.what(event)}: ${decision.message}`);
    return decision.events;
  }

  /** The creation: of the record's game, committed to its seed, and as the decider makes a game. */
  private created(i: number): DecidedEvent[] {
    const event = this.events[i];
    const created = event.payload as unknown as GameCreatedPayload;
    if (created.commitment === undefined) predates(event.seq, 'the game was stored before its randomness was committed to: its draws cannot be checked');
    const { game } = this.record;
    if (created.ruleset !== game.ruleset) fail(event.seq, `${GameCreated}: it creates a game of ${created.ruleset}, not of ${game.ruleset}`);
    if ((created.rulesetVersion ?? 1) !== game.rulesetVersion) fail(event.seq, `${GameCreated}: it names another version of the rules than the record`);
    if (created.commitment !== this.record.randomness.commitment) fail(event.seq, `${GameCreated}: its commitment is not the record's`);
    const { command, facts } = recordedCreation(this.ruleset, event, this.events[i + 1]);
    const decision = decideCreate(command, event.actorUserId ?? '', facts);
    if (!decision.ok) fail(event.seq, `${GameCreated}: ${decision.message}`);
    return decision.events;
  }

  /** Checks that the recorded events from `events[from]` on are exactly those decided, in their shape of today. */
  private sameEvents(what: string, decided: DecidedEvent[], from: number): void {
    decided.forEach((expected, k) => {
      const recorded = this.events[from + k];
      if (!recorded) fail(this.events[from + k - 1].seq, `${what} decided again gives ${short(asWritten(expected))}, which is not recorded`);
      if (!this.same(expected, recorded))
        fail(
          this.events[from].seq,
          `${what} decided again gives ${short(asWritten(expected))} where event ${recorded.seq} records ${short(asWritten(recorded))}`,
        );
      if ((expected.actorUserId ?? null) !== recorded.actorUserId) fail(recorded.seq, `${what}: it was not made by the player the rules name`);
    });
    const first = this.events[from];
    if (!isPlatformEvent(first.type)) this.sameStep(what, decided, from);
    // A bot's move is its step after `game.botMoved`.
    if (first.type === BotMoved) this.sameStep(what, decided.slice(1), from + 1);
  }

  /** A move's own: as able to be taken back as the rules say, and made by its seat. */
  private sameStep(what: string, decided: DecidedEvent[], from: number): void {
    const first = this.events[from];
    if (first.reversible !== (decided[0].reversible ?? false))
      fail(first.seq, `${what}: it is recorded as ${first.reversible ? '' : 'not '}able to be taken back, which the rules do not say`);
    const step = this.events.slice(from, from + decided.length);
    if (step.some((e, k) => e.actorSeat !== (decided[k].actorSeat ?? null))) fail(first.seq, `${what}: its events name another seat as acting`);
  }

  private same(decided: DecidedEvent, recorded: RecordEvent): boolean {
    if (decided.type !== recorded.type) return false;
    if (isPlatformEvent(decided.type)) {
      const causeHolds = recorded.move === null || recorded.move === undefined || jsonEqual(recorded.move, decided.move ?? null);
      return causeHolds && samePlatformPayload(decided.type, decided.payload, recorded.payload);
    }
    const today = upcastEvent(this.ruleset, this.record.game.rulesetVersion, { ...recorded.payload, type: recorded.type });
    // The move a step opens with (a bot's, chosen again here) is the one recorded.
    const moveHolds = decided.move === undefined || jsonEqual(recorded.move ?? null, decided.move);
    return moveHolds && jsonEqual({ ...decided.payload, type: decided.type }, today);
  }

  /** Checks that events[last + 1 .. end) are exactly what completes the append that ends at `last`. */
  private sameCompletion(completion: DecidedEvent[], last: number, end: number): void {
    const recorded = this.events.slice(last + 1, end);
    const missing = completion[recorded.length];
    if (missing?.type === SeedRevealed) fail(this.events[end - 1].seq, 'the game finished here, but its server seed was not revealed with it');
    if (missing) fail(this.events[end - 1].seq, `completing its append gives ${short(asWritten(missing))}, which is not recorded`);
    recorded.forEach((event, k) => {
      const expected = completion[k];
      if (!expected) fail(event.seq, `${event.type}: completing the append before it gives nothing more: the server wrote no such event there`);
      if (!this.same(expected, event) || (expected.actorUserId ?? null) !== event.actorUserId)
        fail(event.seq, `completing its append gives ${short(asWritten(expected))} where event ${event.seq} records ${short(asWritten(event))}`);
    });
  }

  private checkResult(): void {
    const version = this.events.length;
    const state = this.stateAt(version);
    const status = gameStatus(this.ruleset, state);
    const recorded = this.record.game.status;
    const actual = storedPhase(status, state);
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

/** An event as its type and payload read: what a problem shows of it. */
function asWritten(event: { type: string; payload: Record<string, unknown> }): RulesEvent {
  return { ...event.payload, type: event.type };
}

function outcomeOf(result: Partial<GameResultRecord>): { scores: unknown; winners: unknown } {
  return { scores: result.scores ?? null, winners: result.winners ?? [] };
}
