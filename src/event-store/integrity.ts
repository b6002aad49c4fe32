/**
 * What the server does about a game whose stored history no longer matches
 * its hash chain: it says so, once per game and process, at error level (an
 * operator must look: `npm run db:verify`, a restore from backup), and
 * refuses every write to it with INTEGRITY_FAILURE: this process never
 * appends to it again until a check of its whole chain finds it intact
 * (`integrity`, once the operator has restored it).
 */
import { Logger } from '@nestjs/common';
import { AppError } from '../common/errors';

/** The refusal of every write to a game whose history was changed in the database. */
export function integrityFailure(firstBadSeq: number | null): AppError {
  return new AppError(
    'INTEGRITY_FAILURE',
    "This game's history was changed in the database behind the server's back, so it takes no more moves. It can still be looked at; the site's operator has been told.",
    { firstBadSeq },
  );
}

/** Broken games remembered at most (a few, in practice). */
const REMEMBERED_LIMIT = 10000;

export class BrokenChains {
  private readonly logger = new Logger('Integrity');
  /** The first bad event of each game found broken (null: rewritten up to some event, which one unknown). */
  private readonly broken = new Map<string, number | null>();

  /** Records (and the first time, logs) that the chain of `gameId` breaks at `firstBadSeq`. */
  found(gameId: string, firstBadSeq: number): void {
    this.remember(gameId, firstBadSeq, `event ${firstBadSeq} does not match its hash (the first that does not): its history was changed in the database`);
  }

  /** Records (and the first time, logs) that the chain of `gameId` changed as `why` says, and returns the refusal. */
  rewritten(gameId: string, why: string): AppError {
    this.remember(gameId, null, why);
    return integrityFailure(null);
  }

  /** A check of the whole chain found it intact (restored, say). */
  intact(gameId: string): void {
    this.broken.delete(gameId);
  }

  /** The refusal for a write to a game known to be broken, or null. */
  refusal(gameId: string): AppError | null {
    return this.broken.has(gameId) ? integrityFailure(this.broken.get(gameId)!) : null;
  }

  private remember(gameId: string, firstBadSeq: number | null, why: string): void {
    if (this.broken.has(gameId)) return;
    if (this.broken.size >= REMEMBERED_LIMIT) this.broken.delete(this.broken.keys().next().value as string);
    this.broken.set(gameId, firstBadSeq);
    this.logger.error(`game ${gameId}: ${why}. It can be read but takes no more writes.`);
  }
}
