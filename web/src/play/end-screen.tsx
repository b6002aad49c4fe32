/**
 * A finished game: how it ended for the reader ("You won", "You came 2nd",
 * "Bob won" to a spectator; a place as the server ranks it, `places`; "Ended by agreement, with no winner" when it
 * ended early with nobody ahead, "You lost" to each in a cooperative
 * game's loss), and every player's score by category, from
 * the ruleset's score sheet (`result.detail.categories`). `actions` is
 * where what comes next goes (a rematch).
 */
import type { ReactNode } from 'react';
import type { GameFragment } from '../api/generated';
import { resultOf, type GameResult } from '../api/json-fields';
import type { PlayerInfo } from '../games/game-ui';
import { possessive } from '../games/words';
import { listNames } from './players';

const ORDINALS = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th'];

/** How the game ended for everyone, when it did not end by its rules: by agreement, at a passed move deadline, or by the host. */
function earlyEnd(result: GameResult): 'agreement' | 'deadline' | 'host' | null {
  if (result.detail?.endedByAgreement) return 'agreement';
  if (typeof result.detail?.lateSeat === 'number') return 'deadline';
  if (result.detail?.endedByHost) return 'host';
  return null;
}

/** Why the game ended early, in a sentence under the headline. */
function earlyEndNote(result: GameResult, players: PlayerInfo[], mySeat: number | null | undefined): string | null {
  const detail = result.detail;
  switch (earlyEnd(result)) {
    case 'deadline': {
      const lateSeat = detail!.lateSeat!;
      const whose = lateSeat === mySeat ? 'Your' : possessive(players[lateSeat]?.name ?? `Seat ${lateSeat + 1}`);
      return `${whose} move deadline passed, and the game ended there.`;
    }
    case 'host':
      return `The host ended the game: “${detail!.endedByHost}”.`;
    case 'agreement':
      return 'The players agreed to end the game as it stood.';
    default:
      return null;
  }
}

/** `places`: each seat's finishing place, as the server ranks them (`Game.places`). */
function headline(result: GameResult, places: readonly number[] | null | undefined, players: PlayerInfo[], mySeat: number | null | undefined): string {
  const winners = result.winners ?? [];
  const names = winners.map((seat) => players[seat]?.name ?? `Seat ${seat + 1}`);
  if (winners.length === 0) {
    // Nobody won. Ended early, nobody lost either; ended by its rules, the players lost together (a cooperative game), never placed by score.
    const early = earlyEnd(result);
    if (early === 'agreement') return 'Ended by agreement, with no winner';
    if (early === 'deadline') return 'Ended at a passed move deadline, with no winner';
    if (early === 'host') return 'Ended by the host, with no winner';
    return mySeat === null || mySeat === undefined ? 'Nobody won' : 'You lost';
  }
  if (mySeat === null || mySeat === undefined) return `${listNames(names)} won`;
  if (winners.includes(mySeat)) {
    const others = winners.filter((seat) => seat !== mySeat).map((seat) => players[seat]?.name ?? `Seat ${seat + 1}`);
    return others.length > 0 ? `You won, together with ${listNames(others)}` : 'You won';
  }
  if (!result.scores || !places) return `${listNames(names)} won`;
  const shared = places.filter((place) => place === places[mySeat]).length > 1;
  return `You came ${ORDINALS[places[mySeat] - 1]}${shared ? ' (shared)' : ''}`;
}

export function EndScreen({ game, players, actions }: { game: GameFragment; players: PlayerInfo[]; actions?: ReactNode }) {
  const result = resultOf(game) ?? {};
  const scores = result.scores ?? null;
  const categories = result.detail?.categories ?? [];
  const winners = new Set(result.winners ?? []);
  const note = earlyEndNote(result, players, game.mySeat);
  return (
    <section className="end-screen" aria-label="Game over" data-turn="finished">
      <h2 className="turn-banner finished">
        <span className="game-over">Game over: </span>
        <span className="headline">{headline(result, game.places, players, game.mySeat)}</span>
      </h2>
      {note && <p className="muted">{note}</p>}
      {scores && (
        <div className="table-scroll" role="region" aria-label="Final scores" tabIndex={0}>
          <table className="score-sheet">
            <caption>Final scores</caption>
            <thead>
              <tr>
                <th scope="col">Category</th>
                {players.map((player) => (
                  <th scope="col" key={player.seat} className={winners.has(player.seat) ? 'winner' : undefined}>
                    {player.name}
                    {winners.has(player.seat) && (
                      <span className="winner-mark" aria-label="winner">
                        {' '}
                        ★
                      </span>
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {categories.map((line) => (
                <tr key={line.label}>
                  <th scope="row">{line.label}</th>
                  {players.map((player) => (
                    <td key={player.seat}>{line.points[player.seat] ?? 0}</td>
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total</th>
                {players.map((player) => (
                  <td key={player.seat}>{scores[player.seat] ?? '–'}</td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {actions && <div className="end-actions">{actions}</div>}
    </section>
  );
}
