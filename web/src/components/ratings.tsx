/** Ratings beside players' names: a name links to the player's profile (/players/<id>), with their rating in the game's ruleset. */
import { useEffect, useState } from 'react';
import { client } from '../api/client';
import { RatingsDocument } from '../api/generated';
import { Link } from '../router';

/** What the lobby shows of a rating. */
export interface ShownRating {
  rating: number;
  provisional: boolean;
}

/** The path of a player's profile. */
export function profilePath(userId: string): string {
  return `/players/${userId}`;
}

/** "12.3", as ratings are shown. */
export function ratingText(rating: number): string {
  return rating.toFixed(1);
}

/** The ratings of the players of `rulesets`, by ruleset then player id, as they are when asked (asked again when the rulesets change). */
export function useRatingsOf(rulesets: string[]): (ruleset: string, userId: string) => ShownRating | undefined {
  const [tables, setTables] = useState<Map<string, Map<string, ShownRating>>>(new Map());
  const key = [...new Set(rulesets)].sort().join(',');
  useEffect(() => {
    let current = true;
    const read = key
      .split(',')
      .filter(Boolean)
      .map(async (ruleset) => {
        const { data } = await client.query(RatingsDocument, { ruleset }, { requestPolicy: 'network-only' }).toPromise();
        return [ruleset, new Map((data?.ratings ?? []).map((r) => [r.user.id, { rating: r.rating, provisional: r.provisional }]))] as const;
      });
    void Promise.all(read).then((read) => current && setTables(new Map(read)));
    return () => {
      current = false;
    };
  }, [key]);
  return (ruleset, userId) => tables.get(ruleset)?.get(userId);
}

/** A player's name as a link to their profile, with their rating after it when they have one. */
export function PlayerName({ user, rating }: { user: { id: string; displayName: string }; rating?: ShownRating }) {
  return (
    <span className="player-name">
      <Link to={profilePath(user.id)}>{user.displayName}</Link>
      {rating && (
        <span className="rating" title={rating.provisional ? 'Rating (provisional: fewer than 10 rated games)' : 'Rating'}>
          {' '}
          {ratingText(rating.rating)}
          {rating.provisional && '?'}
        </span>
      )}
    </span>
  );
}
