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
import { gamesInPhase, seatedIn, seatTaken } from '../play/play-sql';
import { type ExtraWrites, gameAsIs, type LoadedGame } from '../play/loaded-game';
import { type Invitee as PlatformInvitee, type JoinAccess, type LobbyActions, lobbyActions, seatsToTake } from '../play/platform/lobby';
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
 * Games in their lobby where the caller has an open invitation, each with
 * what joining is told of it (as `accessOf` reads it for one game): the
 * seat the caller's oldest open invitation keeps, the seats others' open
 * invitations keep, and the game's group. Whether the caller has a seat to
 * take there is the decider's to say (`waitingGames`).
 */
const INVITED_GAMES = `
SELECT DISTINCT ON (g.id) g.id::text AS "gameId", g.group_id::text AS "groupId", i.seat,
  ARRAY(
    SELECT other.seat FROM invitations other
    WHERE other.game_id = g.id AND other.seat IS NOT NULL AND other.seated_at IS NULL AND other.declined_at IS NULL
      AND ((other.invitee_id = u.id) IS TRUE OR other.email = u.email) IS NOT TRUE
  ) AS "keptForOthers"
FROM invitations i
JOIN users u ON u.id = $1::uuid AND ((i.invitee_id = u.id) IS TRUE OR i.email = u.email)
JOIN ${gamesInPhase('LOBBY')} g ON g.id = i.game_id
WHERE i.seated_at IS NULL AND i.declined_at IS NULL
ORDER BY g.id, i.created_at`;
/**
 * The accounts with an open invitation to any of these games (to their
 * account, or to their address), not yet seated in it; and the players
 * whose seat in one was taken over by a substitute (`former`).
 */
