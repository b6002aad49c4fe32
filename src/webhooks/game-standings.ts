/**
 * A game as its chat channel is told of it: what any spectator may read
 * (the history redacted for a spectator, so nothing hidden reaches a
 * channel), with who is to move (and how to mention them), the last move in
 * words, and the hash that ends its history so far.
 */
import { Inject, Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service';
import { EventStore } from '../event-store/event-store';
import { botName, eventText, seatLabel } from '../play/event-text';
import { GameService } from '../play/game.service';
import { HistoryPages } from '../play/history-pages';
import type { LoadedGame } from '../play/loaded-game';
import { botSeatLevel } from '../play/platform/bots';
import { defaultGameName } from '../play/platform/lobby';
import { PublicNames } from '../public-names/public-names';
import type { GameStatus } from '../rules/contract';
import type { GameStanding, PlayerToMove } from './webhook-posts';
import { WEBHOOKS_OPTIONS, WebhooksOptions } from './webhook-options';
import { WebhooksRepository } from './webhooks.repository';

/** The last move is among this many latest events (a move's own bookkeeping lines come after it). */
const LAST_EVENTS = 20;

@Injectable()
export class GameStandings {
  private readonly repository: WebhooksRepository;

  constructor(
    private readonly play: GameService,
    private readonly history: HistoryPages,
    private readonly store: EventStore,
    private readonly names: PublicNames,
    @Inject(WEBHOOKS_OPTIONS) private readonly options: WebhooksOptions,
    prisma: PrismaService,
  ) {
    this.repository = new WebhooksRepository(prisma.sql);
  }

  async of(gameId: string): Promise<GameStanding> {
    const game = await this.play.load(gameId);
    const users = await this.names.ofAll([game.row.hostId, ...game.state.seats.filter((id): id is string => id !== null)]);
    const nameOf = (userId: string | null) => (userId && users.get(userId)?.displayName) || null;
    const seatName = (seat: number) => nameOf(game.state.seats[seat]) ?? seatLabel(seat);
    const status = game.row.status === 'FINISHED' ? (game.row.result as unknown as GameStatus | null) : null;
    const toAct = status ? [] : game.row.activeSeats;
    // A seat a bot plays waits on no player, the one who left it included: it is named by its bot, and nobody is mentioned for it.
    const botOf = (seat: number) => botSeatLevel(game.ruleset, game.state, seat);
    const handles = await this.repository.handles(toAct.flatMap((seat) => (botOf(seat) ? [] : (game.state.seats[seat] ?? []))));
    const toMove = (seat: number): PlayerToMove => {
      const bot = botOf(seat);
      return bot ? { name: botName(bot), handles: null } : { name: seatName(seat), handles: handles.get(game.state.seats[seat] ?? '') ?? null };
    };
    return {
      gameId,
      gameName: game.row.name ?? defaultGameName(nameOf(game.row.hostId) ?? 'Someone', game.ruleset.name),
      version: game.row.version,
      link: `${this.options.publicUrl}/games/${gameId}`,
      headHash: await this.store.headHash(gameId, game.row.version),
      toAct: toAct.map(toMove),
      lastMove: await this.lastMove(game, seatName),
      result: status ? resultWords(status, seatName) : null,
    };
  }

  /** The latest event of the game's line of play in words, as a spectator reads it. */
  private async lastMove(game: LoadedGame, seatName: (seat: number) => string): Promise<string | null> {
    const after = Math.max(0, game.row.version - LAST_EVENTS);
    const entries = await this.history.page(game, 'spectator', after, LAST_EVENTS);
    const actors = await this.names.ofAll(entries.flatMap((entry) => (entry.actorUserId ? [entry.actorUserId] : [])));
    const worded = entries
      .filter((entry) => !entry.setAside)
      .map((entry) => eventText(game.ruleset, { ...entry, actorName: (entry.actorUserId && actors.get(entry.actorUserId)?.displayName) || null }, seatName))
      .filter((text): text is string => text !== null);
    return worded[worded.length - 1] ?? null;
  }
}

function resultWords(status: GameStatus, seatName: (seat: number) => string): string {
  const winners = (status.winners ?? []).map(seatName);
  const won = winners.length === 0 ? 'nobody won.' : `won by ${winners.join(' and ')}.`;
  const scores = status.scores?.map((score, seat) => `${seatName(seat)} ${score}`).join(', ');
  return scores ? `${won} Scores: ${scores}.` : won;
}
