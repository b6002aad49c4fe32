/**
 * Mail no longer true is not sent (SUPERSEDED): a "your turn" mail whose
 * turn is over, and what the modules writing other kinds contribute (a
 * reminder of a deadline no longer running, an invitation taken up:
 * mail-parts.ts); a digest all of whose mail is. Looked at when a mail is
 * about to go out (mail-facts.ts), and when held mail is gathered for a
 * digest (digests.ts).
 */
import { Inject, Injectable } from '@nestjs/common';
import type { Sql } from '../database/sql';
import type { NotificationKind } from '../generated/prisma/client';
import { movedSince, seatHeldBy, seatToAct } from '../play/play-sql';
import { MAIL_PARTS, MailPart } from './mail-parts';

/**
 * SQL: the "your turn" notification `n` is about a turn that is over: its
 * player has moved since, or no longer has to, or the seat changed hands, or
 * its player left the game (a bot that takes the seat over may be yet to
 * move: the seat is still to act, but not theirs to play, as `seatToMove`
 * has it). Play says what a seat to act, a seat held and a player's move
 * are (play-sql.ts).
 */
export function turnOver(n: string): string {
  const seat = `(${n}.details->>'seat')::int`;
  return `(
    NOT ${seatToAct(`${n}.game_id`, seat)}
    OR NOT ${seatHeldBy(`${n}.game_id`, seat, `${n}.user_id`)}
    OR ${movedSince(`${n}.game_id`, `${n}.game_version`, `${n}.user_id`)})`;
}

type Rule = (n: string) => string;

@Injectable()
export class SupersededMail {
  private readonly rules: Array<[NotificationKind, Rule]>;
  private readonly supersedeHeld: string;

  constructor(@Inject(MAIL_PARTS) parts: MailPart[]) {
    const rules = new Map<NotificationKind, Rule>([['YOUR_TURN', turnOver]]);
    for (const { superseded } of parts) {
      if (!superseded) continue;
      if (rules.has(superseded.kind)) throw new Error(`two rules say when ${superseded.kind} mail is superseded`);
      rules.set(superseded.kind, superseded.when);
    }
    this.rules = [...rules];
    this.supersedeHeld = `UPDATE notifications n SET status = 'SUPERSEDED' WHERE n.user_id = $1::uuid AND n.status = 'HELD' AND ${this.sql('n')}`;
  }

  /** SQL: notification `n` is no longer true: for a digest, every mail it gathered is not. */
  sql(n: string): string {
    return `(CASE WHEN ${n}.kind = 'DIGEST' THEN NOT EXISTS (SELECT 1 FROM notifications item WHERE item.digest_id = ${n}.id AND NOT ${this.itemOver('item')})
    ELSE ${this.itemOver(n)} END)`;
  }

  /** Marks the user's held mail that is no longer true SUPERSEDED: it is not digested. */
  async markHeld(sql: Sql, userId: string): Promise<void> {
    await sql.query(this.supersedeHeld, [userId]);
  }

  /** SQL: the mail about one game `n` is no longer true. */
  private itemOver(n: string): string {
    return `(CASE ${n}.kind
    ${this.rules.map(([kind, over]) => `WHEN '${kind}' THEN ${over(n)}`).join('\n    ')}
    ELSE false END)`;
  }
}
