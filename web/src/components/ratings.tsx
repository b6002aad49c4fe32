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

type RatingsTable = Map<string, ShownRating>;

/** How long a ruleset's table read serves every list of the page that asks (the lobby has several): ratings change only as games end. */
const TABLE_LIFETIME_MS = 60_000;
const tables = new Map<string, { readAt: number; table: Promise<RatingsTable> }>();

async function readTable(ruleset: string): Promise<RatingsTable> {
  const { data, error } = await client.query(RatingsDocument, { ruleset }, { requestPolicy: 'network-only' }).toPromise();
  if (!data) throw error;
  return new Map(data.ratings.map((r) => [r.user.id, { rating: r.rating, provisional: r.provisional }]));
}

/** A ruleset's table, as read in the last minute or read now; one that could not be read is asked again next time. */
function tableOf(ruleset: string): Promise<RatingsTable> {
  const kept = tables.get(ruleset);
  if (kept && Date.now() - kept.readAt < TABLE_LIFETIME_MS) return kept.table;
  const table = readTable(ruleset);
  tables.set(ruleset, { readAt: Date.now(), table });
  table.catch(() => tables.delete(ruleset));
  return table;
}

/** The ratings of the players of `rulesets`, by ruleset then player id (none while they are read, or where they could not be). */
export function useRatingsOf(rulesets: string[]): (ruleset: string, userId: string) => ShownRating | undefined {
  const [read, setRead] = useState<Map<string, RatingsTable>>(new Map());
  const key = [...new Set(rulesets)].sort().join(',');
  useEffect(() => {
    let current = true;
    const wanted = key.split(',').filter(Boolean);
    void Promise.all(wanted.map((ruleset) => tableOf(ruleset).then((table) => [ruleset, table] as const))).then(
      (found) => current && setRead(new Map(found)),
      // Names without ratings, rather than no list: the ratings are an addition to it.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [key]);
  return (ruleset, userId) => read.get(ruleset)?.get(userId);
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
