/**
 * Substitutes: a player who must leave offers their seat to someone else
 * by email, as the host may for a seat whose move deadline passed; the
 * offer is shown until taken over or withdrawn; the invitee, on the game's
 * page, takes the seat over and plays on from where the game stands.
 */
import { useState, type FormEvent } from 'react';
import { JoinGameDocument, OfferSeatDocument, WithdrawSeatOfferDocument, type GameFragment } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { ProblemBanner } from '../components/problem-banner';
import type { PlayerInfo } from '../games/game-ui';

interface SeatOffersProps {
  game: GameFragment;
  players: PlayerInfo[];
  isHost: boolean;
  accept: (game: GameFragment) => void;
}

export function SeatOffers({ game, players, isHost, accept }: SeatOffersProps) {
  const mutations = useMutations();
  if (game.status !== 'ACTIVE') return null;
  const me = game.mySeat ?? null;
  const nameOf = (seat: number) => players[seat]?.name ?? `Seat ${seat + 1}`;
  const offerOf = (seat: number) => game.seatOffers.find((offer) => offer.seat === seat) ?? null;
  const toMe = me === null ? game.seatOffers.find((offer) => offer.toMe) : undefined;
  // The caller's own seat, and (the host) the seats whose deadline passed.
  const mine = me !== null && !game.resignedSeats.includes(me) ? [me] : [];
  const offerable = [...mine, ...(isHost ? game.removableSeats.filter((seat) => seat !== me) : [])];
  const takeOver = async () => {
    const data = await mutations.send(JoinGameDocument, { id: game.id });
    if (data) accept(data.joinGame);
  };
  const withdraw = async (seat: number) => {
    const data = await mutations.send(WithdrawSeatOfferDocument, { id: game.id, seat });
    if (data) accept(data.withdrawSeatOffer);
  };
  if (!toMe && offerable.length === 0) return null;
  return (
    <section className="seat-offers" aria-label="Seats changing hands">
      <ProblemBanner problem={mutations.problem} onDismiss={mutations.dismiss} />
      {toMe && (
        <div className="proposal" role="status">
          <p>
            {toMe.offeredBy?.displayName ?? 'A player'} asks you to take over {nameOf(toMe.seat)}'s seat: you play on from where the game stands, with
            everything that seat holds.
          </p>
          <button className="primary" onClick={takeOver} disabled={mutations.busy}>
            Take over the seat
          </button>
        </div>
      )}
      {offerable.map((seat) => {
        const pending = offerOf(seat);
        return pending && !pending.declined ? (
          <p key={seat} data-offered-seat={seat}>
            {seat === me ? 'Your seat is' : `${nameOf(seat)}'s seat is`} offered to someone else, waiting for them to take it over.{' '}
            <button className="secondary" onClick={() => withdraw(seat)} disabled={mutations.busy}>
              Withdraw the offer
            </button>
          </p>
        ) : (
          <div key={seat}>
            {pending && (
              <p data-declined-seat={seat}>
                Whoever {seat === me ? 'your seat' : `${nameOf(seat)}'s seat`} was offered to declined it.{' '}
                <button className="secondary" onClick={() => withdraw(seat)} disabled={mutations.busy}>
                  Withdraw the offer
                </button>
              </p>
            )}
            <OfferForm
              game={game}
              seat={seat}
              label={seat === me ? 'Offer my seat to someone else' : `Offer ${nameOf(seat)}'s seat to someone else`}
              accept={accept}
            />
          </div>
        );
      })}
    </section>
  );
}

/** A button that opens a form: the address the seat is offered to. */
function OfferForm({ game, seat, label, accept }: { game: GameFragment; seat: number; label: string; accept: (game: GameFragment) => void }) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const submission = useMutations();
  if (!open) {
    return (
      <p>
        <button className="secondary" onClick={() => setOpen(true)}>
          {label}…
        </button>
      </p>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const data = await submission.send(OfferSeatDocument, { id: game.id, seat, email: email.trim() });
    if (!data) return;
    setOpen(false);
    setEmail('');
    accept(data.offerSeat);
  };
  return (
    <form className="invite-email" onSubmit={submit} aria-label={label}>
      <div className="invite">
        <label>
          {label}: their email address
          <input type="email" name="offerEmail" value={email} onChange={(event) => setEmail(event.target.value)} required autoComplete="off" />
        </label>
        <button type="submit" className="secondary" disabled={submission.busy}>
          Send the offer
        </button>
      </div>
      <p className="muted small">They are sent an email; once they accept, the seat is theirs from where the game stands, and you no longer play it.</p>
      <ProblemBanner problem={submission.problem} onDismiss={submission.dismiss} />
    </form>
  );
}
