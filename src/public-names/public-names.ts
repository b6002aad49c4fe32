/**
 * Players' public names, kept in memory, so that a game's answer (its host,
 * its seats, its history) names its players without reading `users`: a move
 * answered with the web page's own selection reads nothing (issue #21).
 *
 * Every change of a name is announced by the database itself at commit
 * (the `users_name_changed` trigger, on the channel `user_names`), heard by
 * every server process, which forgets its copy. Only while this process
 * listens are names kept and served from memory: a notice sent while the
 * connection is down goes unheard, so meanwhile every name is read, and when
 * it listens again everything kept before is forgotten. A read that started
 * before a notice is not kept after it.
 *
 * The names one tick of the event loop needs and does not have are read
 * together, in one statement (`dataloader`), whichever requests asked.
 */
import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import DataLoader from 'dataloader';
import { DATABASE_URL } from '../database/database.module';
import { PgListener } from '../database/pg-listener';
import { PrismaService } from '../database/prisma.service';

/** What anyone may know of a player. */
export interface PublicUser {
  id: string;
  displayName: string;
}

/** The channel the `users_name_changed` trigger announces on (payload: the user's id). */
export const USER_NAMES_CHANNEL = 'user_names';
const CACHED_NAMES = 50_000;

const READ_NAMES = `SELECT id::text AS id, display_name AS "displayName" FROM users WHERE id = ANY($1::uuid[])`;

@Injectable()
export class PublicNames implements OnModuleInit, OnModuleDestroy {
  private readonly known = new Map<string, PublicUser>();
  /** Counts what made kept names doubtful (notices, reconnections), so a read that started before one is not kept after it. */
  private changesSeen = 0;
  private readonly listener: PgListener;
  /** Batches the misses of one tick; its own cache is off: `known` is the cache, and it is kept correct. */
  private readonly reads = new DataLoader<string, PublicUser | null>((ids) => this.read(ids), { cache: false });

  constructor(
    private readonly prisma: PrismaService,
    @Inject(DATABASE_URL) databaseUrl: string,
  ) {
    this.listener = new PgListener(
      databaseUrl,
      { [USER_NAMES_CHANNEL]: (userId) => this.forget(userId) },
      // Names changed while the connection was down went unheard: forget them all.
      { applicationName: 'pbw-names', onReconnect: () => this.forgetAll() },
    );
  }

  async onModuleInit(): Promise<void> {
    await this.listener.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.listener.stop();
  }

  /** The user's public name, or null when there is no such user. */
  async of(userId: string): Promise<PublicUser | null> {
    const known = this.listener.listening ? this.known.get(userId) : undefined;
    return known ?? this.reads.load(userId);
  }

  /** The users found among `userIds`, by id. */
  async ofAll(userIds: Iterable<string>): Promise<Map<string, PublicUser>> {
    const users = await Promise.all([...new Set(userIds)].map((id) => this.of(id)));
    return new Map(users.filter((user): user is PublicUser => user !== null).map((user) => [user.id, user]));
  }

  /** For the process that changed a name: forgets it at once, before its own notice comes back. */
  forget(userId: string): void {
    this.changesSeen++;
    this.known.delete(userId);
  }

  private forgetAll(): void {
    this.changesSeen++;
    this.known.clear();
  }

  private async read(ids: readonly string[]): Promise<Array<PublicUser | null>> {
    const changesBefore = this.changesSeen;
    const keep = this.listener.listening;
    const rows = await this.prisma.sql.query<PublicUser>(READ_NAMES, [ids]);
    const found = new Map(rows.map((row) => [row.id, row]));
    if (keep && this.listener.listening && this.changesSeen === changesBefore) {
      for (const user of rows) this.remember(user);
    }
    return ids.map((id) => found.get(id) ?? null);
  }

  private remember(user: PublicUser): void {
    this.known.delete(user.id);
    this.known.set(user.id, user);
    if (this.known.size > CACHED_NAMES) this.known.delete(this.known.keys().next().value as string);
  }
}
