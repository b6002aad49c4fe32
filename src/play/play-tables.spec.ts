/**
 * Play owns its tables `games` and `game_seats` (games.repository.ts), and
 * the event store co-owns the games' stream columns: any other module that
 * needs them asks play, in its own SQL through play's read contract
 * (play-sql.ts), or through GameQueries. This holds every other module of
 * src/ to it: none names play's tables.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const SRC = join(__dirname, '..');
const ROOT = join(SRC, '..');

/** Where play's tables may be named: play itself, the event store, and the generated Prisma client. */
const OWNERS = ['play', 'event-store', 'generated'].map((folder) => join(SRC, folder) + '/');

/** `game_seats` anywhere, and `games` read as a table (case-sensitive: the SQL's keywords are upper case, the prose's words are not). */
const NAMING_PLAY_TABLES = /\bgame_seats\b|\b(FROM|JOIN)\s+games\b/g;

function sourcesOutsidePlay(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .map((file) => join(SRC, file))
    .filter((file) => file.endsWith('.ts') && !OWNERS.some((owner) => file.startsWith(owner)) && !file.includes('/migrations/'));
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
  it('are named in SQL by play and the event store alone', () => {
    const found = placesNamingPlayTables();
    if (found.length > 0) {
      throw new Error(
        `These name play's tables (games, game_seats) outside src/play/ and src/event-store/; ask play instead, ` +
          `through its read contract (src/play/play-sql.ts) or GameQueries:\n${found.join('\n')}`,
      );
    }
  });

  it('finds what it looks for, on its line', () => {
    expect(sourcesOutsidePlay()).toContain(join(SRC, 'groups', 'groups.repository.ts'));
    expect(linesNaming('SELECT 1\nFROM game_seats s JOIN games g ON g.id = s.game_id\nWHERE EXISTS (SELECT 1 FROM\n  games g)')).toEqual([2, 2, 3]);
    expect(linesNaming('FROM game_events e JOIN games_archive a\n-- games being played, from games')).toEqual([]);
  });
});
