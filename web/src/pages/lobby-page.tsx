/**
 * The home page of a logged-in player: games waiting for their move first
 * (soonest deadline first, from `myTurns`), then all their games, games others opened that have a free seat, and a
 * form to start a new one.
 */
import { useCallback, useEffect, useState } from 'react';
import { request } from '../api/client';
import { problemOf, type Problem } from '../api/errors';
import { MY_GAMES, MY_TURNS, OPEN_GAMES } from '../api/operations';
import type { GameSummary, MyTurn } from '../api/types';
import { CreateGameForm } from '../components/create-game-form';
import { GameList } from '../components/game-list';
import { ProblemBanner } from '../components/problem-banner';
import { useRulesets } from '../components/use-rulesets';
import { useRouter } from '../router';

const REFRESH_MS = 30_000;

export function LobbyPage() {
  const { navigate } = useRouter();
  const rulesets = useRulesets();
  const [turns, setTurns] = useState<MyTurn[] | null>(null);
  const [mine, setMine] = useState<GameSummary[]>([]);
  const [open, setOpen] = useState<GameSummary[]>([]);
  const [problem, setProblem] = useState<Problem | null>(null);

  const load = useCallback(() => {
    Promise.all([request<{ myTurns: MyTurn[] }>(MY_TURNS), request<{ games: GameSummary[] }>(MY_GAMES), request<{ games: GameSummary[] }>(OPEN_GAMES)])
      .then(([myTurns, myGames, openGames]) => {
        setTurns(myTurns.myTurns);
        setMine(myGames.games);
        setOpen(openGames.games.filter((game) => game.mySeat === null && game.seats.some((seat) => !seat.user)));
      })
      .catch((error) => setProblem(problemOf(error)));
  }, []);

  useEffect(() => {
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

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
