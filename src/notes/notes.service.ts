/**
 * Each player's private notepad for a game (plans, reminders, what an
 * opponent bid last round): only its writer ever reads it, and only a
 * player seated in the game keeps one there.
 */
import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { AppError } from '../common/errors';
import { PrismaService } from '../database/prisma.service';
import { GameService } from '../play/game.service';
import { seatOf } from '../play/game-state';
import { NotesStore, StoredNote } from './notes.store';

/** Characters a notepad holds: pages of notes, not a book. */
export const MAX_NOTE_LENGTH = 20_000;

@Injectable()
export class NotesService {
  private readonly store: NotesStore;

  constructor(
    prisma: PrismaService,
    private readonly play: GameService,
    private readonly clock: Clock,
  ) {
    this.store = new NotesStore(prisma.sql);
  }

  /** The player's notes for the game (empty until first saved). */
  async read(userId: string, gameId: string): Promise<{ text: string; updatedAt: Date | null }> {
    await this.checkSeated(userId, gameId);
    return (await this.store.get(gameId, userId)) ?? { text: '', updatedAt: null };
  }

  async save(userId: string, gameId: string, text: string): Promise<StoredNote> {
    await this.checkSeated(userId, gameId);
    if ([...text].length > MAX_NOTE_LENGTH)
      throw new AppError('BAD_USER_INPUT', `Notes may be ${MAX_NOTE_LENGTH.toLocaleString('en')} characters long at most.`);
    return this.store.save(gameId, userId, text, this.clock.now());
  }

  private async checkSeated(userId: string, gameId: string): Promise<void> {
    const game = await this.play.load(gameId);
    if (seatOf(game.state, userId) === null) throw new AppError('FORBIDDEN', "Only the game's players keep notes in it.");
  }
}
