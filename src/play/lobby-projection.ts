/**
 * The lobby's read model of a game: the columns of its `games` row that the
 * lobby lists and filters by (status, the seats to act, the result, the
 * version play began at). A projection of the game's events, kept by play:
 * registered with the event store as stream columns, so that every append
 * writes them in its one statement.
 */
import type { StreamColumns } from '../event-store/append-statement';
import type { GameStatus } from '../rules/contract';
import type { GameState } from './game-state';
import type { GameRow } from './loaded-game';
import { storedPhase } from './platform/game-at';

export const LOBBY_COLUMNS: StreamColumns = { status: '"GameStatus"', active_seats: 'int[]', result: 'jsonb', started_version: 'int' };

/** The lobby's fields of a game's row, from its status and state after an append; none while it waits in its lobby, only its status once that expired. */
export type LobbyFields = Partial<Pick<GameRow, 'status' | 'activeSeats' | 'result' | 'startedVersion'>>;

export function lobbyFields(status: GameStatus | null, state: GameState): LobbyFields {
  const phase = storedPhase(status, state);
  if (phase === 'LOBBY') return {};
  if (!status) return { status: phase, activeSeats: [], result: null, startedVersion: null };
  return {
    status: phase,
    activeSeats: status.finished ? [] : status.activeSeats,
    result: status.finished ? ({ scores: status.scores ?? null, winners: status.winners ?? [], detail: status.detail ?? null } as GameRow['result']) : null,
    startedVersion: state.startedVersion ?? null,
  };
}

/** The fields as the stream columns the event store writes. */
export function lobbyColumns(fields: LobbyFields): Record<string, unknown> {
  if (fields.status === undefined) return {};
  return { status: fields.status, active_seats: fields.activeSeats, result: fields.result, started_version: fields.startedVersion };
}
