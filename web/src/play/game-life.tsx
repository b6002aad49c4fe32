/**
 * The game's life around its moves: a takeback or proposal to end waiting
 * for answers (agree or decline), resigning, proposing to end the game as
 * it stands, and the host taking out a player whose deadline passed.
 */
import { useState } from 'react';
import {
  AnswerEndProposalDocument,
  AnswerTakebackDocument,
  ProposeEndDocument,
  RemovePlayerDocument,
  ResignGameDocument,
  ResignOutcomeDocument,
  WithdrawProposalDocument,
  type GameFragment,
} from '../api/generated';
import { client } from '../api/client';
import { useMutations } from '../api/use-mutations';
import { deadlineText } from '../components/deadline-text';
import { ProblemBanner } from '../components/problem-banner';
import { Sheet } from '../components/sheet';
import type { PlayerInfo } from '../games/game-ui';
import { listNames } from './players';

type Confirming = { title: string; text: string; confirm: string; run: () => void };

interface LifeProps {
  game: GameFragment;
  players: PlayerInfo[];
  accept: (game: GameFragment) => void;
}

/** Sends a change of the game and shows the game it answers; `problem` says why one was refused. */
function useLifeActions({ game, players, accept }: LifeProps) {
  const mutations = useMutations();
  const me = game.mySeat ?? null;
  async function act<Data>(sent: Promise<Data | null>, gameOf: (data: Data) => GameFragment) {
    const data = await sent;
    if (data) accept(gameOf(data));
  }
  return {
    ...mutations,
    act,
    me,
    inGame: me !== null && !game.resignedSeats.includes(me),
    nameOf: (seat: number) => (seat === me ? 'you' : (players[seat]?.name ?? `Seat ${seat + 1}`)),
  };
}

/**
 * A takeback or proposal to end waiting for answers: what it is, who it
 * waits for, agree or decline for those asked, and withdraw for the one who
 * asked. `pointLabel` words a point of the history ("Round 2 · Bob's turn · move 14").
 */
export function AgreementNotice(props: LifeProps & { pointLabel: (seq: number) => string | null }) {
  const { game, pointLabel } = props;
  const { send, act, busy, problem, dismiss, me, nameOf } = useLifeActions(props);
  const proposal = game.proposal;
  if (game.status !== 'ACTIVE' || !proposal) return null;
  const id = game.id;
  const withdraw = () => act(send(WithdrawProposalDocument, { id }), (data) => data.withdrawProposal);
  const label = proposal.toVersion === null || proposal.toVersion === undefined ? null : pointLabel(proposal.toVersion);
  const point = label && label.charAt(0).toLowerCase() + label.slice(1);
  const answer = (accept: boolean) =>
    proposal.kind === 'TAKEBACK'
      ? act(send(AnswerTakebackDocument, { id, accept }), (data) => data.answerTakeback)
      : act(send(AnswerEndProposalDocument, { id, accept }), (data) => data.answerEndProposal);
  return (
    <div className="proposal" role="status">
      <ProblemBanner problem={problem} onDismiss={dismiss} />
      <p>
        {proposal.seat === me ? 'You' : nameOf(proposal.seat)}{' '}
        {proposal.kind === 'TAKEBACK'
          ? `asked to take the game back to ${point ? `just after ${point}` : 'an earlier move'}`
          : 'proposed to end the game as it stands'}
        {proposal.reason ? `: “${proposal.reason}”` : ''}.{' '}
        {proposal.waitingFor.length > 0 &&
          `Waiting for ${listNames(proposal.waitingFor.map(nameOf))}; unanswered, it lapses ${deadlineText(proposal.expiresAt)}.`}
      </p>
      {me !== null && proposal.waitingFor.includes(me) && (
        <div className="proposal-actions">
          <button onClick={() => answer(true)} disabled={busy}>
            Agree
          </button>
          <button className="secondary" onClick={() => answer(false)} disabled={busy}>
            Decline
          </button>
        </div>
      )}
      {me !== null && proposal.seat === me && (
        <div className="proposal-actions">
          <button className="secondary" onClick={withdraw} disabled={busy}>
            Withdraw
          </button>
        </div>
      )}
    </div>
  );
}

/** What becomes of the seat of a player who leaves a game that goes on, as the game was created to do. */
function seatAfterLeaving(game: GameFragment, whose: 'your' | 'their'): string {
  return game.whenPlayerLeaves === 'BOT' ? `a bot plays ${whose} seat` : `${whose} turns are passed over`;
}

/** Resigning, proposing to end the game as it stands, and the host removing a player whose deadline passed; each asks to confirm. */
export function LeaveActions(props: LifeProps & { isHost: boolean }) {
  const { game, isHost } = props;
  const { send, act, busy, problem, dismiss, inGame, nameOf } = useLifeActions(props);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  if (game.status !== 'ACTIVE') return null;
  const id = game.id;
  const run = (sent: () => Promise<void>) => () => {
    setConfirming(null);
    void sent();
  };
  const resign = async () => {
    const { data } = await client.query(ResignOutcomeDocument, { id }, { requestPolicy: 'network-only' }).toPromise();
    const endsGame = data?.game.resignEndsGame;
    setConfirming({
      title: 'Resign from this game?',
      text:
        endsGame === undefined
          ? 'You leave the game for good, and are ranked last.'
          : endsGame
            ? 'You leave the game for good, and the game ends with you ranked last.'
            : `You leave the game for good: it goes on without you, ${seatAfterLeaving(game, 'your')}, and you are ranked last.`,
      confirm: 'Resign',
      run: run(() => act(send(ResignGameDocument, { id }), (data) => data.resignGame)),
    });
  };
  const proposeEnd = () =>
    setConfirming({
      title: 'Propose to end the game?',
      text: 'If every other player agrees, the game ends now with the result as it stands.',
      confirm: 'Propose',
      run: run(() => act(send(ProposeEndDocument, { id }), (data) => data.proposeEnd)),
    });
  const remove = (seat: number) =>
    setConfirming({
      title: `Remove ${nameOf(seat)} from the game?`,
      text: `Their move deadline has passed. They leave the game for good, as if they had resigned: ${seatAfterLeaving(game, 'their')} and they are ranked last.`,
      confirm: 'Remove',
      run: run(() => act(send(RemovePlayerDocument, { id, seat }), (data) => data.removePlayer)),
    });
  return (
    <section className="game-life" aria-label="Leaving and ending early">
      <ProblemBanner problem={problem} onDismiss={dismiss} />
      {isHost && game.removableSeats.length > 0 && (
        <div className="removable">
          {game.removableSeats.map((seat) => (
            <button key={seat} className="secondary" onClick={() => remove(seat)} disabled={busy}>
              Remove {nameOf(seat)} from the game…
            </button>
          ))}
        </div>
      )}
      {inGame && (
        <div className="leave-actions">
          {!game.proposal && (
            <button className="secondary" onClick={proposeEnd} disabled={busy}>
              Propose to end the game…
            </button>
          )}
          <button className="danger" onClick={() => void resign()} disabled={busy}>
            Resign…
          </button>
        </div>
      )}
      {confirming && (
        <Sheet label={confirming.title} onClose={() => setConfirming(null)}>
          <h3>{confirming.title}</h3>
          <p>{confirming.text}</p>
          <div className="sheet-actions">
            <button type="button" className="secondary" onClick={() => setConfirming(null)}>
              Cancel
            </button>
            <button type="button" className="danger" onClick={confirming.run} disabled={busy}>
              {confirming.confirm}
            </button>
          </div>
        </Sheet>
      )}
    </section>
  );
}
