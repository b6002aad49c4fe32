/**
 * `npm run games:revalidate`: every live game's history decided again under
 * the rules of today (the verifier, on the line of play in force), before or
 * after a fix to a ruleset is deployed. Each game's outcome is stored
 * (`game_rules_checks`, `Game.rulesCheck`); a game that no longer holds is
 * reported with the first step that does not, and its host is mailed once
 * per such step, with a link to roll back to the last point before it
 * the server would accept (none if there is none). History is
 * never edited: the host decides.
 */
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { PrismaService } from '../database/prisma.service';
import { GameQueries } from '../play/game-queries';
import { GameService } from '../play/game.service';
import type { LoadedGame } from '../play/loaded-game';
import { ReturnPoints } from '../play/return-points';
import { RulesetRegistry } from '../play/ruleset-registry';
import { NotificationOutbox, RulesCheckFailedDetails } from '../notifications/outbox';
import { RecordsService } from './records.service';
import { RulesCheck, RulesChecksRepository } from './rules-checks.repository';
import { Verdict, verifyRecord } from './verify-record';

/** Which games: every live game, those of one ruleset, or one game (live or not). */
export interface RevalidationScope {
  ruleset?: string;
  gameId?: string;
}

export interface RevalidatedGame {
  gameId: string;
  ruleset: string;
  check: RulesCheck;
  verdict: Verdict;
  /** The host was mailed about it this time. */
  hostMailed: boolean;
}

@Injectable()
export class Revalidation {
  constructor(
    private readonly prisma: PrismaService,
    private readonly records: RecordsService,
    private readonly checks: RulesChecksRepository,
    private readonly games: GameQueries,
    private readonly outbox: NotificationOutbox,
    private readonly play: GameService,
    private readonly returnPoints: ReturnPoints,
    private readonly clock: Clock,
    @Inject(RulesetRegistry) private readonly rulesets: RulesetRegistry,
  ) {}

  /** Checks the games in `scope` one at a time (memory holds one game's record at most), telling `onGame` of each. */
  async run(scope: RevalidationScope = {}, onGame: (game: RevalidatedGame) => void = () => {}): Promise<RevalidatedGame[]> {
    if (scope.ruleset) this.rulesets.get(scope.ruleset); // an unknown id is refused with the known ones
    const gameIds = scope.gameId ? [scope.gameId] : await this.games.activeGames(scope.ruleset ?? null);
    const checked: RevalidatedGame[] = [];
    for (const id of gameIds) {
      const game = await this.revalidate(await this.play.load(id));
      checked.push(game);
      onGame(game);
    }
    return checked;
  }

  private async revalidate(game: LoadedGame): Promise<RevalidatedGame> {
    const { id: gameId, ruleset, hostId } = game.row;
    const verdict = verifyRecord(await this.records.wholeRecordOf(game), this.records.rulesetLookup, { lineInForceOnly: true });
    const check: RulesCheck = {
      ok: verdict.ok,
      verifiable: verdict.ok || !verdict.unverifiable,
      firstBadSeq: verdict.ok ? null : verdict.seq,
      checkedAt: this.clock.now().toISOString(),
      rulesetVersion: this.rulesets.get(ruleset).version,
    };
    const previous = await this.checks.latest(gameId);
    // Told once per step that fails, not at every run.
    // A game that cannot be checked has nothing a rollback would mend: its host is not told.
    const tellHost = !check.ok && check.verifiable !== false && (previous?.ok !== false || previous.firstBadSeq !== check.firstBadSeq);
    const rollbackTo = tellHost ? await this.rollbackBefore(game, check.firstBadSeq) : null;
    await this.prisma.inSqlTransaction(async (sql) => {
      await this.checks.store(sql, gameId, check);
      if (!tellHost) return;
      const details: RulesCheckFailedDetails = { firstBadSeq: check.firstBadSeq, rollbackTo };
      // Whatever the host's mail settings: a game of theirs needs their decision.
      await this.outbox.recordAccountMail(sql, { kind: 'RULES_CHECK_FAILED', userId: hostId, toAddress: null, gameId, details: { ...details } });
    });
    return { gameId, ruleset, check, verdict, hostMailed: tellHost };
  }

  /** The last point before `firstBadSeq` its host may roll the game back to, as the server would accept it; null if there is none. */
  private async rollbackBefore(game: LoadedGame, firstBadSeq: number | null): Promise<number | null> {
    if (firstBadSeq === null) return null;
    const points = await this.returnPoints.forUser(game, game.row.hostId, this.clock.now());
    return points.rollback ? (points.versions.filter((version) => version < firstBadSeq).at(-1) ?? null) : null;
  }
}
