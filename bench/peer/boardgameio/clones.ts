/**
 * Copies of a match boardgame.io played, written straight into its storage:
 * bgio-postgres keeps a match whole in one row of its "Games" table (its
 * metadata, its state and its whole log), and nothing in the row names the
 * match but its id. So a copy is the row under a new id: what boardgame.io
 * would have stored, had it played the copy.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';

/** Writes `count` copies of match `templateId` into the database at `databaseUrl`; returns their ids. */
export async function copyMatch(databaseUrl: string, templateId: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO "Games" (id, "gameName", players, "setupData", gameover, "nextRoomID", unlisted, state, "initialState", log, "createdAt", "updatedAt")
       SELECT copy.id, m."gameName", m.players, m."setupData", m.gameover, m."nextRoomID", m.unlisted, m.state, m."initialState", m.log, m."createdAt", m."updatedAt"
       FROM "Games" m, unnest($2::text[]) AS copy(id) WHERE m.id = $1`,
      [templateId, ids],
    );
  } finally {
    await client.end();
  }
  return ids;
}
