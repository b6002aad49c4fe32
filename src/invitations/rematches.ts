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
import { PrismaService } from '../database/prisma.service';
import { isUniqueViolation } from '../event-store/event-store';
import { GameQueries } from '../play/game-queries';
import { GameService } from '../play/game.service';
import { gameAsIs, type LoadedGame } from '../play/loaded-game';
import { defaultGameName } from '../play/platform/lobby';
import { decideRematch, type RematchSeat } from '../play/platform/rematch';
import { refusalError } from '../play/refusal-error';
import { GroupsService } from '../groups/groups.service';
import { Invitations } from './invitations';

@Injectable()
export class Rematches {
  constructor(
    private readonly prisma: PrismaService,
    private readonly play: GameService,
    private readonly games: GameQueries,
    private readonly invitations: Invitations,
    private readonly groups: GroupsService,
  ) {}

  async rematch(userId: string, gameId: string): Promise<LoadedGame> {
    const game = await this.play.load(gameId);
    const decision = decideRematch(gameAsIs(game), userId, await this.rematchOf(gameId));
    if (!decision.ok) throw refusalError(decision);
    if (decision.kind === 'join') return this.takeSeat(userId, decision.rematchId);
    try {
      return await this.create(userId, game, decision.hostSeat, decision.others);
    } catch (error) {
      // Two players asked at once: the other one's rematch is the one.
      if (!isUniqueViolation(error)) throw error;
      return this.takeSeat(userId, (await this.rematchOf(gameId))!);
    }
  }

  /** The id of the game's rematch, if there is one. */
  rematchOf(gameId: string): Promise<string | null> {
    return this.games.rematchOf(gameId);
  }

  private async takeSeat(userId: string, rematchId: string): Promise<LoadedGame> {
    const rematch = await this.play.load(rematchId);
    return rematch.state.seats.includes(userId) ? rematch : this.invitations.join(userId, rematchId);
  }

  private async create(userId: string, game: LoadedGame, hostSeat: number, others: RematchSeat[]): Promise<LoadedGame> {
    const { seats: players, groupId } = game.state;
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
      { hostSeat, rematchOf: game.row.id, hostInGroup: await this.groups.isMember(groupId, userId) },
    );
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
