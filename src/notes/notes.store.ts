/** A player's private notepad per game, in `game_notes`: one row, replaced on each save. */
import type { Sql } from '../database/sql';

export interface StoredNote {
  text: string;
  updatedAt: Date;
}

const GET = `SELECT text, updated_at AS "updatedAt" FROM game_notes WHERE game_id = $1::uuid AND user_id = $2::uuid`;
const SAVE = `
INSERT INTO game_notes (game_id, user_id, text, updated_at) VALUES ($1::uuid, $2::uuid, $3::text, $4::timestamptz)
ON CONFLICT (game_id, user_id) DO UPDATE SET text = EXCLUDED.text, updated_at = EXCLUDED.updated_at
RETURNING text, updated_at AS "updatedAt"`;

export class NotesStore {
  constructor(private readonly sql: Sql) {}

  async get(gameId: string, userId: string): Promise<StoredNote | null> {
    const [row] = await this.sql.query<StoredNote>(GET, [gameId, userId]);
    return row ?? null;
  }

  async save(gameId: string, userId: string, text: string, at: Date): Promise<StoredNote> {
    const [row] = await this.sql.query<StoredNote>(SAVE, [gameId, userId, text, at]);
    return row;
  }
}
