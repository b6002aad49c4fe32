/**
 * Who may take a seat in a game besides anyone at all: invitations and
 * private games.
 *
 * A host invites an address to a game. The host hears the same whether or
 * not the address has an account: the game gets one `game.playerInvited`
 * event naming the invitation (never the address or the account), and the
 * invitation is recorded with it. An account is mailed an invitation (as
 * its mail settings say) and finds it in its lobby, to accept or decline;
 * an address without one gets a link to sign up, and signing up with it
 * (once verified) seats the new player.
 *
 * A private game is listed to nobody but its players and invitees, and is
 * joined only through its invite link (which carries the game's secret
 * invite code) or by invitation. A rematch invites every player of a
 * finished game, each to a seat of their own, and starts by itself once all
 * have accepted. An offer of a seat in a game being played is accepted
 * through `join` too (seat-offers.ts).
 */
import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { checkEmail } from '../auth/email-address';
import { Clock } from '../common/clock';
import { AppError } from '../common/errors';
import { isUuid } from '../common/ids';
import { sameSecret } from '../common/same-secret';
import { PrismaService } from '../database/prisma.service';
import { type Sql, sqlInPrismaTransaction } from '../database/sql';
import { NotificationOutbox } from '../notifications/outbox';
import { GameService } from '../play/game.service';
import type { ExtraWrites, LoadedGame } from '../play/loaded-game';
import type { Invitee as PlatformInvitee, JoinAccess } from '../play/platform/lobby';
import { GroupsService } from '../groups/groups.service';
import { type DeclinedInvitation, SeatOffers } from './seat-offers';

const RECORD = `
INSERT INTO invitations (id, game_id, email, invited_by, created_at, invitee_id, seat)
SELECT id, $2::uuid, email, $3::uuid, $4::timestamptz, invitee_id, seat
FROM unnest($1::uuid[], $5::text[], $6::uuid[], $7::int[]) AS invited(id, email, invitee_id, seat)`;
const ACCOUNT_OF = `SELECT id FROM users WHERE email = $1`;
const OPEN_FOR_ADDRESS = `SELECT id, game_id FROM invitations WHERE email = $1 AND seated_at IS NULL AND declined_at IS NULL ORDER BY created_at`;
/** A game's open invitations, oldest first, each saying whether it is the caller's (to their account, or to their address). */
const OPEN_IN_GAME = `
SELECT i.id, i.seat, ((i.invitee_id = u.id) IS TRUE OR i.email = u.email) AS mine FROM invitations i, users u
WHERE u.id = $1::uuid AND i.game_id = $2::uuid AND i.seated_at IS NULL AND i.declined_at IS NULL
ORDER BY i.created_at`;
/**
 * Games in their lobby where the caller has an open invitation, no seat yet,
 * and a seat to take as joining would give it (see join): the one the
 * invitation keeps, else one free and not kept for someone else's open
 * invitation. Newest first.
 */
const INVITED_GAMES = `
SELECT DISTINCT g.id, g.updated_at FROM invitations i
JOIN users u ON u.id = $1::uuid AND (i.invitee_id = u.id OR i.email = u.email)
JOIN games g ON g.id = i.game_id AND g.status = 'LOBBY'
WHERE i.seated_at IS NULL AND i.declined_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM game_seats s WHERE s.game_id = g.id AND s.user_id = u.id)
  AND EXISTS (
    SELECT 1 FROM generate_series(0, g.seat_count - 1) AS seat(index)
    WHERE seat.index = COALESCE(i.seat, seat.index)
      AND NOT EXISTS (SELECT 1 FROM game_seats s WHERE s.game_id = g.id AND s.index = seat.index)
      AND (i.seat IS NOT NULL OR NOT EXISTS (
        SELECT 1 FROM invitations other
        WHERE other.game_id = g.id AND other.seat = seat.index AND other.seated_at IS NULL AND other.declined_at IS NULL
          AND (other.invitee_id = u.id) IS NOT TRUE AND other.email <> u.email)))
ORDER BY g.updated_at DESC`;
/**
 * The accounts with an open invitation to any of these games (to their
 * account, or to their address), not yet seated in it; and the players
 * whose seat in one was taken over by a substitute (`former`).
 */
