/** Games as lines: its name, which game with which variants, who plays, whose turn, the last move's age and the viewer's deadline, and a link to open it. */
import { Fragment, type ReactNode } from 'react';
import type { GameSummaryFragment } from '../api/generated';
import { UnreadBadge } from '../chat/unread-badge';
import type { OptionSpec } from '../api/json-fields';
import { optionApplies, optionValueWords, type GameOptions } from '@shared/rules';
import type { Ruleset } from './use-rulesets';
import { Link } from '../router';
import { deadlineText } from './deadline-text';
import { isFreeSeat, seatHolderName } from '../play/players';
import { PlayerName, useRatingsOf } from './ratings';

function whoseTurn(game: GameSummaryFragment): string {
  if (game.status === 'LOBBY') return `${game.seats.filter((s) => !isFreeSeat(s)).length} of ${game.seats.length} seats taken`;
  if (game.status === 'FINISHED') return 'finished';
  if (game.mySeat !== null && game.activeSeats.includes(game.mySeat)) return 'your turn';
  const names = game.activeSeats.map((seat) => (game.seats[seat] ? seatHolderName(game.seats[seat]) : `seat ${seat + 1}`));
  return names.length ? `waiting for ${names.join(', ')}` : 'in play';
}

/** The options chosen away from their defaults ("Co-op", "Target: 30"): what sets this game apart from another of the same kind. */
export function variantsOf(game: Pick<GameSummaryFragment, 'options'>, ruleset: Ruleset | undefined): string[] {
  const chosen = (game.options ?? {}) as Record<string, unknown>;
  return (ruleset?.options ?? []).flatMap((spec: OptionSpec) => {
    const value = chosen[spec.key];
    if (value === undefined || value === spec.default || !optionApplies(spec, chosen as GameOptions)) return [];
    if (spec.type === 'boolean') return value === true ? [spec.label] : [`no ${spec.label.toLowerCase()}`];
    return [`${spec.label}: ${optionValueWords(spec, value)}`];
  });
}

/** "moved 5 hours ago", from the game's last change. */
function lastMoveText(game: GameSummaryFragment): string {
  const ago = deadlineText(game.updatedAt);
  return game.status === 'LOBBY' ? `opened ${ago}` : `last move ${ago}`;
}

/** Seated players and bots only (the free seats are counted beside, "1 of 2 seats taken"): players link to their profiles, with their ratings. */
function SeatHolders({ game, ratingOf }: { game: GameSummaryFragment; ratingOf: ReturnType<typeof useRatingsOf> }) {
  const held = game.seats.filter((seat) => !isFreeSeat(seat));
  return (
    <span className="players">
      {held.map((seat, i) => (
        <Fragment key={seat.index}>
          {i > 0 && ', '}
          {seat.user && !seat.bot ? <PlayerName user={seat.user} rating={ratingOf(game.ruleset, seat.user.id)} /> : seatHolderName(seat)}
        </Fragment>
      ))}
    </span>
  );
}

export function GameList({
  games,
  rulesets,
  empty,
  label,
  deadlines,
  actions,
}: {
  /** Rows of the player's own games also count their unread chat lines. */
  games: Array<GameSummaryFragment & { unreadChat?: number }>;
  rulesets: Ruleset[];
  empty: string;
  label: string;
  /** For "my turns": each game's deadline for the viewer, if it has one. */
  deadlines?: (string | null)[];
  /** Buttons beside a row (accept and decline an invitation). */
  actions?: (game: GameSummaryFragment) => ReactNode;
}) {
  const ratingOf = useRatingsOf(games.map((game) => game.ruleset));
  if (games.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="game-list" aria-label={label}>
      {games.map((game, i) => {
        const ruleset = rulesets.find((r) => r.id === game.ruleset);
        const variants = variantsOf(game, ruleset);
        return (
          <li key={game.id} data-game={game.id}>
            <div className="game-card">
              <Link to={`/games/${game.id}`} className="game-link">
                <span className="title">
                  <strong className="name">{game.name}</strong> <UnreadBadge count={game.unreadChat} />
                </span>
                <span className="what">
                  {ruleset?.name ?? game.ruleset}
                  {variants.length > 0 && ` · ${variants.join(', ')}`}
                  {game.visibility === 'PRIVATE' && ' · private'}
                  {game.withBots && <span className="with-bots"> · with bots</span>}
                </span>
                <span className="turn">
                  {whoseTurn(game)} · <span className="age">{lastMoveText(game)}</span>
                  {deadlines?.[i] && <span className="deadline"> · your move is due {deadlineText(deadlines[i]!)}</span>}
                </span>
              </Link>
              <SeatHolders game={game} ratingOf={ratingOf} />
            </div>
            {actions && <span className="row-actions">{actions(game)}</span>}
          </li>
        );
      })}
    </ul>
  );
}
