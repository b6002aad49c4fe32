/** Records changed as a forger would change them, for the verifier's tests. */
import { eventHash } from '../../src/event-store/hash-chain';
import type { DecidedEvent } from '../../src/play/platform/decision';
import type { GameRecord } from '../../src/records/game-record';

/** A copy of `record` with every hash from `fromSeq` on recomputed, as a forger who rewrote history would. */
export function rehashed(record: GameRecord, fromSeq: number): GameRecord {
  const events = record.events.map((event) => ({ ...event }));
  for (let i = fromSeq - 1; i < events.length; i++) {
    const previous = i === 0 ? '' : events[i - 1].hash;
    events[i].hash = eventHash(previous, { ...events[i], gameId: record.game.id, at: new Date(events[i].at) });
  }
  return { ...record, events };
}

/** `record` with the payload of event `seq` replaced, and the chain sealed again after it. */
export function withPayload(record: GameRecord, seq: number, payload: Record<string, unknown>): GameRecord {
  const events = record.events.map((event) => (event.seq === seq ? { ...event, payload } : event));
  return rehashed({ ...record, events }, seq);
}

/** `record` with event `seq` made by another user (in another seat, or none), and the chain sealed again after it. */
export function withActor(record: GameRecord, seq: number, actorUserId: string | null, actorSeat: number | null): GameRecord {
  const events = record.events.map((event) => (event.seq === seq ? { ...event, actorUserId, actorSeat } : event));
  return rehashed({ ...record, events }, seq);
}

/** An event as a scripted game wrote it, at its time. */
export type ScriptedEvent = DecidedEvent & { at: Date };

/** The whole record of a game whose events are `events`, hashed as the server hashes them (no salts, as games stored before them). */
export function recordOf(
  game: { id: string; ruleset: string; options: Record<string, unknown>; status: GameRecord['game']['status'] },
  events: readonly ScriptedEvent[],
  randomness: Omit<GameRecord['randomness'], 'clientSeeds'> & { clientSeeds: (string | null)[] },
  result: GameRecord['result'],
): GameRecord {
  const recorded = events.map((event, i) => ({
    seq: i + 1,
    type: event.type,
    payload: event.payload,
    move: event.move ?? null,
    actorSeat: event.actorSeat ?? null,
    actorUserId: event.actorUserId ?? null,
    at: event.at.toISOString(),
    clientMoveId: null,
    stepStart: event.stepStart ?? false,
    reversible: event.reversible ?? false,
    salt: null,
    hash: '',
  }));
  const record: GameRecord = {
    format: 'play-by-web game record, version 1',
    game: { ...game, rulesetVersion: 1, createdAt: events[0].at.toISOString() },
    seats: randomness.clientSeeds.map((_, seat) => ({ seat, displayName: `Player ${seat + 1}` })),
    randomness,
    events: recorded,
    result,
    madeFor: null,
  };
  return rehashed(record, 1);
}
