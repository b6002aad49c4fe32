/**
 * What other modules contribute to the mail the mail worker sends, each with
 * its own SQL over its own tables: whether a mail of a kind they write is
 * still true (deadlines: a reminder; invitations: an invitation), the
 * unread chat a mail tells of (chat), and the recipient's move deadline a
 * turn mail asks them to move by (deadlines). Notifications composes them into the
 * one statement that reads a batch of pending mail (mail-facts.ts), and into
 * the one that sets aside held mail no longer true (superseded-mail.ts).
 * The process composing the modules (app.module.ts) gives them, under
 * MAIL_PARTS, to the server and the mail worker alike.
 */
import type { Sql } from '../database/sql';
import type { NotificationKind } from '../generated/prisma/client';

export interface MailPart {
  /** A kind of notification the module writes, and SQL: the notification `n` of that kind is no longer true, so not sent. */
  superseded?: { kind: NotificationKind; when(n: string): string };
  /**
   * SQL: a query over notification `n` whose one row has `chat`, the JSON of
   * the chat lines its recipient has not read (UnreadChatJson), where `tellsChat`
   * (SQL) holds, after the line `mailedThrough` (SQL: the newest one a sent
   * mail told of, or null).
   */
  unreadChat?(mail: { n: string; tellsChat: string; mailedThrough: string }): string;
  /**
   * SQL: when the move deadline of the recipient of notification `n` falls due, in its game, for the seat its details
   * name, as it runs when the mail goes out; null where none runs.
   */
  turnDeadline?(n: string): string;
  /** Another way than mail to tell a player (web push), which delivery hands the notifications that go out now and the player wants on it. */
  channel?: NotificationChannel;
}

/** A notification going out now, as a few words and a link: what a channel other than mail shows. */
export interface ToldNotification {
  id: string;
  userId: string;
  kind: NotificationKind;
  gameId: string;
  gameVersion: number;
  details: Record<string, unknown>;
  /** The mail's subject ("Your turn in Ann's game"). */
  headline: string;
  /** The mail's first paragraph. */
  summary: string;
  /** The game's page. */
  url: string;
}

export interface NotificationChannel {
  /**
   * Queues each notification for every device of its recipient, in the
   * caller's statement set (at least once: a notification queued again is
   * not queued twice); returns the ids of those queued for at least one.
   */
  queue(sql: Sql, told: readonly ToldNotification[]): Promise<Set<string>>;
}

export const MAIL_PARTS = Symbol('MAIL_PARTS');

/** The chat lines of the game a mail tells of, as `MailPart.unreadChat` gives them. */
export interface UnreadChatJson {
  lines: Array<{ authorName: string; text: string; at: string }> | null;
  count: number;
  through: string | null;
}
