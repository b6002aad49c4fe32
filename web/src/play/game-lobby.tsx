/**
 * A game waiting for players: its seats, the invite link, the host's invitations by email, joining, and the host's start.
 * Which of these the player may do is the server's to say (`lobbyActions`): the page offers exactly those.
 */
import { useState } from 'react';
import { JoinGameDocument, LeaveGameDocument, StartGameDocument, type GameFragment, type MeFragment } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { CopyButton } from '../components/copy-button';
import { ProblemBanner } from '../components/problem-banner';
import { SeatSwatch } from '../components/svg';
import { useRouter } from '../router';
import { InviteByEmail } from './invite-by-email';
import { isFreeSeat, seatHolderName } from './players';

export function GameLobby({ game, me, accept }: { game: GameFragment; me: MeFragment | null; accept: (game: GameFragment) => void }) {
  const { send, problem, dismiss } = useMutations();
  const [clientSeed, setClientSeed] = useState('');
  const { location: page } = useRouter();
  // A private game's link carries its secret, which only its host is shown; a visitor's link brings it here.
  const inviteCode = game.inviteCode ?? page.query.get('invite');
  const isPrivate = game.visibility === 'PRIVATE';
  const inviteLink = `${location.origin}/games/${game.id}${isPrivate && game.inviteCode ? `?invite=${encodeURIComponent(game.inviteCode)}` : ''}`;
  const isHost = me?.id === game.host.id;
  const actions = game.lobbyActions;
  const waiting = game.seats.filter(isFreeSeat).length;
  // A seat an invitation keeps (a rematch's) is that player's: the page says for whom.
  const heldFor = (seat: number) => game.heldSeats.find((held) => held.seat === seat)?.player ?? null;

  const join = async (seat: number) => {
    const data = await send(JoinGameDocument, { id: game.id, seat, clientSeed: clientSeed.trim() || null, inviteCode });
    if (data) accept(data.joinGame);
  };
  const leave = async () => {
    const data = await send(LeaveGameDocument, { id: game.id, inviteCode });
    if (data) accept(data.leaveGame);
  };
  const start = async () => {
    const data = await send(StartGameDocument, { id: game.id });
    if (data) accept(data.startGame);
  };

  return (
    <section className="game-lobby">
      <p>{waiting > 0 ? `Waiting for ${waiting} more player${waiting === 1 ? '' : 's'}.` : 'Every seat is taken.'}</p>
      {isPrivate && <p className="muted">A private game: only people with its invite link, or whom the host invites, can join.</p>}
      {game.autoStart && <p className="muted">It starts by itself as soon as every seat is taken.</p>}
      {actions.join.length > 0 && (
        <label className="contribution">
          Your shuffle contribution (optional): any words, mixed into every shuffle
          <input name="clientSeed" value={clientSeed} onChange={(event) => setClientSeed(event.target.value)} maxLength={200} />
        </label>
      )}
      <ol className="seats">
        {game.seats.map((seat) => {
          const held = isFreeSeat(seat) ? heldFor(seat.index) : null;
          return (
            <li key={seat.index} data-seat={seat.index}>
              <SeatSwatch seat={seat.index} />
              Seat {seat.index + 1}:{' '}
              {isFreeSeat(seat) ? <em>{held ? `held for ${held.id === me?.id ? 'you' : held.displayName}` : 'free'}</em> : seatHolderName(seat)}
              {seat.user?.id === game.host.id && ' (host)'}
              {actions.join.includes(seat.index) && <button onClick={() => join(seat.index)}>Take this seat</button>}
            </li>
          );
        })}
      </ol>
      {(!isPrivate || isHost) && (
        <div className="invite">
          <label>
            Invite link — send it to the other players
            <input readOnly value={inviteLink} onFocus={(event) => event.target.select()} data-invite-link />
          </label>
          <CopyButton text={inviteLink} />
        </div>
      )}
      {actions.invite && <InviteByEmail game={game} accept={accept} />}
      {!me && <p>Log in or sign up to take a seat.</p>}
      {actions.leave && (
        <p>
          <button className="secondary" onClick={leave}>
            Leave
          </button>{' '}
          <span className="muted">Give up your seat before the game starts, for someone else to take.</span>
        </p>
      )}
      {/* A full table that starts by itself has started, unless its start was cut short (the server stopped just after creating a game
          its host and bots filled): then its host starts it. */}
      {isHost && (!game.autoStart || actions.start) && (
        <p>
          <button className="primary" onClick={start} disabled={!actions.start} aria-describedby={actions.start ? undefined : 'start-when-full'}>
            Start the game
          </button>
          {!actions.start && (
            <span id="start-when-full" className="muted">
              {' '}
              You can start once every seat is taken.
            </span>
          )}
        </p>
      )}
      <ProblemBanner problem={problem} onDismiss={dismiss} />
    </section>
  );
}
