/**
 * Snapshots of folded game state: a cache only. Each records the hash of the
 * last event it folds and is sealed with an HMAC keyed by a secret the
 * database does not hold (SNAPSHOT_KEY, or derived from the server's own
 * secret), so a snapshot edited in the database is recognised and ignored:
 * the game is then folded from its events, which is only slower.
 */
import { createHmac } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { sameSecret } from '../common/same-secret';
import { PrismaService } from '../database/prisma.service';
import type { Sql } from '../database/sql';
import { canonicalJson } from './canonical-json';

export interface Snapshot {
  /** The version it is the state at: the seq of the last event it folds. */
  version: number;
  state: unknown;
  /** The hash of event `version`: the game's events after it chain onto it. */
  lastEventHash: string;
}

const LATEST = `
SELECT version, state, last_event_hash AS "lastEventHash", hmac FROM game_snapshots
WHERE game_id = $1::uuid AND version <= $2::int ORDER BY version DESC LIMIT 1`;

const SAVE = `
INSERT INTO game_snapshots (game_id, version, state, last_event_hash, hmac) VALUES ($1::uuid, $2::int, $3::jsonb, $4, $5)
ON CONFLICT (game_id, version) DO UPDATE SET state = excluded.state, last_event_hash = excluded.last_event_hash, hmac = excluded.hmac`;

/** The secret snapshots are sealed with (see config/snapshot-key.ts). */
export class SnapshotKey {
  constructor(readonly bytes: Buffer) {}
}

export class SnapshotStore {
  private readonly logger = new Logger(SnapshotStore.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly key: SnapshotKey,
  ) {}

  /**
   * Stores (or replaces) the snapshot of `gameId` at `snapshot.version`: on
   * its own, or in the caller's transaction (an append's, whose last event
   * it folds).
   */
  async save(gameId: string, snapshot: Snapshot, sql: Sql = this.prisma.sql): Promise<void> {
    await sql.query(SAVE, [gameId, snapshot.version, JSON.stringify(snapshot.state), snapshot.lastEventHash, this.seal(gameId, snapshot)]);
  }

  /**
   * The newest snapshot at or before `maxVersion`, if its seal holds; one
   * whose seal does not is logged and passed over (and with it the older
   * ones: folding from the events is right, only slower). On the pool, or
   * on `sql` (a transaction the caller holds).
   */
  async latest(gameId: string, maxVersion: number, sql: Sql = this.prisma.sql): Promise<Snapshot | null> {
    const [row] = await sql.query<Snapshot & { hmac: string }>(LATEST, [gameId, maxVersion]);
    if (!row) return null;
    const snapshot: Snapshot = { version: row.version, state: row.state, lastEventHash: row.lastEventHash };
    if (this.sealHolds(gameId, snapshot, row.hmac)) return snapshot;
    this.logger.warn(
      `game ${gameId}: the snapshot at version ${row.version} does not match its seal (changed in the database, or sealed with another key): ignored`,
    );
    return null;
  }

  private seal(gameId: string, snapshot: Snapshot): string {
    return createHmac('sha256', this.key.bytes)
      .update(canonicalJson([gameId, snapshot.version, snapshot.lastEventHash, snapshot.state]))
      .digest('hex');
  }

  private sealHolds(gameId: string, snapshot: Snapshot, hmac: string): boolean {
    return sameSecret(hmac, this.seal(gameId, snapshot));
  }
}
