/**
 * Substitutes: a seat in a game being played offered to someone else by
 * email, as an invitation. Its player offers it when they must leave, or the
 * host once the seat's move deadline has passed (the platform's decider
 * says who may: src/play/platform/seat-offers.ts). The invitee is mailed as
 * any invitee is (an address without an account gets a link to sign up),
 * finds the game among their invitations, and accepts through `joinGame`:
 * the seat changes hands (`game.seatReassigned`). A newer offer of the same
 * seat replaces the older one; an offer can be withdrawn until accepted.
 */
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { checkEmail } from '../auth/email-address';
import { Clock } from '../common/clock';
import { PrismaService } from '../database/prisma.service';
import type { Sql } from '../database/sql';
import { NotificationOutbox } from '../notifications/outbox';
import { GroupsService } from '../groups/groups.service';
import { GameService } from '../play/game.service';
import { gamesInPhase } from '../play/play-sql';
import type { ExtraWrites, LoadedGame } from '../play/loaded-game';
import { pendingOffers } from '../play/seat-changes';

const ACCOUNT_OF = `SELECT id FROM users WHERE email = $1`;
/** Earlier offers of the seat still open end: withdrawn, or replaced by the one written after this. */
const WITHDRAW_OPEN = `
UPDATE invitations SET withdrawn_at = $3::timestamptz
WHERE game_id = $1::uuid AND seat = $2::int AND substitute AND seated_at IS NULL AND withdrawn_at IS NULL`;
const RECORD_OFFER = `
INSERT INTO invitations (id, game_id, email, invited_by, created_at, invitee_id, seat, substitute, seat_player)
VALUES ($1::uuid, $2::uuid, $3, $4::uuid, $5::timestamptz, $6::uuid, $7::int, true, $8::uuid)`;
const SEATED = `UPDATE invitations SET seated_at = $2::timestamptz WHERE id = $1::uuid`;
/** The offers of seats in a game made to the caller (to their account or their address), not declined, newest first. */
const OFFERS_TO = `
SELECT i.id FROM invitations i JOIN users u ON u.id = $1::uuid AND (i.invitee_id = u.id OR i.email = u.email)
WHERE i.game_id = $2::uuid AND i.substitute AND i.declined_at IS NULL
ORDER BY i.created_at DESC`;
/** Games being played where the caller has an offer of a seat waiting (to their account or their address). */
const OFFERED_GAMES = `
SELECT DISTINCT i.id AS "invitationId", g.id::text AS "gameId", g.updated_at FROM invitations i
JOIN users u ON u.id = $1::uuid AND (i.invitee_id = u.id OR i.email = u.email)
JOIN ${gamesInPhase('ACTIVE')} g ON g.id = i.game_id
WHERE i.substitute AND i.seated_at IS NULL AND i.declined_at IS NULL AND i.withdrawn_at IS NULL
ORDER BY g.updated_at DESC`;

/** A seat offered and waiting, as the page shows it: who offered it, whether to the caller, and whether its invitee declined it. */
export interface SeatOfferView {
  seat: number;
  offeredBy: string;
  toCaller: boolean;
  declined: boolean;
}

/** An invitation just declined: a substitute's names who offered which seat. */
export interface DeclinedInvitation {
  invitationId: string;
  substitute: boolean;
  offeredBy: string;
  seat: number | null;
}

/** Of the given invitations, those declined. */
const DECLINED = `SELECT id::text AS "invitationId" FROM invitations WHERE id = ANY($1::uuid[]) AND declined_at IS NOT NULL`;

@Injectable()
export class SeatOffers {
  constructor(
    private readonly prisma: PrismaService,
    private readonly play: GameService,
    private readonly groups: GroupsService,
    private readonly outbox: NotificationOutbox,
    private readonly clock: Clock,
  ) {}

  /** Offers `seat` to `email`, replacing any earlier offer of it; the platform decides whether the caller may. */
  offer(userId: string, gameId: string, seat: number, email: string): Promise<LoadedGame> {
    return this.play.offerSeat(userId, gameId, seat, async (game) => {
      const address = checkEmail(email);
      const [account] = await this.prisma.sql.query<{ id: string }>(ACCOUNT_OF, [address]);
      const accountId = account?.id ?? null;
      const invitationId = randomUUID();
      const alsoWrite: ExtraWrites = async (sql, appended) => {
        const now = this.clock.now();
        await sql.query(WITHDRAW_OPEN, [gameId, seat, now]);
        await sql.query(RECORD_OFFER, [invitationId, gameId, address, userId, now, accountId, seat, game.state.seats[seat] ?? null]);
        await this.mail(sql, game, { address, accountId, invitationId, seat }, appended[0].seq);
      };
      return { invitee: { invitationId, accountId }, alsoWrite };
    });
  }

