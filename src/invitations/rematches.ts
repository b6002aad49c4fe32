/**
 * A rematch of a finished game: a new game with the same players, each one
 * seat further round (the second player goes first where seat order
 * decides), the same ruleset, options, deadline settings, visibility, rating
 * and group (whose members alone may then create and join it).
 * Whoever asks first hosts it; everyone else is invited to their seat, and
 * it starts by itself once all have accepted. A finished game has one
 * rematch at most: asking again, anyone seated in it gets that one, and
 * accepts their invitation by asking.
 */
import { Injectable } from '@nestjs/common';
import { AppError } from '../common/errors';
import { PrismaService } from '../database/prisma.service';
import { isUniqueViolation } from '../event-store/event-store';
import { GameService } from '../play/game.service';
import type { LoadedGame } from '../play/loaded-game';
import { defaultGameName } from '../play/platform/lobby';
import { seatOf } from '../play/game-state';
import { GroupsService } from '../groups/groups.service';
import { Invitations } from './invitations';

@Injectable()
export class Rematches {
  constructor(
    private readonly prisma: PrismaService,
    private readonly play: GameService,
    private readonly invitations: Invitations,
    private readonly groups: GroupsService,
  ) {}

  async rematch(userId: string, gameId: string): Promise<LoadedGame> {
    const game = await this.play.load(gameId);
    const seat = seatOf(game.state, userId);
    if (seat === null) throw new AppError('FORBIDDEN', 'Only the players of a game can ask for its rematch.');
    if (game.row.status !== 'FINISHED') throw new AppError('GAME_NOT_ACTIVE', 'A rematch can be asked for once the game is over.');
    const existing = await this.rematchOf(gameId);
    if (existing) return this.takeSeat(userId, existing);
    try {
      return await this.create(userId, game, seat);
    } catch (error) {
      // Two players asked at once: the other one's rematch is the one.
      if (!isUniqueViolation(error)) throw error;
      return this.takeSeat(userId, (await this.rematchOf(gameId))!);
    }
  }

  /** The id of the game's rematch, if there is one. */
  async rematchOf(gameId: string): Promise<string | null> {
    return (await this.prisma.game.findUnique({ where: { rematchOf: gameId }, select: { id: true } }))?.id ?? null;
  }

  private async takeSeat(userId: string, rematchId: string): Promise<LoadedGame> {
    const rematch = await this.play.load(rematchId);
    return rematch.state.seats.includes(userId) ? rematch : this.invitations.join(userId, rematchId);
  }

  private async create(userId: string, game: LoadedGame, seat: number): Promise<LoadedGame> {
    const { seats: players, groupId } = game.state;
    const rotated = (oldSeat: number) => (oldSeat + players.length - 1) % players.length;
    const name =
      game.row.name ?? defaultGameName((await this.prisma.user.findUniqueOrThrow({ where: { id: game.row.hostId } })).displayName, game.ruleset.name);
    const rematch = await this.play.createGame(
      userId,
      {
        ruleset: game.row.ruleset,
        seats: players.length,
        options: game.state.options,
        moveDeadline: game.state.moveDeadline,
        name: rematchName(name),
        visibility: game.row.visibility,
        // It starts once everyone is back.
        autoStart: true,
        rated: game.state.rated,
        groupId: groupId ?? null,
      },
      { hostSeat: rotated(seat), rematchOf: game.row.id, hostInGroup: await this.groups.isMember(groupId, userId) },
    );
    const others = players.flatMap((playerId, oldSeat) => (playerId && playerId !== userId ? [{ playerId, seat: rotated(oldSeat) }] : []));
    const accounts = await this.prisma.user.findMany({ where: { id: { in: others.map((o) => o.playerId) } }, select: { id: true, email: true } });
    // A deleted account has no address to invite: its seat stays open to anyone the game lets in.
    const invitees = others.flatMap(({ playerId, seat: newSeat }) => {
      const email = accounts.find((a) => a.id === playerId)?.email;
      return email ? [{ address: email, accountId: playerId, seat: newSeat }] : [];
    });
    return invitees.length > 0 ? this.invitations.inviteAll(rematch, userId, invitees) : rematch;
  }
}

const MAX_NAME = 80;
const REMATCH = ' (rematch)';

/** "Friday game (rematch)", once however many rematches follow, within the longest name a game may have. */
function rematchName(name: string): string {
  return name.endsWith(REMATCH) ? name : `${name.slice(0, MAX_NAME - REMATCH.length)}${REMATCH}`;
}
