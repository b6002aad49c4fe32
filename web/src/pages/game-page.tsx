/** /games/<id>: the lobby of a game that has not started, or the game itself. */
import { ProblemBanner } from '../components/problem-banner';
import { GameLobby } from '../play/game-lobby';
import { PlayArea } from '../play/play-area';
import { RematchButton } from '../play/rematch-button';
import { FixedSeedNotice, ShuffleFairness } from '../play/shuffle-fairness';
import { useLiveGame } from '../play/use-live-game';
import { useRulesets } from '../components/use-rulesets';
import { useSession } from '../session';

export function GamePage({ id }: { id: string }) {
  const { me } = useSession();
  const { game, problem, accept, reload } = useLiveGame(id);
  const rulesets = useRulesets();
  if (!game) return problem ? <ProblemBanner problem={problem} /> : <p className="muted">Loading the game…</p>;
  const name = rulesets.find((r) => r.id === game.ruleset)?.name ?? game.ruleset;
  return (
    <main className="game-page">
      <h1>
        {game.name} <span className="ruleset-name">{name}</span> <span className="status">{game.status === 'LOBBY' ? 'waiting for players' : game.status === 'ACTIVE' ? 'in play' : 'finished'}</span>
      </h1>
      <FixedSeedNotice game={game} />
      <ProblemBanner problem={problem} />
      {game.status === 'LOBBY' ? <GameLobby game={game} me={me ?? null} accept={accept} /> : <PlayArea game={game} accept={accept} reload={reload} isHost={me?.id === game.host.id} />}
      {/* Until the end screen places it. */}
      <RematchButton game={game} />
      <ShuffleFairness game={game} />
    </main>
  );
}
