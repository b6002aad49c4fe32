/**
 * What other modules ask of the games as a whole rather than of one game:
 * the lobby's pages, where a player must act, the game that has waited
 * longest on them, a group's games, a game's rematch, the games being
 * played, every finished game. Reads only, over GamesRepository.
 */
import { Injectable } from '@nestjs/common';
import { GamesRepository, LobbyFilter } from './games.repository';
import type { GameRow, LoadedGame } from './loaded-game';
import { LoadedGames } from './loaded-games';

@Injectable()
export class GameQueries {
  constructor(
    private readonly rows: GamesRepository,
    private readonly games: LoadedGames,
  ) {}

  /** The ids of a page of the lobby's games. */
  lobbyPage(filter: LobbyFilter): Promise<string[]> {
    return this.rows.lobbyPage(filter);
  }

  /** The ids of the first `first` games of a group, as its page lists them (src/groups/). */
  groupGames(groupId: string, first: number): Promise<string[]> {
    return this.rows.groupGames(groupId, first);
  }

  /** The ids of the games being played, of `ruleset` if not null, oldest first (src/records/ checks them all again). */
  activeGames(ruleset: string | null): Promise<string[]> {
    return this.rows.activeGames(ruleset);
  }

  /** The id of the rematch of the finished game `gameId`, if there is one (src/invitations/). */
  rematchOf(gameId: string): Promise<string | null> {
    return this.rows.rematchOf(gameId);
  }

  /** Every finished game and its recorded result, for projections rebuilt from the events (src/ratings/). */
  finishedGames(): Promise<Array<{ id: string; result: GameRow['result'] }>> {
    return this.rows.finishedGames();
  }

  /** Where `userId` must act now: each game being played and their seat in it. */
  seatsToAct(userId: string): Promise<Array<{ gameId: string; seat: number }>> {
    return this.rows.seatsToAct(userId);
  }

  /** The ids of the games being played in which `userId` still holds their seat (has not left). */
  gamesInPlay(userId: string): Promise<string[]> {
    return this.rows.gamesInPlay(userId);
  }

  /** The game that has waited longest on `userId` (the lobby's "next game"), or null when none waits on them. */
  async nextGame(userId: string): Promise<LoadedGame | null> {
    const gameId = await this.rows.nextGameFor(userId);
    return gameId === null ? null : this.games.load(gameId);
  }
}
