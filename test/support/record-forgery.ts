/** Records changed as a forger would change them, for the verifier's tests. */
import { eventHash } from '../../src/event-store/hash-chain';
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
