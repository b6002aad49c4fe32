/** One line saying whose turn it is, what the player is asked to do, or how the game ended. */
import type { GameFragment } from '../api/generated';
import { resultOf } from '../api/json-fields';
import type { PlayerInfo } from '../games/game-ui';
import { listNames } from './players';

export function TurnBanner({ game, players, prompt }: { game: GameFragment; players: PlayerInfo[]; prompt: string | null }) {
  if (game.status === 'FINISHED') {
    const result = resultOf(game);
    const winners = (result?.winners ?? []).map((seat) => players[seat]?.name ?? `Seat ${seat + 1}`);
    const scores = result?.scores;
    return (
      <div className="turn-banner finished" data-turn="finished">
        Game over{winners.length > 0 && <>: {listNames(winners)} won</>}
        {scores && <span className="scores"> ({players.map((p, i) => `${p.name} ${scores[i] ?? '–'}`).join(', ')})</span>}
      </div>
    );
  }
  const myTurn = game.mySeat !== null && game.activeSeats.includes(game.mySeat);
  if (myTurn) {
    return (
      <div className="turn-banner mine" data-turn="mine">
        Your turn{prompt ? <>: {prompt}</> : null}
      </div>
    );
  }
  const waitingFor = players.filter((p) => p.active).map((p) => p.name);
  return (
    <div className="turn-banner" data-turn="others">
      {waitingFor.length > 0 ? `Waiting for ${listNames(waitingFor)}` : 'Waiting'}
      {prompt ? <span className="prompt"> — {prompt}</span> : null}
    </div>
  );
}
