/**
 * Everything the mail worker reads to deliver a batch of notifications, in
 * one statement: each notification with its recipient, their choices and
 * vacation, the game's players, and for a "your turn" one the events since
 * the recipient's last move and whether that turn is already over. A mail
 * used to take a dozen Prisma queries and a fold of the game's state, about
 * 6 ms of the worker's CPU, and fell behind the moves under load; then one
 * statement per mail (bench/README.md, fixes 13 and 18).
 *
 * The game and its players come from play's read model (play-sql.ts), so
 * no game state is rebuilt: mail needs who sits where, never the board.
 * Whether a mail is still true, and the unread chat it tells of, come from
 * the modules that know (mail-parts.ts).
 */
import { Inject, Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import type { NotificationKind } from '../generated/prisma/client';
import type { RecordedEvent } from '../play/history';
import type { Jump } from '../play/line-of-play';
import { JUMP_EVENT_TYPES } from '../play/platform-events';
import { COUNTED_EVENT_COLUMNS, CountedEvent } from '../play/moments';
import { gameRow, ownMove, seatsOf } from '../play/play-sql';
import { MAIL_PARTS, MailPart, UnreadChatJson } from './mail-parts';
import { Channels, channelsWithDefaults, Deliveries, withDefaults } from './preferences';
import { SupersededMail } from './superseded-mail';
import { onVacation } from '../vacations/vacations';
import { DEFAULT_TIME_ZONE } from '../common/time-zones';

/** A game as its mail describes it. */
export interface GameFacts {
  id: string;
  ruleset: string;
  hostId: string;
  hostName: string;
  /** The name the host gave it; null for games made before games had names. */
  name: string | null;
  version: number;
  result: Record<string, unknown> | null;
  /** One entry per seat: its player, or null while it is free. */
  seats: Array<{ userId: string; name: string } | null>;
}

export interface NotificationFacts {
  id: string;
  /** Null for mail to an address without an account. */
  userId: string | null;
  gameId: string | null;
  gameVersion: number;
  kind: NotificationKind;
  details: Record<string, unknown>;
  /** Null for a digest, or when the game is gone. */
  game: GameFacts | null;
  /** For a "your turn" notification: what happened since the recipient's last move. */
  turn: TurnHistory | null;
  /** For a "your turn" notification: when the recipient's move deadline falls due, as it runs now; null when none runs. */
  turnDeadline: Date | null;
  /**
   * For a rollback or a takeback request: the game's events up to the version it goes back to; for a failed rules check, up to its first bad event; as
   * moves are counted from them (see moments.ts).
   */
  rollbackCounted: CountedEvent[] | null;
  /** For a pending "your turn" or "new messages" notification: the game's chat the recipient has not seen (none when they muted it); null in a digest. */
  chat: UnreadChat | null;
}

/** A chat line as a mail tells it. */
export interface ChatLineFacts {
  authorName: string;
  text: string;
  at: Date;
}

/** The chat lines a player has not read, nor been mailed, yet: the newest few, with how many there are in all. */
export interface UnreadChat {
  lines: ChatLineFacts[];
  count: number;
  /** The newest of them (chat_lines.id), which the mail records as summarised once sent; null when there are none. */
  through: string | null;
}

export interface PendingNotification extends NotificationFacts {
  /**
   * `email` is null when there is nobody to send to (the account was deleted); `displayName` when the address has no account. `timeZone`: the
   * IANA zone the mail writes times in (UTC for an address without an account, or an account that has none yet).
   */
  recipient: { email: string | null; displayName: string | null; timeZone: string; deliveries: Deliveries; channels: Channels; onVacation: boolean };
  /** No longer true, so not to be sent (superseded-mail.ts): a turn that is over, a deadline no longer running, an invitation taken up. */
  superseded: boolean;
}

export interface TurnEvent extends RecordedEvent {
  actorName: string | null;
}

/** Events since a recipient's last move, and every jump of the game (to tell which were undone). */
export interface TurnHistory {
  events: TurnEvent[];
  jumps: Jump[];
}

/** Enough for any summary: the mail shows the last few lines. */
const MAX_TURN_EVENTS = 500;

interface GameFactsJson extends Omit<GameFacts, 'seats'> {
  seatCount: number;
  seats: Array<{ index: number; userId: string; name: string }> | null;
}

interface TurnHistoryJson {
  events: Array<Omit<TurnEvent, 'at'> & { at: string }> | null;
  jumps: Jump[] | null;
}

interface NotificationRow {
  id: string;
  user_id: string | null;
  game_id: string | null;
  game_version: number;
  kind: NotificationKind;
  details: Record<string, unknown>;
  game: GameFactsJson | null;
  turn: TurnHistoryJson | null;
  turn_deadline: Date | null;
  rollback_counted: CountedEvent[] | null;
}

interface PendingRow extends NotificationRow {
  email: string | null;
  display_name: string | null;
  time_zone: string;
  deliveries: Partial<Deliveries> | null;
  channels: Partial<Channels> | null;
  on_vacation: boolean;
  superseded: boolean;
  chat: UnreadChatJson | null;
}

/** SQL: the move deadline a "your turn" notification `n` asks its recipient to move by, as the deadlines module reads it (null where none does). */
function turnDeadlineColumn(parts: MailPart[]): string {
  const [deadlines, ...others] = parts.filter((part) => part.turnDeadline);
  if (others.length > 0) throw new Error('two modules tell of move deadlines in mail');
  return deadlines ? `CASE WHEN n.kind = 'YOUR_TURN' THEN (${deadlines.turnDeadline!('n')}) END` : 'NULL::timestamptz';
}

function notificationColumns(parts: MailPart[]): string {
  return `n.id, n.user_id, n.game_id, n.game_version, n.kind, n.details, facts.game, turn.history AS turn, ${turnDeadlineColumn(parts)} AS turn_deadline,
  rollback.counted AS rollback_counted`;
}

const JUMP_TYPES = JUMP_EVENT_TYPES.map((type) => `'${type}'`).join(', ');

const GAME_FACTS = `
LEFT JOIN LATERAL (
  SELECT json_build_object(
    'id', g.id, 'ruleset', g.ruleset, 'hostId', g.host_id, 'hostName', host.display_name, 'name', g.name,
    'version', g.version, 'result', g.result, 'seatCount', g.seat_count,
    'seats', (SELECT json_agg(json_build_object('index', s.index, 'userId', s.user_id, 'name', player.display_name))
              FROM ${seatsOf('g.id')} s JOIN users player ON player.id = s.user_id)) AS game
  FROM ${gameRow('n.game_id')} g JOIN users host ON host.id = g.host_id
) facts ON true
LEFT JOIN LATERAL (
  -- The newest events after the recipient's last own move (platform events are not moves), up to the notified version.
  SELECT json_build_object(
    'events', (SELECT json_agg(recent ORDER BY seq) FROM (
      SELECT e.seq, e.type, e.payload, e.actor_seat AS "actorSeat", e.actor_user_id AS "actorUserId", e.at, actor.display_name AS "actorName"
      FROM game_events e LEFT JOIN users actor ON actor.id = e.actor_user_id
      WHERE e.game_id = n.game_id AND e.seq <= n.game_version AND e.seq > COALESCE((
        SELECT own.seq FROM game_events own
        WHERE own.game_id = n.game_id AND own.seq <= n.game_version AND ${ownMove('own', 'n.user_id')}
        ORDER BY own.seq DESC LIMIT 1
      ), 0)
      ORDER BY e.seq DESC
      LIMIT ${MAX_TURN_EVENTS}
    ) recent),
    'jumps', (SELECT json_agg(json_build_object('seq', j.seq, 'toVersion', (j.payload->>'toVersion')::int))
              FROM game_events j WHERE j.game_id = n.game_id AND j.type IN (${JUMP_TYPES}))) AS history
  WHERE n.kind = 'YOUR_TURN'
) turn ON true
LEFT JOIN LATERAL (
  SELECT json_agg(counted ORDER BY counted.seq) AS counted FROM (
    SELECT ${COUNTED_EVENT_COLUMNS} FROM game_events e
    WHERE e.game_id = n.game_id AND e.seq <= COALESCE((n.details->>'toVersion')::int, (n.details->>'firstBadSeq')::int)
  ) counted
  WHERE n.kind IN ('ROLLBACK', 'AGREEMENT_REQUEST', 'RULES_CHECK_FAILED')
) rollback ON true`;

/** The kinds whose mail tells of the game's unread chat (when they go out, not in a digest). */
const CHAT_TELLING_KINDS: NotificationKind[] = ['YOUR_TURN', 'NEW_MESSAGES'];

/** SQL: the newest chat line a sent mail (or a "new messages" push) told the recipient of notification `n` of, in its game. */
function chatMailedThrough(n: string): string {
  return `(SELECT max(m.chat_through) FROM notifications m WHERE m.user_id = ${n}.user_id AND m.game_id = ${n}.game_id AND m.status IN ('SENT', 'PUSHED'))`;
}

/** The unread chat of each notification, as the chat module reads it (null where none does). */
function unreadChatJoin(parts: MailPart[]): string {
  const [chat, ...others] = parts.filter((part) => part.unreadChat);
  if (others.length > 0) throw new Error('two modules tell of unread chat in mail');
  if (!chat) return 'LEFT JOIN LATERAL (SELECT NULL::json AS chat) unread ON true';
  const tellsChat = `n.kind IN (${CHAT_TELLING_KINDS.map((kind) => `'${kind}'`).join(', ')})`;
  return `LEFT JOIN LATERAL (${chat.unreadChat!({ n: 'n', tellsChat, mailedThrough: chatMailedThrough('n') })}) unread ON true`;
}

function pendingNotifications(superseded: SupersededMail, parts: MailPart[]): string {
  return `SELECT ${notificationColumns(parts)},
  -- Mail about an account goes to the address it names; a sign-up's reader has no account yet, and is named by nobody.
  COALESCE(n.to_address, recipient.email) AS email, recipient.display_name, COALESCE(recipient.time_zone, '${DEFAULT_TIME_ZONE}') AS time_zone, settings.deliveries, settings.channels,
  ${onVacation('n.user_id', '$2::timestamptz')} AS on_vacation,
  ${superseded.sql('n')} AS superseded,
  unread.chat
FROM notifications n
LEFT JOIN users recipient ON recipient.id = n.user_id
LEFT JOIN notification_settings settings ON settings.user_id = n.user_id
${GAME_FACTS}
${unreadChatJoin(parts)}
WHERE n.id = ANY ($1::uuid[]) AND n.status = 'PENDING'`;
}

/** A digest's mail still true, one (the newest) per game and kind, in the order they came. */
function digestItems(superseded: SupersededMail, parts: MailPart[]): string {
  return `
SELECT items.* FROM (
  SELECT DISTINCT ON (n.game_id, n.kind) ${notificationColumns(parts)}, n.created_at
  FROM notifications n
  ${GAME_FACTS}
  WHERE n.digest_id = $1::uuid AND NOT ${superseded.sql('n')}
  ORDER BY n.game_id, n.kind, n.created_at DESC, n.id DESC
) items
ORDER BY items.created_at, items.id`;
}

function gameFacts(json: GameFactsJson | null): GameFacts | null {
  if (!json) return null;
  const seats: GameFacts['seats'] = Array.from({ length: json.seatCount }, () => null);
  for (const { index, userId, name } of json.seats ?? []) seats[index] = { userId, name };
  return {
    id: json.id,
    ruleset: json.ruleset,
    hostId: json.hostId,
    hostName: json.hostName,
    name: json.name ?? null,
    version: json.version,
    result: json.result,
    seats,
  };
}

function turnHistory(json: TurnHistoryJson | null): TurnHistory | null {
  if (!json) return null;
  return { events: (json.events ?? []).map((event) => ({ ...event, at: new Date(event.at) })), jumps: json.jumps ?? [] };
}

function unreadChat(kind: NotificationKind, json: UnreadChatJson | null): UnreadChat | null {
  if (!json || !CHAT_TELLING_KINDS.includes(kind)) return null;
  const lines = [...(json.lines ?? [])].reverse();
  return { count: json.count, through: json.through, lines: lines.map((line) => ({ ...line, at: new Date(line.at) })) };
}

function notificationFacts(row: NotificationRow): NotificationFacts {
  return {
    id: row.id,
    userId: row.user_id,
    gameId: row.game_id,
    gameVersion: row.game_version,
    kind: row.kind,
    details: row.details,
    game: gameFacts(row.game),
    turn: turnHistory(row.turn),
    turnDeadline: row.turn_deadline,
    rollbackCounted: row.rollback_counted,
    chat: null,
  };
}

@Injectable()
export class MailFacts {
  private readonly pendingSql: string;
  private readonly digestItemsSql: string;

  constructor(
    private readonly prisma: PrismaService,
    superseded: SupersededMail,
    @Inject(MAIL_PARTS) parts: MailPart[],
  ) {
    this.pendingSql = pendingNotifications(superseded, parts);
    this.digestItemsSql = digestItems(superseded, parts);
  }

  /**
   * Those of the notifications that still wait to be delivered, in one
   * statement however many there are, each with its recipient as of `at`
   * and whether it is still true (`superseded`).
   */
  async pending(notificationIds: readonly string[], at: Date): Promise<PendingNotification[]> {
    const rows = await this.prisma.sql.query<PendingRow>(this.pendingSql, [notificationIds, at]);
    return rows.map((row) => {
      const recipient = {
        email: row.email,
        displayName: row.display_name,
        timeZone: row.time_zone,
        deliveries: withDefaults(row.deliveries),
        channels: channelsWithDefaults(row.channels),
        onVacation: row.on_vacation,
      };
      return { ...notificationFacts(row), recipient, superseded: row.superseded, chat: unreadChat(row.kind, row.chat) };
    });
  }

  /**
   * What a digest lists, oldest first: of the mail it gathered, what is
   * still true, the newest one per game and kind (one "your turn" a game,
   * and only while it is).
   */
  async digestItems(digestId: string): Promise<NotificationFacts[]> {
    const rows = await this.prisma.sql.query<NotificationRow>(this.digestItemsSql, [digestId]);
    return rows.map(notificationFacts);
  }
}
