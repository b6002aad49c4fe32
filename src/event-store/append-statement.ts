/**
 * The append's one statement: claim the game's version (the UPDATE's WHERE
 * is the concurrency check, with the row versions of the events this process
 * watches), insert the events, set the stream columns other modules keep,
 * and notify listeners. Its text is fixed once the columns are registered,
 * so that each connection prepares it once (src/database/sql.ts).
 */

/**
 * Columns of a stream's row (`games`) that a module keeps as an inline
 * projection of its events (the lobby's status, say: src/play/lobby-projection.ts),
 * by name, with their SQL types. The append writes them in its one statement.
 */
export type StreamColumns = Readonly<Record<string, string>>;

/**
 * Its parameters before the stream columns' own: $1 game, $2 expected
 * version, $3 time, $4-$10 the events' types, payloads, actors' users and
 * seats, step starts, reversibility and hashes, $11 the client move id, $12
 * and $13 the notification's channel and payload, $14 and $15 where the
 * watched events start and their row versions, $16 and $17 the events'
 * moves and salts.
 */
const APPEND_PARAMETERS = 17;

/** The row versions of a game's events in (from, to], oldest first. */
const WATCHED_ROW_VERSIONS = `(SELECT coalesce(array_agg(xmin::text::bigint ORDER BY seq), '{}') FROM game_events WHERE game_id = $1::uuid AND seq > $14::int AND seq <= $2)`;

/** A column's name as it may stand in the statement's text. */
const COLUMN_NAME = /^[a-z_]+$/;

function statementText(columns: StreamColumns): string {
  // Each column is set from two parameters after the first 17: whether it changes, and to what.
  const sets = Object.entries(columns).map(([column, type], i) => {
    const flag = APPEND_PARAMETERS + 1 + 2 * i;
    return `,\n    ${column} = CASE WHEN $${flag}::bool THEN $${flag + 1}::${type} ELSE ${column} END`;
  });
  return `
WITH claimed AS (
  UPDATE games SET
    version = $2 + cardinality($4::text[]),
    updated_at = $3${sets.join('')}
  WHERE id = $1::uuid AND version = $2 AND ${WATCHED_ROW_VERSIONS} = $15::bigint[]
  RETURNING id
), inserted AS (
  INSERT INTO game_events (game_id, seq, type, payload, actor_user_id, actor_seat, at, client_move_id, step_start, reversible, hash, move, salt)
  SELECT claimed.id, $2 + e.ord, e.type, e.payload, e.actor_user_id, e.actor_seat, $3,
         CASE WHEN e.ord = 1 THEN $11 END, e.step_start, e.reversible, e.hash, e.move, e.salt
  FROM claimed,
       unnest($4::text[], $5::text[]::jsonb[], $6::uuid[], $7::int[], $8::bool[], $9::bool[], $10::text[], $16::text[]::jsonb[], $17::text[])
         WITH ORDINALITY AS e(type, payload, actor_user_id, actor_seat, step_start, reversible, hash, move, salt, ord)
  RETURNING position, seq, xmin
), notified AS (
  SELECT pg_notify($12, $13) FROM claimed
)
SELECT position::text AS position, seq, xmin::text AS xmin FROM inserted, (SELECT count(*) FROM notified) AS delivered ORDER BY seq`;
}

export class AppendStatement {
  readonly text: string;

  constructor(private readonly columns: StreamColumns) {
    this.text = statementText(columns);
  }

  /** The statement with `more` columns too; a column registered again with the same type changes nothing. */
  with(more: StreamColumns): AppendStatement {
    for (const [column, type] of Object.entries(more)) {
      const known = this.columns[column];
      if (!COLUMN_NAME.test(column) || (known !== undefined && known !== type)) throw new Error(`stream column "${column}" cannot be registered as ${type}`);
    }
    return new AppendStatement({ ...this.columns, ...more });
  }

  /** Each column's two parameters, from the values an append gives (JSON as text); a column left out keeps its value. */
  columnParameters(values: Readonly<Record<string, unknown>>): unknown[] {
    const unknown = Object.keys(values).filter((column) => !(column in this.columns));
    if (unknown.length > 0) throw new Error(`no stream column ${unknown.join(', ')} is registered`);
    return Object.entries(this.columns).flatMap(([column, type]) => {
      if (!(column in values)) return [false, null];
      const value = values[column] ?? null;
      return [true, value !== null && type === 'jsonb' ? JSON.stringify(value) : value];
    });
  }
}