const OPEN_INVITEES = `
SELECT DISTINCT i.game_id::text AS "gameId", u.id::text AS "userId", false AS former FROM invitations i
JOIN users u ON i.invitee_id = u.id OR i.email = u.email
WHERE i.game_id = ANY($1::uuid[]) AND i.seated_at IS NULL AND i.declined_at IS NULL AND i.withdrawn_at IS NULL
  AND NOT ${seatedIn('i.game_id', 'u.id')}
UNION
SELECT i.game_id::text, i.seat_player::text, true FROM invitations i
WHERE i.game_id = ANY($1::uuid[]) AND i.substitute AND i.seated_at IS NOT NULL AND i.seat_player IS NOT NULL`;
/** A game's free seats that an open invitation keeps for one account (a rematch's players), by seat. */
const HELD_SEATS = `
SELECT i.seat, i.invitee_id::text AS "userId" FROM invitations i
WHERE i.game_id = $1::uuid AND i.seat IS NOT NULL AND i.invitee_id IS NOT NULL AND i.seated_at IS NULL AND i.declined_at IS NULL
  AND NOT ${seatTaken('i.game_id', 'i.seat')}
ORDER BY i.seat`;
const SEATED = `UPDATE invitations SET seated_at = $2::timestamptz WHERE id = $1::uuid`;
/** The caller's open invitations to a game (to their account, or to their address), oldest first: an offer of a seat (`substitute`) or not. */
const MINE_OPEN = `
SELECT i.id::text, i.substitute FROM invitations i JOIN users u ON u.id = $1::uuid AND (i.invitee_id = u.id OR i.email = u.email)
WHERE i.game_id = $2::uuid AND i.seated_at IS NULL AND i.declined_at IS NULL
ORDER BY i.created_at`;
const DECLINE = `
UPDATE invitations i SET declined_at = $3::timestamptz FROM users u
WHERE u.id = $1::uuid AND i.game_id = $2::uuid AND i.seated_at IS NULL AND i.declined_at IS NULL AND (i.invitee_id = u.id OR i.email = u.email)`;
const DECLINE_THESE = `UPDATE invitations SET declined_at = $2::timestamptz WHERE id = ANY($1::uuid[])`;
const DECLINED_COLUMNS = `i.id::text AS "invitationId", i.substitute, i.invited_by::text AS "offeredBy", i.seat`;
const FORGET_ADDRESS = `DELETE FROM invitations WHERE email = $1`;
const NO_LOBBY_ACTIONS: LobbyActions = { join: [], leave: false, start: false, invite: false };
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
    const { access, invitationId } = await this.accessOf(game, userId, inviteCode);
    // Taken up with the seat: the invitation is seated in the same transaction.
    const seated: ExtraWrites | undefined = invitationId === null ? undefined : async (sql) => void (await sql.query(SEATED, [invitationId, this.clock.now()]));
    return this.play.joinGame(userId, gameId, { seat, clientSeed, access, alsoWrite: seated });
  }

  /**
   * What the caller may do in the game's waiting room (Game.lobbyActions),
   * as the decider would decide each command, told what a join is told
   * (`inviteCode`: the one the caller would join with). Nothing is read of
   * a game not waiting for players, or for a caller who is not logged in.
   */
  async lobbyActions(game: LoadedGame, userId: string | undefined, inviteCode: string | null): Promise<LobbyActions> {
    if (userId === undefined || game.row.status !== 'LOBBY') return NO_LOBBY_ACTIONS;
    const { access } = await this.accessOf(game, userId, inviteCode);
    return lobbyActions(gameAsIs(game), access, userId);
  }

  /**
   * Who may sit where, as joining is told it: the caller's open invitation
   * (the oldest), the seats others' invitations keep, the invite code they
   * bring, and whether they are in the game's group. One read, and a second
   * for a game in a group (its members are src/groups/'s), made together.
   */
  private async accessOf(
    game: LoadedGame,
    userId: string,
    inviteCode: string | null | undefined,
  ): Promise<{ access: JoinAccess; invitationId: string | null }> {
    const [open, groupMember] = await Promise.all([
      this.prisma.sql.query<{ id: string; seat: number | null; mine: boolean }>(OPEN_IN_GAME, [userId, game.row.id]),
      this.groups.isMember(game.state.groupId, userId),
    ]);
    const invitation = open.find((i) => i.mine);
    const access: JoinAccess = {
      invitation: invitation ? { seat: invitation.seat } : null,
      inviteCode: !inviteCode ? 'none' : this.inviteCodeFits(game, inviteCode) ? 'valid' : 'invalid',
      keptForOthers: open.flatMap((i) => (!i.mine && i.seat !== null ? [i.seat] : [])),
      groupMember,
    };
    return { access, invitationId: invitation?.id ?? null };
  }

  private inviteCodeFits(game: LoadedGame, inviteCode: string): boolean {
    const expected = game.row.inviteCode;
    return expected !== null && sameSecret(inviteCode, expected);
  }

  /**
   * The caller declines their invitations to a game. The game hears it
   * (`game.invitationDeclined`, decided as any command is, the rows declined
   * in its transaction), so that everyone watching sees the seats they kept
   * free again; once the game started they lapsed with it, which the
   * decider says. An offer of a seat in a game being played is its offerer's
   * business, who is told.
   */
  async decline(userId: string, gameId: string): Promise<void> {
    if (!isUuid(gameId)) throw noInvitation();
    const open = await this.prisma.sql.query<{ id: string; substitute: boolean }>(MINE_OPEN, [userId, gameId]);
    if (open.length === 0) throw noInvitation();
    if (open.some((invitation) => invitation.substitute)) return this.declineOffers(userId, gameId);
    const invitationIds = open.map((invitation) => invitation.id);
    const declined: ExtraWrites = async (sql) => void (await sql.query(DECLINE_THESE, [invitationIds, this.clock.now()]));
    await this.play.declineInvitation(userId, gameId, invitationIds, declined);
  }

  /** The caller declines every invitation of theirs to a game being played (offers of a seat among them); whoever offered them a seat is told. */
  private async declineOffers(userId: string, gameId: string): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const sql = sqlInPrismaTransaction(tx);
      const declined = await sql.query<DeclinedInvitation>(`${DECLINE} RETURNING ${DECLINED_COLUMNS}`, [userId, gameId, this.clock.now()]);
      if (declined.length === 0) throw noInvitation();
      await this.seatOffers.tellDeclined(sql, gameId, declined);
    });
  }

  /** Games waiting for players where the caller is invited and has a seat to take; and games being played where a seat is offered to them. Newest first. */
  async invitedGames(userId: string): Promise<LoadedGame[]> {
    const [waiting, offered] = await Promise.all([this.waitingGames(userId), this.seatOffers.offeredGames(userId)]);
    const games = new Map([...waiting, ...offered].map((game) => [game.row.id, game]));
    return [...games.values()].sort((a, b) => b.row.updatedAt.getTime() - a.row.updatedAt.getTime());
  }

  /**
   * Games waiting for players where the caller is invited and has a seat to
   * take, as joining would give it (the decider's `seatsToTake`): a seat
   * no bot plays, in a group the caller is in. One read of the
   * invitations, a second of the caller's groups when one of the games is
   * in a group, and each game loaded.
   */
  private async waitingGames(userId: string): Promise<LoadedGame[]> {
    const invited = await this.prisma.sql.query<{ gameId: string; groupId: string | null; seat: number | null; keptForOthers: number[] }>(INVITED_GAMES, [
      userId,
    ]);
    const [games, groupIds] = await Promise.all([
      Promise.all(invited.map((row) => this.play.load(row.gameId))),
      invited.some((row) => row.groupId !== null) ? this.groups.groupIdsOf(userId) : ([] as string[]),
    ]);
    return games.filter((game, i) => {
      const { seat, keptForOthers } = invited[i];
      const groupMember = game.state.groupId !== undefined && groupIds.includes(game.state.groupId);
      const access: JoinAccess = { invitation: { seat }, inviteCode: 'none', keptForOthers, groupMember };
      return seatsToTake(gameAsIs(game), access, userId).length > 0;
    });
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