  private async mail(sql: Sql, game: LoadedGame, offer: { address: string; accountId: string | null; invitationId: string; seat: number }, version: number) {
    const details = { invitationId: offer.invitationId, seat: offer.seat };
    if (offer.accountId) await this.outbox.recordInTransaction(sql, game.row.id, version, [{ userId: offer.accountId, kind: 'INVITATION', details }]);
    else await this.outbox.recordAccountMail(sql, { kind: 'INVITATION_TO_SIGN_UP', userId: null, toAddress: offer.address, gameId: game.row.id, details });
  }

  /** Withdraws the offer of `seat` that waits for its invitee. */
  withdraw(userId: string, gameId: string, seat: number): Promise<LoadedGame> {
    return this.play.withdrawSeatOffer(userId, gameId, seat, async (sql) => void (await sql.query(WITHDRAW_OPEN, [gameId, seat, this.clock.now()])));
  }

  /** Whether the caller was ever offered a seat in the game (and did not decline): joining it is taking a seat over. */
  async hasOffer(userId: string, gameId: string): Promise<boolean> {
    return (await this.prisma.sql.query(OFFERS_TO, [userId, gameId])).length > 0;
  }

  /**
   * The caller accepts the offer of a seat in a game being played, with
   * the invitation they hold: the one waiting, else their newest (which
   * the decider refuses as taken, withdrawn or replaced).
   */
  async takeOver(userId: string, game: LoadedGame): Promise<LoadedGame> {
    const mine = (await this.prisma.sql.query<{ id: string }>(OFFERS_TO, [userId, game.row.id])).map((row) => row.id);
    const waiting = new Set(Object.values(pendingOffers(game.state)).map((offer) => offer.invitationId));
    const invitationId = mine.find((id) => waiting.has(id)) ?? mine[0] ?? null;
    const seated: ExtraWrites | undefined = invitationId ? async (sql) => void (await sql.query(SEATED, [invitationId, this.clock.now()])) : undefined;
    const member = (groupId: string) => this.groups.isMember(groupId, userId);
    return this.play.takeSeat(userId, game.row.id, invitationId, member, seated);
  }

  /** Games being played where a seat is offered to the caller and waits for them. */
  async offeredGames(userId: string): Promise<LoadedGame[]> {
    const rows = await this.prisma.sql.query<{ invitationId: string; gameId: string }>(OFFERED_GAMES, [userId]);
    const games = await Promise.all(rows.map(async (row) => ({ row, game: await this.play.load(row.gameId) })));
    // A seat whose player left meanwhile is no longer offered: the game's state says which offers wait.
    return games
      .filter(({ row, game }) => Object.values(pendingOffers(game.state)).some((offer) => offer.invitationId === row.invitationId))
      .map(({ game }) => game);
  }

  /** The offers of seats waiting in the game, which of them is to the caller, and which its invitee declined. */
  async offersIn(game: LoadedGame, userId: string | undefined): Promise<SeatOfferView[]> {
    const offers = Object.entries(pendingOffers(game.state));
    if (offers.length === 0) return [];
    const [mine, declined] = await Promise.all([
      userId ? this.prisma.sql.query<{ id: string }>(OFFERS_TO, [userId, game.row.id]) : [],
      this.prisma.sql.query<{ invitationId: string }>(DECLINED, [offers.map(([, offer]) => offer.invitationId)]),
    ]);
    const toCaller = new Set(mine.map((row) => row.id));
    const refused = new Set(declined.map((row) => row.invitationId));
    return offers.map(([seat, offer]) => ({
      seat: Number(seat),
      offeredBy: offer.by,
      toCaller: toCaller.has(offer.invitationId),
      declined: refused.has(offer.invitationId),
    }));
  }

  /** Tells whoever offered a seat that its invitee declined it, in the transaction that records the answer; the offer stays, to be withdrawn or made again. */
  async tellDeclined(sql: Sql, gameId: string, declined: DeclinedInvitation[]): Promise<void> {
    for (const { substitute, offeredBy, seat } of declined) {
      if (substitute) await this.outbox.recordAccountMail(sql, { kind: 'SEAT_OFFER_DECLINED', userId: offeredBy, toAddress: null, gameId, details: { seat } });
    }
  }
}
