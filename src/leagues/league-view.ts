/** A league as the API gives it: rounds with their tables and results, standings, games, names for ids. */
import { Injectable } from '@nestjs/common';
import { GameParent, type UserModel } from '../graphql/models';
import type { LoadedGame } from '../play/loaded-game';
import { PublicNames } from '../public-names/public-names';
import { definitionOf, storedResults, type StoredLeagueParts } from './stored-league';
import type { LeagueModel, LeagueRoundModel, LeagueTableModel } from './league-models';
import type { StoredTable } from './leagues.repository';
import type { LeagueView } from './leagues.service';
import { type FixtureResult, type LeagueResults, tablePoints } from './standings';

@Injectable()
export class LeagueViews {
  constructor(private readonly names: PublicNames) {}

  async model(view: LeagueView, viewer: string): Promise<LeagueModel> {
    const { parts, games } = view;
    const { league } = parts;
    const users = await this.names.ofAll(parts.members.map((member) => member.userId));
    const user = (id: string): UserModel => users.get(id) ?? { id, displayName: 'A former player' };
    const tables = tableModels(parts, games, storedResults(parts, games), user, viewer);
    const rounds: LeagueRoundModel[] = Array.from({ length: league.rounds }, (_, i) => i + 1).map((number) => ({
      number,
      started: number <= league.currentRound,
      tables: tables.filter((table) => table.round === number).map((table) => table.model),
      byes: parts.byes.filter((bye) => bye.round === number).map((bye) => user(bye.userId)),
    }));
    return {
      id: league.id,
      groupId: league.groupId,
      ruleset: league.ruleset,
      format: league.format,
      seatsPerGame: league.seatsPerGame,
      pointsPerPlace: league.pointsPerPlace,
      botsPlayDropOuts: league.botsPlayDropOuts,
      rated: league.rated,
      startsAt: league.startsAt,
      currentRound: league.currentRound,
      finished: league.finishedAt !== null,
      seedCommitment: league.seedCommitment,
      seed: league.finishedAt ? league.serverSeed : null,
      games: parts.tables.flatMap((table) => (table.gameId && games.has(table.gameId) ? [new GameParent(games.get(table.gameId)!, viewer)] : [])),
      standings: view.standings.map((row) => ({ ...row, user: user(row.user) })),
      rounds,
      definition: definitionOf(parts),
    };
  }
}

function tableModels(
  parts: StoredLeagueParts,
  games: ReadonlyMap<string, LoadedGame>,
  results: LeagueResults,
  user: (id: string) => UserModel,
  viewer: string,
): Array<{ round: number; model: LeagueTableModel }> {
  // leagueResults gives one fixture per stored table, in the same order.
  return parts.tables.map((table: StoredTable, i) => {
    const fixture: FixtureResult = results.fixtures[i];
    const game = table.gameId ? games.get(table.gameId) : undefined;
    const points = tablePoints(fixture, results);
    return {
      round: table.round,
      model: { players: table.players.map(user), game: game ? new GameParent(game, viewer) : null, points: points ? [...points] : null },
    };
  });
}