const OPEN_INVITEES = `
SELECT DISTINCT i.game_id::text AS "gameId", u.id::text AS "userId", false AS former FROM invitations i
JOIN users u ON i.invitee_id = u.id OR i.email = u.email
WHERE i.game_id = ANY($1::uuid[]) AND i.seated_at IS NULL AND i.declined_at IS NULL AND i.withdrawn_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM game_seats s WHERE s.game_id = i.game_id AND s.user_id = u.id)
UNION
SELECT i.game_id::text, i.seat_player::text, true FROM invitations i
WHERE i.game_id = ANY($1::uuid[]) AND i.substitute AND i.seated_at IS NOT NULL AND i.seat_player IS NOT NULL`;
/** A game's free seats that an open invitation keeps for one account (a rematch's players), by seat. */
const HELD_SEATS = `
SELECT i.seat, i.invitee_id::text AS "userId" FROM invitations i
WHERE i.game_id = $1::uuid AND i.seat IS NOT NULL AND i.invitee_id IS NOT NULL AND i.seated_at IS NULL AND i.declined_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM game_seats s WHERE s.game_id = i.game_id AND s.index = i.seat)
ORDER BY i.seat`;
const SEATED = `UPDATE invitations SET seated_at = $2::timestamptz WHERE id = $1::uuid`;
const DECLINE = `
UPDATE invitations i SET declined_at = $3::timestamptz FROM users u
WHERE u.id = $1::uuid AND i.game_id = $2::uuid AND i.seated_at IS NULL AND i.declined_at IS NULL AND (i.invitee_id = u.id OR i.email = u.email)`;
const DECLINED_COLUMNS = `i.id::text AS "invitationId", i.substitute, i.invited_by::text AS "offeredBy", i.seat`;
const FORGET_ADDRESS = `DELETE FROM invitations WHERE email = $1`;
const noInvitation = () => new AppError('NOTHING_PENDING', 'You have no invitation to this game waiting for an answer.');

/** One invitation to write: an address, its account if it has one, and the seat kept for it (or any). */
interface Invitee {
  address: string;
  accountId: string | null;
  seat: number | null;
}

@Injectable()
export class Invitations {
  private readonly logger = new Logger(Invitations.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly play: GameService,
    private readonly outbox: NotificationOutbox,
    private readonly clock: Clock,
    private readonly seatOffers: SeatOffers,
    private readonly groups: GroupsService,
  ) {}

  /** The host invites an address; the platform decides whether they may. */
  invite(hostId: string, gameId: string, email: string): Promise<LoadedGame> {
    return this.play.invite(hostId, gameId, async (game) => {
      const address = checkEmail(email);
      const [account] = await this.prisma.sql.query<{ id: string }>(ACCOUNT_OF, [address]);
      return this.invitationsOf(game, hostId, [{ address, accountId: account?.id ?? null, seat: null }]);
    });
  }

  /** Invites every one of `invitees` to a game just made (a rematch), each to the seat kept for them. */
  inviteAll(game: LoadedGame, hostId: string, invitees: Invitee[]): Promise<LoadedGame> {
    return this.play.invite(hostId, game.row.id, async (current) => this.invitationsOf(current, hostId, invitees));
  }

  /** The invitations, each named by one `game.playerInvited`, and their rows and mail, written with those events. */
  private invitationsOf(game: LoadedGame, hostId: string, invitees: Invitee[]): { invitees: PlatformInvitee[]; alsoWrite: ExtraWrites } {
    const ids = invitees.map(() => randomUUID());
    const alsoWrite: ExtraWrites = async (sql, appended) => {
      await sql.query(RECORD, [
        ids,
        game.row.id,
        hostId,
        this.clock.now(),
        invitees.map((i) => i.address),
        invitees.map((i) => i.accountId),
        invitees.map((i) => i.seat),
      ]);
      for (const [i, invitee] of invitees.entries()) await this.mailInvitation(sql, game, invitee, ids[i], appended[i].seq);
    };
    return { invitees: invitees.map((invitee, i) => ({ invitationId: ids[i], accountId: invitee.accountId })), alsoWrite };
  }

  private async mailInvitation(sql: Sql, game: LoadedGame, invitee: Invitee, invitationId: string, version: number): Promise<void> {
    if (!invitee.accountId) {
      await this.outbox.recordAccountMail(sql, {
        kind: 'INVITATION_TO_SIGN_UP',
        userId: null,
        toAddress: invitee.address,
        gameId: game.row.id,
        details: { invitationId },
      });
    } else if (!game.state.seats.includes(invitee.accountId)) {
      await this.outbox.recordInTransaction(sql, game.row.id, version, [{ userId: invitee.accountId, kind: 'INVITATION' }]);
    }
  }

