/**
 * The home page of a logged-in player: games waiting for their move first
 * (soonest deadline first, from `myTurns`), then all their games, games others opened that have a free seat, and a
 * form to start a new one.
 */
import { useEffect } from 'react';
import { useQuery } from 'urql';
import { problemOf } from '../api/errors';
import { MyGamesDocument, MyTurnsDocument, OpenGamesDocument } from '../api/generated';
import { CreateGameForm } from '../components/create-game-form';
import { GameList } from '../components/game-list';
import { ProblemBanner } from '../components/problem-banner';
import { useRulesets } from '../components/use-rulesets';
import { useRouter } from '../router';
import { useWaitingTurnsTitle } from '../play/turn-signals';

const REFRESH_MS = 30_000;

export function LobbyPage() {
  const { navigate } = useRouter();
  const rulesets = useRulesets();
  const [myTurns, readMyTurns] = useQuery({ query: MyTurnsDocument });
  const [myGames, readMyGames] = useQuery({ query: MyGamesDocument });
  const [openGames, readOpenGames] = useQuery({ query: OpenGamesDocument });

  useEffect(() => {
    const timer = setInterval(() => {
      for (const read of [readMyTurns, readMyGames, readOpenGames]) read({ requestPolicy: 'network-only' });
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [readMyTurns, readMyGames, readOpenGames]);

  const turns = myTurns.data?.myTurns ?? null;
  useWaitingTurnsTitle(turns?.length ?? 0);
  const mine = myGames.data?.games ?? [];
  const open = (openGames.data?.games ?? []).filter((game) => game.mySeat === null && game.seats.some((seat) => !seat.user));
  const error = myTurns.error ?? myGames.error ?? openGames.error;
  const problem = error ? problemOf(error) : null;

  return (
    <main className="lobby">
      <ProblemBanner problem={problem} />
      <section aria-label="My turns">
        <h2>Your turn</h2>
        {turns === null ? (
          <p className="muted">Loading…</p>
        ) : (
          <GameList games={turns.map((turn) => turn.game)} deadlines={turns.map((turn) => turn.deadline)} rulesets={rulesets} label="My turns" empty="No game is waiting for you." />
        )}
      </section>
      <section>
        <h2>All your games</h2>
        <GameList games={mine} rulesets={rulesets} label="My games" empty="You are not in any game yet: create one below, or join an open one." />
      </section>
      {open.length > 0 && (
        <section>
          <h2>Open games with a free seat</h2>
          <GameList games={open} rulesets={rulesets} label="Open games" empty="" />
        </section>
      )}
      <CreateGameForm rulesets={rulesets} onCreated={(game) => navigate(`/games/${game.id}`)} />
    </main>
  );
}
