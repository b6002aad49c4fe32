/**
 * Pages of a game's history for one reader, counted in rounds and moves
 * (moments.ts) without reading the game from its first event each time:
 * this process remembers, per game, the moments of where the last page it
 * read started and ended, and counts on from there.
 */
import { Injectable } from '@nestjs/common';
import { AppError } from '../common/errors';
import type { Viewer } from '../rules/contract';
import { GameEventsRepository } from './game-events.repository';
import { HistoryEntry, historyEntries, RecordedEvent } from './history';
import type { LoadedGame } from './loaded-game';
import { LoadedGames } from './loaded-games';
import { countedEvent, GAME_START, looksBack, Moment, momentsOf } from './moments';
import { JUMP_EVENT_TYPES } from './platform-events';

const COUNTED_CACHE_LIMIT = 20000;
/** Events read past a page of history, to tell whether its last step hid anything from the reader. */
const STEP_LOOKAHEAD = 50;
/** The most entries one page holds. */
const MAX_PAGE = 500;

type CountedPoint = { seq: number; moment: Moment };

@Injectable()
export class HistoryPages {
  /** Per game, the first and last events of the last page of history read, with their moments, in order. */
  private readonly countedTo = new Map<string, CountedPoint[]>();

  constructor(
    private readonly events: GameEventsRepository,
    games: LoadedGames,
  ) {
    // A game whose history was changed in the database: its moments are counted afresh.
    games.onForget((gameId) => this.countedTo.delete(gameId));
  }

  /** Up to `first` entries after version `after`, as `viewer` may read them. */
  async page(game: LoadedGame, viewer: Viewer, after = 0, first = 100): Promise<HistoryEntry[]> {
    if (!Number.isInteger(after) || after < 0 || after > game.row.version) {
      throw new AppError('BAD_USER_INPUT', `after must be a version from 0 to ${game.row.version}.`);
    }
    const take = Math.min(Math.max(first, 1), MAX_PAGE);
    const justWritten = this.justAppended(game, viewer, after, take);
    if (justWritten) return justWritten;
    const to = Math.min(after + take, game.row.version);
    // A few events more, to see whether the page's last step hid anything (see historyEntries).
    const upTo = Math.min(to + STEP_LOOKAHEAD, game.row.version);
    // Counting goes on from where this process last counted the game to, unless the page starts before it.
    const known = this.countedTo.get(game.row.id) ?? [];
    const start = known.filter((point) => point.seq <= after).pop() ?? { seq: 0, moment: GAME_START };
    let rows = await this.events.historyRows(game.row.id, after, upTo, game.row.version, start.seq);
    let counted = rows.filter((row) => row.seq > start.seq && row.seq <= upTo);
    let moments: Map<number, Moment>;
    if (start.seq > 0 && counted.some(looksBack)) {
      // An undo or a rollback since: where it went back to is counted from the first event (rare: a second read).
      rows = await this.events.historyRows(game.row.id, after, upTo, game.row.version, 0);
      counted = rows.filter((row) => row.seq <= upTo);
      moments = momentsOf(game.ruleset, counted);
    } else {
      moments = momentsOf(game.ruleset, counted, start);
    }
    const events = counted.filter((row) => row.seq > after) as RecordedEvent[];
    const jumps = rows.filter((row) => JUMP_EVENT_TYPES.includes(row.type)).map((row) => ({ seq: row.seq, toVersion: row.toVersion ?? 0 }));
    // Where this page started and ended: the next page usually starts at its end, a page read again at its start.
    const points = [after, to].flatMap((seq) => (moments.has(seq) ? [{ seq, moment: moments.get(seq)! }] : []));
    if (points.length > 0 && game.firstBadSeq === null) this.remember(game.row.id, points);
    return historyEntries(game.ruleset, events, jumps, game.row.version, viewer, to - after, moments);
  }

  /**
   * The history a move's answer asks for, after the version it was made at:
   * the events its append just wrote, counted on from the moment the game's
   * state held before them, read from nothing (also the first time this
   * process sees the game). Null where that is not all of it (another page,
   * an undo, a rollback or a takeback): then the entries are read.
   */
  private justAppended(game: LoadedGame, viewer: Viewer, after: number, take: number): HistoryEntry[] | null {
    const appended = game.appended;
    if (!appended || appended.after !== after || appended.events.length > take || game.row.version !== after + appended.events.length) return null;
    const counted = appended.events.map((event) => countedEvent({ ...event, stepStart: event.stepStart ?? false }));
    if (counted.some(looksBack)) return null;
    const start = { seq: after, moment: appended.from };
    const moments = momentsOf(game.ruleset, counted, start);
    this.remember(game.row.id, [start, { seq: game.row.version, moment: moments.get(game.row.version)! }]);
    // Nothing after them yet, so nothing of them is rolled back.
    return historyEntries(game.ruleset, appended.events, [], game.row.version, viewer, appended.events.length, moments);
  }

  /** Where this process last counted a game's moments to (two moments a game): its next page of history counts on from there. */
  private remember(gameId: string, known: CountedPoint[]): void {
    this.countedTo.delete(gameId);
    this.countedTo.set(gameId, known);
    if (this.countedTo.size > COUNTED_CACHE_LIMIT) this.countedTo.delete(this.countedTo.keys().next().value as string);
  }
}
