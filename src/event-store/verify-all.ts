/**
 * Checks the hash chain of every game in the database (`npm run db:verify`),
 * after a restore from backup, say: the games whose stored history does not
 * match its hashes, with the first event that does not.
 */
import { PrismaService } from '../database/prisma.service';
import { verifyChain } from './hash-chain';

export interface BrokenGame {
  gameId: string;
  ruleset: string;
  version: number;
  /** The first event whose hash or number does not match, or, when every stored event matches but some are missing at the end, the first missing. */
  firstBadSeq: number;
  /** Whether that event is missing (removed from the end) rather than stored wrong. */
  missing: boolean;
}

export interface VerifyAllResult {
  games: number;
  events: number;
  broken: BrokenGame[];
}

/** Games are read one at a time, so memory holds one game's events at most. */
export async function verifyAllGames(prisma: PrismaService, onBroken: (game: BrokenGame) => void = () => {}): Promise<VerifyAllResult> {
  const games = await prisma.game.findMany({ select: { id: true, ruleset: true, version: true }, orderBy: { createdAt: 'asc' } });
  const result: VerifyAllResult = { games: games.length, events: 0, broken: [] };
  for (const game of games) {
    const events = await prisma.gameEvent.findMany({ where: { gameId: game.id }, orderBy: { seq: 'asc' } });
    result.events += events.length;
    const report = verifyChain(events);
    const missing = report.firstBadSeq === null && events.length < game.version;
    const firstBadSeq = missing ? events.length + 1 : report.firstBadSeq;
    if (firstBadSeq === null) continue;
    const broken = { gameId: game.id, ruleset: game.ruleset, version: game.version, firstBadSeq, missing };
    result.broken.push(broken);
    onBroken(broken);
  }
  return result;
}
