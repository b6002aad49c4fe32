/**
 * `GET /games/<id>/record.json`: a game's record as a file, for anyone once
 * the game is over, and for its seated players (with their bearer token,
 * redacted for them) while it is played. Refusals answer as the API's do:
 * `{ code, message }` with the matching HTTP status.
 */
import { Controller, Get, Header, Headers, Ip, Param, Res } from '@nestjs/common';
import { Sessions } from '../auth/sessions';
import { bearer, identify } from '../auth/bearer-tokens';
import { FIELD_COSTS } from '../graphql/query-limits';
import { AppError } from '../common/errors';
import { ReadBudget } from '../rate-limits/read-budget';
import type { GameRecord } from './game-record';
import { RecordsService } from './records.service';

/** The one thing done to the HTTP response here (Express's own types are not installed). */
interface Response {
  status(code: number): unknown;
  setHeader(name: string, value: string): unknown;
}

const STATUS_OF: Record<string, number> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, NOT_FOUND: 404, RATE_LIMITED: 429 };

@Controller('games')
export class RecordsController {
  constructor(
    private readonly records: RecordsService,
    private readonly sessions: Sessions,
    private readonly readBudget: ReadBudget,
  ) {}

  @Get(':id/record.json')
  @Header('content-type', 'application/json; charset=utf-8')
  async record(
    @Param('id') id: string,
    @Headers('authorization') authorization: string | undefined,
    @Ip() clientAddress: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<GameRecord | { code: string; message: string }> {
    const { identity, tokenProblem } = await identify(this.sessions, bearer(authorization));
    try {
      // Priced as the API's Game.record is, from the same points.
      this.readBudget.spend({ userId: identity?.userId, clientAddress }, FIELD_COSTS.integrity);
      const record = await this.records.recordFor(id, identity?.userId);
      response.setHeader('content-disposition', `attachment; filename="game-${record.game.id}.json"`);
      // A running game's record changes with every move and is for one reader only.
      response.setHeader('cache-control', record.madeFor === null ? 'public, max-age=300' : 'private, no-store');
      return record;
    } catch (error) {
      if (!(error instanceof AppError) || !(error.code in STATUS_OF)) throw error;
      response.status(STATUS_OF[error.code]);
      if (error.code === 'RATE_LIMITED') response.setHeader('retry-after', String(error.details?.retryAfter));
      return { code: error.code, message: error.code === 'UNAUTHENTICATED' && tokenProblem ? tokenProblem : error.message };
    }
  }
}
