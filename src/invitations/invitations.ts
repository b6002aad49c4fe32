/**
 * A host invites an address to a game. The host hears the same whether or
 * not the address has an account: the game gets one `game.playerInvited`
 * event naming the invitation (never the address or the account), and the
 * invitation is recorded with it. An account is mailed an invitation (as
 * its mail settings say); an address without one gets a link to sign up,
 * and signing up with it (once verified) seats the new player.
 */
import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { checkEmail } from '../accounts/email-address';
import { Clock } from '../common/clock';
import { AppError } from '../common/errors';
import { PrismaService } from '../database/prisma.service';
import type { Sql } from '../database/sql';
import { NotificationOutbox } from '../notifications/outbox';
import { GameService, LoadedGame } from '../play/game.service';
import { PlayerInvited } from '../play/platform-events';

const RECORD = `INSERT INTO invitations (id, game_id, email, invited_by, created_at) VALUES ($1::uuid, $2::uuid, $3, $4::uuid, $5::timestamptz)`;
const ACCOUNT_OF = `SELECT id FROM users WHERE email = $1`;
const OPEN_FOR = `SELECT id, game_id FROM invitations WHERE email = $1 AND seated_at IS NULL ORDER BY created_at`;
const SEATED = `UPDATE invitations SET seated_at = $2::timestamptz WHERE id = $1::uuid`;
const FORGET_ADDRESS = `DELETE FROM invitations WHERE email = $1`;

@Injectable()
export class Invitations {
  private readonly logger = new Logger(Invitations.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly play: GameService,
    private readonly outbox: NotificationOutbox,
    private readonly clock: Clock,
  ) {}

  async invite(hostId: string, gameId: string, email: string): Promise<LoadedGame> {
    const game = await this.play.load(gameId);
    if (game.row.hostId !== hostId) throw new AppError('FORBIDDEN', 'Only the host can invite players.');
    if (game.state.started) throw new AppError('GAME_NOT_ACTIVE', 'The game has already started.');
    if (!game.state.seats.includes(null)) throw new AppError('BAD_USER_INPUT', 'Every seat is taken.');
    const address = checkEmail(email);
    const invitationId = randomUUID();
    const event = { type: PlayerInvited, payload: { invitationId }, actorUserId: hostId };
    return this.play.appendServerEvents(game, [event], async (sql, appended) => {
      await sql.query(RECORD, [invitationId, gameId, address, hostId, this.clock.now()]);
      await this.mailInvitation(sql, game, address, invitationId, appended[0].seq);
    });
  }

  private async mailInvitation(sql: Sql, game: LoadedGame, address: string, invitationId: string, version: number): Promise<void> {
    const [account] = await sql.query<{ id: string }>(ACCOUNT_OF, [address]);
    if (!account) {
      await this.outbox.recordAccountMail(sql, { kind: 'INVITATION_TO_SIGN_UP', userId: null, toAddress: address, gameId: game.row.id, details: { invitationId } });
    } else if (!game.state.seats.includes(account.id)) {
      await this.outbox.recordInTransaction(sql, game.row.id, version, [{ userId: account.id, kind: 'INVITATION' }]);
    }
  }

  /** A new account takes the seats its address was invited to, in games still waiting for players. */
  async seatInvitee(userId: string, email: string): Promise<void> {
    const open = await this.prisma.sql.query<{ id: string; game_id: string }>(OPEN_FOR, [email]);
    for (const invitation of open) {
      try {
        await this.play.joinGame(userId, invitation.game_id);
        await this.prisma.sql.query(SEATED, [invitation.id, this.clock.now()]);
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
