/**
 * A module owns its tables and its SQL (a repository beside it), and the
 * others ask it: through what it serves, or, where a statement of theirs
 * needs its rows, through the read contract it exports, SQL fragments they
 * compose into their own statement (play's play-sql.ts, the vacations'
 * vacations-sql.ts), so that each notion has one definition and costs no
 * extra round trip. This holds src/ to it: each table of prisma/schema.prisma
 * has an owner here, and no other module names it in SQL (`FROM`, `JOIN`,
 * `UPDATE`, `INTO`) or reaches it through Prisma's delegate of its model
 * (`tx.gameSeat.findMany`), but for the readers its layer allows and the few
 * places listed, each with why. Tests (*.spec.ts, test/) may, as fixtures.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const SRC = __dirname;
const ROOT = join(SRC, '..');

/** Each table, by the folder of src/ whose repository writes it. */
const OWNERS: Record<string, string> = {
  users: 'accounts',
  sessions: 'auth',
  account_tokens: 'accounts',
  games: 'play',
  game_seats: 'play',
  game_events: 'event-store',
  game_snapshots: 'event-store',
  game_rules_checks: 'records',
  notifications: 'notifications',
  notification_settings: 'notifications',
  vacations: 'vacations',
  turn_deadlines: 'deadlines',
  seat_banks: 'deadlines',
  calendar_addresses: 'calendar',
  invitations: 'invitations',
  rate_limit_counters: 'rate-limits',
  login_failures: 'rate-limits',
  game_presence: 'presence',
  chat_lines: 'chat',
  chat_lines_hidden: 'chat',
  chat_readers: 'chat',
  game_notes: 'notes',
  webhooks: 'webhooks',
  chat_handles: 'webhooks',
  webhook_deliveries: 'webhooks',
  push_subscriptions: 'push',
  push_messages: 'push',
  bot_turns: 'bots',
  groups: 'groups',
  group_members: 'groups',
  group_invitations: 'groups',
  leagues: 'leagues',
  league_members: 'leagues',
  league_tables: 'leagues',
  league_byes: 'leagues',
  rated_games: 'ratings',
  player_ratings: 'ratings',
  rating_history: 'ratings',
  player_reliability: 'ratings',
};

/** Modules that name another's table by the layers: the two halves of a game's stream. */
const LAYER_READERS: Record<string, Record<string, string>> = {
  games: { 'event-store': "co-owns the games' stream columns (version, hash), appended with the events" },
  game_events: {
    play: 'sits right above the event store and reads the events as a game and its history; other modules ask play (play-sql.ts)',
  },
};

/**
 * Cross-module SQL left as it is, file by file, each with why: anything
 * else that names another module's table fails.
 */
const ALLOWED: Record<string, Record<string, string>> = {
  'chat/chat-mail.ts': { users: "authors' names joined into the chat mail's one statement" },
  'chat/chat.store.ts': { users: "authors' names joined into a page of chat lines" },
  'groups/groups.service.ts': { users: "an invitee's account by address, and the inviter's name for the invitation's mail" },
  'invitations/invitation-mail.ts': { users: 'the recipient\'s address joined into the mail\'s "no longer true" rule' },
  'invitations/invitations.resolver.ts': { users: "the host's name on an invitation read by its code" },
  'invitations/invitations.ts': { users: 'invitations to an address matched to its account in the same statement' },
  'invitations/rematches.ts': { users: "the host's name for the rematch's name, and the players' addresses to invite" },
  'invitations/seat-offers.ts': { users: 'offers to an address matched to its account in the same statement' },
  'notifications/mail-facts.ts': {
    users: "players', host's, actors' and recipient's names and addresses joined into the mail's one statement",
    game_events: "the moves a turn mail recounts, read in the mail's one statement",
  },
  'play/games.repository.ts': { users: "the host's name for a new game's name, and a player's time zone for its deadlines" },
  'public-names/public-names.ts': { users: "players' public names, cached in memory from the accounts' table" },
  'push/push-delivery.ts': { notifications: "a push is held back by its mail's own rules (superseded, seen), read in the claim's one statement" },
  'records/records.service.ts': { users: "the players' names written into a game's record" },
};

interface Table {
  name: string;
  /** Prisma's delegate of its model, as in `prisma.gameSeat`. */
  delegate: string;
}

/** The tables of prisma/schema.prisma: each model's `@@map`, else its name. */
function schemaTables(schema = readFileSync(join(ROOT, 'prisma', 'schema.prisma'), 'utf8')): Table[] {
  return [...schema.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)].map(([, model, body]) => ({
    name: /@@map\("(\w+)"\)/.exec(body)?.[1] ?? model,
    delegate: model[0].toLowerCase() + model.slice(1),
  }));
}

/**
 * `table` read or written as one in SQL, quoted or not, across line breaks
 * (case-sensitive: the SQL's keywords are upper case, the prose's words are
 * not); and its Prisma delegate by the calls a delegate takes (a record's
 * `.game.id` is not one).
 */
