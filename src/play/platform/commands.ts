/**
 * Every platform command on a game that exists, and the one function that
 * decides them all: from the game at its version, the command, the actor
 * (null: the server itself) and the time. The server runs it for every
 * command (src/play/command-pipeline.ts); the verifier runs it again for
 * every recorded platform event (src/records/recorded-commands.ts). A new
 * game is decided by `decideCreate` (lobby.ts), from no game at all.
 */
import type { ProposalKind } from '../game-life';
import { decideBotMove } from './bots';
import { type Decision, refuse } from './decision';
import { decideDeadlinePassed, decideResolveDeadline, type DeadlineResolution } from './deadlines';
import type { GameAt } from './game-at';
import {
  decideAnswer,
  decideEndProposal,
  decideLapse,
  decideRemoval,
  decideResign,
  decideTakebackRequest,
  decideWithdrawal,
  type TakebackRequest,
} from './life';
import { decideDecline, decideExpire, decideInvite, decideJoin, decideLeave, decideStart, type Invitee, type JoinCommand } from './lobby';
import { decideMove, decideRollback, decideUndo, type MoveCommand, type RollbackCommand } from './moves';
import { decideOfferWithdrawal, decideSeatOffer, decideSeatTaking, type SeatOfferCommand, type TakeSeatCommand } from './seat-offers';

export type PlatformCommand =
  | JoinCommand
  | { type: 'leave' }
  | { type: 'invite'; invitees: Invitee[] }
  /** The invitee's own invitations to the game, as the server found them open (their address is not the game's to know). */
  | { type: 'declineInvitation'; invitationIds: string[] }
  | { type: 'start' }
  | ({ type: 'move' } & MoveCommand)
  | { type: 'undo' }
  | ({ type: 'rollback' } & RollbackCommand)
  | ({ type: 'requestTakeback' } & TakebackRequest)
  | { type: 'answer'; kind: ProposalKind; accept: boolean }
  | { type: 'proposeEnd' }
  | { type: 'withdraw' }
  | { type: 'resign' }
  | { type: 'remove'; seat: number }
  | ({ type: 'resolveDeadline' } & DeadlineResolution)
  | SeatOfferCommand
  | { type: 'withdrawSeatOffer'; seat: number }
  | TakeSeatCommand
  /** The server's own. */
  | { type: 'deadlinePassed'; seat: number }
  | { type: 'lapse' }
  /** A table nobody started; `openedAt`: when it was created (its first event's time). */
  | { type: 'expire'; openedAt: string }
  /** A bot's move for `seat`, which the server saw to act at `expectedVersion`. */
  | { type: 'botMove'; seat: number; expectedVersion: number };

/** Decides `command` by `actor` (null: the server) at `now`: the events to append, or the refusal. */
export function decide(game: GameAt, command: PlatformCommand, actor: string | null, now: Date): Decision {
  if (game.state.expired) return refuse('GAME_NOT_ACTIVE', 'This table expired before anyone started it.');
  switch (command.type) {
    case 'expire':
      return decideExpire(game, new Date(command.openedAt), actor, now);
    case 'deadlinePassed':
      return decideDeadlinePassed(game, command.seat, actor, now);
    case 'lapse':
      return decideLapse(game, actor, now);
    case 'botMove':
      return decideBotMove(game, command.seat, command.expectedVersion, actor);
  }
  if (actor === null) return refuse('FORBIDDEN', 'Only a player does that.');
  switch (command.type) {
    case 'join':
      return decideJoin(game, command, actor);
    case 'leave':
      return decideLeave(game, actor);
    case 'invite':
      return decideInvite(game, command.invitees, actor);
    case 'declineInvitation':
      return decideDecline(game, command.invitationIds, actor);
    case 'start':
      return decideStart(game, actor);
    case 'move':
      return decideMove(game, command, actor);
    case 'undo':
      return decideUndo(game, actor);
    case 'rollback':
      return decideRollback(game, command, actor);
    case 'requestTakeback':
      return decideTakebackRequest(game, command, actor, now);
    case 'answer':
      return decideAnswer(game, command.kind, command.accept, actor, now);
    case 'proposeEnd':
      return decideEndProposal(game, actor, now);
    case 'withdraw':
      return decideWithdrawal(game, actor, now);
    case 'resign':
      return decideResign(game, actor);
    case 'remove':
      return decideRemoval(game, command.seat, actor);
    case 'resolveDeadline':
      return decideResolveDeadline(game, command, actor, now);
    case 'offerSeat':
      return decideSeatOffer(game, command, actor);
    case 'withdrawSeatOffer':
      return decideOfferWithdrawal(game, command.seat, actor);
    case 'takeSeat':
      return decideSeatTaking(game, command, actor);
  }
}
