/**
 * One line saying whose turn it is, or what the player is asked to do (a
 * finished game shows its EndScreen instead). The prompt speaks to the mover
 * ("place one rabble from your HQ"), so only the mover reads it, and it
 * stays in view while the board scrolls under it.
 */
import { useRef } from 'react';
import type { GameFragment } from '../api/generated';
import type { PlayerInfo } from '../games/game-ui';
import { listNames } from './players';
import { useStickyBar } from '../components/sticky-bars';

export function TurnBanner({ game, players, prompt }: { game: GameFragment; players: PlayerInfo[]; prompt: string | null }) {
  const myTurn = game.mySeat !== null && game.activeSeats.includes(game.mySeat);
  // The player's instruction stays at the top of the window (styles.css): what scrolls into view stops below it.
  const banner = useRef<HTMLDivElement>(null);
  useStickyBar(banner, 'top', myTurn);
  if (myTurn) {
    return (
      <div className="turn-banner mine" data-turn="mine" ref={banner}>
        Your turn{prompt ? <>: {prompt}</> : null}
      </div>
    );
  }
  const waitingFor = players.filter((p) => p.active).map((p) => p.name);
  return (
    <div className="turn-banner" data-turn="others">
      {waitingFor.length > 0 ? `Waiting for ${listNames(waitingFor)}` : 'Waiting'}
    </div>
  );
}
