/** /games/<id>: the lobby of a game that has not started, or the game itself. */
import { ProblemBanner } from '../components/problem-banner';
import { GameLobby } from '../play/game-lobby';
import { PlayArea } from '../play/play-area';
import { GameRecord } from '../play/game-record';
import { FixedSeedNotice, ShuffleFairness } from '../play/shuffle-fairness';
import { useLiveGame } from '../play/use-live-game';
import { usePresence } from '../play/use-presence';
import { useRulesets } from '../components/use-rulesets';
import { useRouter } from '../router';
import { useSession } from '../session';
import { ChatPanel } from '../chat/chat-panel';
import { Notepad } from '../notes/notepad';
import { ChannelWebhook } from '../play/channel-webhook';
import { TurnNotificationsButton, useTurnSignals } from '../play/turn-signals';
import type { GameFragment, GameStatus } from '../api/generated';

const STATUS_WORDS: Record<GameStatus, string> = { LOBBY: 'waiting for players', ACTIVE: 'in play', FINISHED: 'finished', EXPIRED: 'closed' };

function isMyTurn(game: GameFragment | null): boolean {
  return game !== null && game.status === 'ACTIVE' && game.mySeat !== null && game.activeSeats.includes(game.mySeat);
}

export function GamePage({ id }: { id: string }) {
  const { me } = useSession();
  const { location: page } = useRouter();
  const { game, problem, accept, reload } = useLiveGame(id, page.query.get('invite'));
  const rulesets = useRulesets();
  const rulesetName = game ? (rulesets.find((r) => r.id === game.ruleset)?.name ?? game.ruleset) : null;
  useTurnSignals(id, game?.name ?? 'A game', isMyTurn(game));
  usePresence(id, (game?.mySeat ?? null) !== null);
  if (!game) return problem ? <ProblemBanner problem={problem} /> : <p className="muted">Loading the game…</p>;
  const name = rulesetName!;
  return (
    <main className="game-page">
      <h1>
        {game.name} <span className="ruleset-name">{name}</span> <span className="status">{STATUS_WORDS[game.status]}</span>
      </h1>
      {game.withBots && (
        <p className="with-bots muted">Bots play in this game{game.whenPlayerLeaves === 'BOT' ? ', and take over the seat of any player who leaves' : ''}.</p>
      )}
      <FixedSeedNotice game={game} />
      <ProblemBanner problem={problem} />
      {game.status === 'EXPIRED' ? (
        <p className="expired-table">Nobody started this game within 14 days of its opening, so it was closed.</p>
      ) : game.status === 'LOBBY' ? (
        <GameLobby game={game} me={me ?? null} accept={accept} />
      ) : (
        <PlayArea game={game} accept={accept} reload={reload} isHost={me?.id === game.host.id} />
      )}
      {game.mySeat !== null && game.status !== 'FINISHED' && <TurnNotificationsButton />}
      <ChatPanel gameId={game.id} seated={game.mySeat !== null} finished={game.status === 'FINISHED'} />
      {game.mySeat !== null && <Notepad gameId={game.id} />}
      {me?.id === game.host.id && <ChannelWebhook gameId={game.id} />}
      <ShuffleFairness game={game} />
      {game.status !== 'LOBBY' && <GameRecord game={game} />}
    </main>
  );
}
