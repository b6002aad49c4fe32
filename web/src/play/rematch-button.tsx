/**
 * A finished game's rematch, for its players: ask for one (the same players
 * a seat further round, everyone else invited), or go to the one asked for
 * and take one's seat. A component of its own, for the end screen to place.
 */
import { useQuery } from 'urql';
import { RematchDocument, RematchOfDocument, type GameFragment } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { ProblemBanner } from '../components/problem-banner';
import { useRouter } from '../router';

export function RematchButton({ game }: { game: Pick<GameFragment, 'id' | 'status' | 'mySeat'> }) {
  const { navigate } = useRouter();
  const { send, busy, problem, dismiss } = useMutations();
  const [rematchOf] = useQuery({ query: RematchOfDocument, variables: { id: game.id }, pause: game.status !== 'FINISHED' });
  if (game.status !== 'FINISHED' || game.mySeat === null || game.mySeat === undefined) return null;
  const existing = rematchOf.data?.game.rematchId ?? null;
  const rematch = async () => {
    const data = await send(RematchDocument, { id: game.id });
    if (data) navigate(`/games/${data.rematch.id}`);
  };
  return (
    <div className="rematch">
      <ProblemBanner problem={problem} onDismiss={dismiss} />
      <button className="primary" onClick={rematch} disabled={busy || rematchOf.fetching}>
        {existing ? 'Join the rematch' : 'Rematch'}
      </button>
      {!existing && <span className="muted small"> Same players, each one seat further round; it starts when everyone has accepted.</span>}
    </div>
  );
}