  /**
   * Takes a seat: in a public game as anyone may, in a private one only
   * with its invite code or an invitation. An invitation is accepted by
   * it, to the seat it keeps if it keeps one; a seat kept for someone
   * else's open invitation is not for the caller. A game that starts by
   * itself (every rematch does) starts with its last seat.
   */
  async join(userId: string, gameId: string, seat?: number | null, clientSeed?: string | null, inviteCode?: string | null): Promise<LoadedGame> {
    const game = await this.play.load(gameId);
    // Once the game is being played, a seat is only ever taken over from its player (seat-offers.ts).
    if (game.row.status === 'ACTIVE' && (await this.seatOffers.hasOffer(userId, gameId))) return this.seatOffers.takeOver(userId, game);
    const open = await this.prisma.sql.query<{ id: string; seat: number | null; mine: boolean }>(OPEN_IN_GAME, [userId, gameId]);
    const invitation = open.find((i) => i.mine);
    const access: JoinAccess = {
      invitation: invitation ? { seat: invitation.seat } : null,
      inviteCode: !inviteCode ? 'none' : this.inviteCodeFits(game, inviteCode) ? 'valid' : 'invalid',
      keptForOthers: open.flatMap((i) => (!i.mine && i.seat !== null ? [i.seat] : [])),
      groupMember: await this.groups.isMember(game.state.groupId, userId),
    };
    // Taken up with the seat: the invitation is seated in the same transaction.
    const seated: ExtraWrites | undefined = invitation && (async (sql) => void (await sql.query(SEATED, [invitation.id, this.clock.now()])));
    return this.play.joinGame(userId, gameId, { seat, clientSeed, access, alsoWrite: seated });
  }

  private inviteCodeFits(game: LoadedGame, inviteCode: string): boolean {
    const expected = game.row.inviteCode;
    return expected !== null && sameSecret(inviteCode, expected);
  }

  /** The caller declines their invitation to a game; whoever offered them a seat (a substitute's invitation) is told. */
  async decline(userId: string, gameId: string): Promise<void> {
    if (!isUuid(gameId)) throw noInvitation();
    await this.prisma.$transaction(async (tx) => {
      const sql = sqlInPrismaTransaction(tx);
      const declined = await sql.query<DeclinedInvitation>(`${DECLINE} RETURNING ${DECLINED_COLUMNS}`, [userId, gameId, this.clock.now()]);
      if (declined.length === 0) throw noInvitation();
      await this.seatOffers.tellDeclined(sql, gameId, declined);
    });
  }

  /** Games waiting for players where the caller is invited, not yet seated, and has a seat to take; and games being played where a seat is offered to them. */
  async invitedGames(userId: string): Promise<string[]> {
    const [waiting, offered] = await Promise.all([
      this.prisma.sql.query<{ id: string; updated_at: Date }>(INVITED_GAMES, [userId]),
      this.seatOffers.offeredGames(userId),
    ]);
    const games = [...waiting.map((row) => ({ gameId: row.id, updatedAt: row.updated_at })), ...offered];
    return [...new Set(games.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime()).map((game) => game.gameId))];
  }

  /** The game's free seats kept for one account each by an open invitation. */
  async heldSeats(gameId: string): Promise<Array<{ seat: number; userId: string }>> {
    return this.prisma.sql.query<{ seat: number; userId: string }>(HELD_SEATS, [gameId]);
  }

  /** Who has an open invitation to any of these games, or had a seat in one taken over (the lobbies a change of them concerns besides its players'). */
  async openInvitees(gameIds: string[]): Promise<Array<{ gameId: string; userId: string; former: boolean }>> {
    return this.prisma.sql.query<{ gameId: string; userId: string; former: boolean }>(OPEN_INVITEES, [gameIds]);
  }

  /** A new account takes the seats its address was invited to, in games still waiting for players. */
  async seatInvitee(userId: string, email: string): Promise<void> {
    const open = await this.prisma.sql.query<{ id: string; game_id: string }>(OPEN_FOR_ADDRESS, [email]);
    for (const invitation of open) {
      try {
        await this.join(userId, invitation.game_id);
      } catch (error) {
        // The game started, filled up or seated them already: the invitation lapses.
        if (!(error instanceof AppError)) throw error;
        this.logger.debug(`invitation ${invitation.id} not taken up: ${error.message}`);
      }
    }
  }

  /** A deleted account's address is forgotten by the invitations too. */
  async forgetAddress(sql: Sql, email: string): Promise<void> {
    await sql.query(FORGET_ADDRESS, [email]);
  }
}
