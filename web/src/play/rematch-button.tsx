/**
 * A finished game's rematch, for its players: ask for one (the same players
 * a seat further round, everyone else invited), or, once someone has, say
 * that it waits for the player and take their seat in it (or go to it, for
 * whoever is seated there already). The page hears of a rematch asked for
 * meanwhile through the lobby signal (an invitation to the player). A
 * component of its own, for the end screen to place.
 */
import { useQuery } from 'urql';
import { RematchDocument, RematchGameDocument, RematchOfDocument, type GameFragment } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { ProblemBanner } from '../components/problem-banner';
import { useLobbyChanges } from '../lobby/use-lobby-changes';
import { useRouter } from '../router';

export function RematchButton({ game }: { game: Pick<GameFragment, 'id' | 'canAskForRematch'> }) {
  const { navigate } = useRouter();
  const { send, busy, problem, dismiss } = useMutations();
  // The server says who may: a player of the game, once it is over.
  const player = game.canAskForRematch;
  const [rematchOf, readRematchOf] = useQuery({ query: RematchOfDocument, variables: { id: game.id }, pause: !player });
  const rematchId = rematchOf.data?.game.rematchId ?? null;
  const [rematch] = useQuery({ query: RematchGameDocument, variables: { id: rematchId ?? '' }, pause: rematchId === null });
  // Until there is one, a rematch another player asks for comes as an invitation to this player's lobby.
  useLobbyChanges(
    (change) => {
      if (change.invited || change.gameId === null) readRematchOf({ requestPolicy: 'network-only' });
    },
    player && rematchId === null,
  );
  if (!player) return null;
  const seated = rematch.data ? rematch.data.game.mySeat !== null : null;
  const join = async () => {
    const data = await send(RematchDocument, { id: game.id });
    if (data) navigate(`/games/${data.rematch.id}`);
  };
  return (
    <div className="rematch">
      <ProblemBanner problem={problem} onDismiss={dismiss} />
      {rematchId && rematch.data && !seated && (
        <p className="rematch-waits" role="status">
          {rematch.data.game.host.displayName} asked for a rematch: your seat in it waits for you.
        </p>
      )}
      {rematchId && seated ? (
        <button className="primary" onClick={() => navigate(`/games/${rematchId}`)}>
          Go to the rematch
        </button>
      ) : (
        // Not while the rematch is read again on a lobby signal: asking for one that exists takes the player's seat in it, and a button
        // disabled for that moment swallowed the click that came then.
        <button className="primary" onClick={join} disabled={busy || !rematchOf.data || (rematchId !== null && !rematch.data)}>
          {rematchId ? 'Join the rematch' : 'Rematch'}
        </button>
      )}
      {!rematchId && <span className="muted small"> Same players, each one seat further round; it starts when everyone has accepted.</span>}
    </div>
  );
}
