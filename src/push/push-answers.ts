/**
 * Answers from a push's "Accept" and "Decline" buttons: the service worker
 * posts the token the push carried (answer-tokens.ts), which answers the
 * one request it was made for. The request must still be waiting: one that
 * ended, lapsed or was replaced by a later one is NOTHING_PENDING.
 */
import { Inject, Injectable } from '@nestjs/common';
import { JWT_SECRET } from '../auth/sessions';
import { Clock } from '../common/clock';
import { AppError } from '../common/errors';
import { pendingProposal } from '../play/game-life';
import { GameService } from '../play/game.service';
import { AnswerTokens } from './answer-tokens';

@Injectable()
export class PushAnswers {
  private readonly tokens: AnswerTokens;

  constructor(
    private readonly games: GameService,
    private readonly clock: Clock,
    @Inject(JWT_SECRET) serverSecret: string,
  ) {
    this.tokens = new AnswerTokens(serverSecret);
  }

  async answer(token: string, accept: boolean): Promise<void> {
    const grant = this.tokens.read(token, this.clock.now());
    if (!grant) throw new AppError('UNAUTHENTICATED', 'This answer has lapsed: open the game to answer.');
    const { state } = await this.games.load(grant.gameId);
    const proposal = pendingProposal(state, this.clock.now());
    // The request told of was made at or before the version the push told of; a later one is another request.
    if (!proposal || proposal.kind !== grant.proposal || proposal.seq > grant.gameVersion) {
      throw new AppError('NOTHING_PENDING', 'That request is no longer waiting for an answer.');
    }
    await this.games.answerProposal(grant.userId, grant.gameId, grant.proposal, accept);
  }
}
