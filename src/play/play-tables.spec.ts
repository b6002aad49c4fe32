/**
 * Play owns its tables `games` and `game_seats` (games.repository.ts), and
 * the event store co-owns the games' stream columns: any other module that
 * needs them asks play, in its own SQL through play's read contract
 * (play-sql.ts), or through GameQueries. This holds every other module of
 * src/ to it: none names play's tables in SQL, writes them, or reaches them
 * through Prisma's delegates of play's models (`prisma.game.findMany`,
 * `tx.gameSeat...`). Tests (*.spec.ts, test/) may, as fixtures.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(__dirname, '..');
const ROOT = join(SRC, '..');

/** Where play's tables may be named: play itself, the event store, and the generated Prisma client. */
const OWNERS = ['play', 'event-store', 'generated'].map((folder) => join(SRC, folder) + '/');

/**
 * `game_seats` anywhere; `games` read or written as a table (case-sensitive:
 * the SQL's keywords are upper case, the prose's words are not); and
 * Prisma's delegates of play's models, `Game` by the calls a delegate takes
 * (a record's `.game.id` is not one), `GameSeat` by any use.
 */
const NAMING_PLAY_TABLES =
  /\bgame_seats\b|\b(FROM|JOIN|UPDATE|INSERT\s+INTO)\s+games\b|\.gameSeat\.|\.game\.(find\w*|create\w*|update\w*|upsert|delete\w*|count|aggregate|groupBy)\b/g;

function sourcesOutsidePlay(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .map((file) => join(SRC, file))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !OWNERS.some((owner) => file.startsWith(owner)) && !file.includes('/migrations/'));
}

/** Where the text names play's tables: the line of each, from 1. */
function linesNaming(text: string): number[] {
  return [...text.matchAll(NAMING_PLAY_TABLES)].map((match) => text.slice(0, match.index).split('\n').length);
}

function placesNamingPlayTables(): string[] {
  return sourcesOutsidePlay().flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    return [...new Set(linesNaming(text))].map((line) => `${relative(ROOT, file)}:${line}: ${lines[line - 1].trim()}`);
  });
}

describe("play's tables", () => {
  it('are named in SQL, and reached through Prisma, by play and the event store alone', () => {
    const found = placesNamingPlayTables();
    if (found.length > 0) {
      throw new Error(
        `These reach play's tables (games, game_seats) outside src/play/ and src/event-store/, in SQL or through Prisma; ask play instead, ` +
          `through its read contract (src/play/play-sql.ts), GameQueries or what else it offers:\n${found.join('\n')}`,
      );
    }
  });

  it('finds what it looks for, on its line', () => {
    expect(sourcesOutsidePlay()).toContain(join(SRC, 'groups', 'groups.repository.ts'));
    expect(sourcesOutsidePlay()).not.toContain(join(SRC, 'notifications', 'mail-facts.db.spec.ts'));
    expect(linesNaming('SELECT 1\nFROM game_seats s JOIN games g ON g.id = s.game_id\nWHERE EXISTS (SELECT 1 FROM\n  games g)')).toEqual([2, 2, 3]);
    expect(linesNaming('FROM game_events e JOIN games_archive a\n-- games being played, from games')).toEqual([]);
    expect(linesNaming('UPDATE games SET x = 1\nINSERT INTO\n  games (id)\nDELETE FROM games')).toEqual([1, 2, 4]);
    expect(linesNaming('await this.prisma.game.findMany({})\nawait tx.game.update({})\nprisma.gameSeat.count()')).toEqual([1, 2, 3]);
    expect(linesNaming('record.game.id\nthis.game.row.version\nUPDATE games_archive SET')).toEqual([]);
  });
});