function naming({ name, delegate }: Table): RegExp {
  const calls = 'find\\w*|create\\w*|update\\w*|upsert|delete\\w*|count|aggregate|groupBy';
  return new RegExp(`\\b(?:FROM|JOIN|UPDATE|INTO)\\s+"?${name}(?!\\w)|\\.${delegate}\\.(?:${calls})\\b`, 'g');
}

/** The server's sources: not tests, the generated Prisma client or migrations. */
function sources(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts') && !file.startsWith(`generated${sep}`) && !file.includes(`migrations${sep}`))
    .map((file) => join(SRC, file));
}

/** The folder of src/ a source belongs to ('' for src/ itself). */
function moduleOf(file: string): string {
  const parts = relative(SRC, file).split(sep);
  return parts.length > 1 ? parts[0] : '';
}

/** Where the text names `table`: the line of each, from 1. */
function linesNaming(text: string, table: Table): number[] {
  return [...new Set([...text.matchAll(naming(table))].map((match) => text.slice(0, match.index).split('\n').length))];
}

function mayName(file: string, table: string): boolean {
  const module = moduleOf(file);
  return module === OWNERS[table] || module in (LAYER_READERS[table] ?? {}) || table in (ALLOWED[relative(SRC, file)] ?? {});
}

function placesNamingOthersTables(): string[] {
  const tables = schemaTables().filter((table) => table.name in OWNERS);
  return sources().flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    return tables
      .filter((table) => !mayName(file, table.name))
      .flatMap((table) =>
        linesNaming(text, table).map((line) => `${relative(ROOT, file)}:${line}: ${table.name} (ask ${OWNERS[table.name]}): ${lines[line - 1].trim()}`),
      );
  });
}

describe("the modules' tables", () => {
  it('each have an owner, and the owners only tables that are', () => {
    const names = schemaTables().map((table) => table.name);
    const ownerless = names.filter((name) => !(name in OWNERS));
    if (ownerless.length > 0) {
      throw new Error(`Tables of prisma/schema.prisma without an owner in src/module-tables.spec.ts (add each to OWNERS): ${ownerless.join(', ')}`);
    }
    expect(Object.keys({ ...OWNERS, ...LAYER_READERS }).filter((name) => !names.includes(name))).toEqual([]);
  });

  it('are named in SQL, and reached through Prisma, by their owner alone, but for the readers listed', () => {
    const found = placesNamingOthersTables();
    if (found.length > 0) {
      throw new Error(
        `These reach another module's table, in SQL or through Prisma; ask its owner instead, through its read contract ` +
          `(a fragment of SQL it exports, like src/play/play-sql.ts) or what else it offers:\n${found.join('\n')}`,
      );
    }
  });

  it('lists only places that still name what they are allowed to', () => {
    const stale = Object.entries(ALLOWED).flatMap(([file, tables]) =>
      Object.keys(tables)
        .filter((name) => {
          const table = schemaTables().find((t) => t.name === name);
          return !table || linesNaming(readFileSync(join(SRC, file), 'utf8'), table).length === 0;
        })
        .map((name) => `${file}: ${name}`),
    );
    expect(stale).toEqual([]);
  });

  it('finds what it looks for, on its line', () => {
    const tables = schemaTables();
    const games = tables.find((t) => t.name === 'games')!;
    const seats = tables.find((t) => t.name === 'game_seats')!;
    expect(schemaTables('model GameSeat {\n  id Int\n  @@map("game_seats")\n}\nmodel Thing {\n  id Int\n}')).toEqual([
      { name: 'game_seats', delegate: 'gameSeat' },
      { name: 'Thing', delegate: 'thing' },
    ]);
    expect(sources()).toContain(join(SRC, 'groups', 'groups.repository.ts'));
    expect(sources()).not.toContain(join(SRC, 'notifications', 'mail-facts.db.spec.ts'));
    expect(sources().some((file) => file.includes(`${sep}generated${sep}`))).toBe(false);
    expect(moduleOf(join(SRC, 'play', 'platform', 'bots.ts'))).toBe('play');
    expect(moduleOf(join(SRC, 'main.ts'))).toBe('');
    expect(linesNaming('SELECT 1\nFROM game_seats s JOIN games g ON g.id = s.game_id\nWHERE EXISTS (SELECT 1 FROM\n  games g)', games)).toEqual([2, 3]);
    expect(linesNaming('SELECT 1\nFROM "game_seats" s', seats)).toEqual([2]);
    expect(linesNaming('FROM game_events e JOIN games_archive a\n-- games being played, from games\nFROM "games_x"', games)).toEqual([]);
    expect(linesNaming('UPDATE games SET x = 1\nINSERT INTO\n  "games" (id)\nDELETE FROM games', games)).toEqual([1, 2, 4]);
    expect(linesNaming('await this.prisma.game.findMany({})\nawait tx.game.update({})', games)).toEqual([1, 2]);
    expect(linesNaming('prisma.gameSeat.count()', seats)).toEqual([1]);
    expect(linesNaming('record.game.id\nthis.game.row.version\nUPDATE games_archive SET', games)).toEqual([]);
  });
});
