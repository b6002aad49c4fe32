/** The group page's ratings: a ruleset's table over the group's rated games alone (the same numbers `npm run ratings` gives over the group's records). */
import { RulesetChoices } from '../components/ruleset-choices';
import { useState } from 'react';
import { useQuery } from 'urql';
import { problemOf } from '../api/errors';
import { RatingsDocument, type GroupFragment } from '../api/generated';
import { ProblemBanner } from '../components/problem-banner';
import { PlayerName, ratingText } from '../components/ratings';
import type { Ruleset } from '../components/use-rulesets';

export function GroupRatings({ group, rulesets }: { group: GroupFragment; rulesets: Ruleset[] }) {
  // The game the group played last, until the reader picks another.
  const [chosen, setChosen] = useState<string | null>(null);
  const ruleset = chosen ?? group.games[0]?.ruleset ?? rulesets[0]?.id ?? '';
  const [loaded] = useQuery({ query: RatingsDocument, variables: { ruleset, groupId: group.id }, pause: ruleset === '' });
  const name = rulesets.find((r) => r.id === ruleset)?.name ?? ruleset;
  const table = loaded.data?.ratings;
  return (
    <section className="group-ratings" aria-labelledby="group-ratings-heading">
      <h2 id="group-ratings-heading">Ratings</h2>
      <label className="filter">
        Game
        <select value={ruleset} onChange={(event) => setChosen(event.target.value)}>
          <RulesetChoices rulesets={rulesets} />
        </select>
      </label>
      <ProblemBanner problem={loaded.error ? problemOf(loaded.error) : null} />
      {table === undefined ? (
        !loaded.error && <p className="muted">Loading…</p>
      ) : table.length === 0 ? (
        <p className="muted">No rated game of {name} has been played in this group yet.</p>
      ) : (
        <table className="ratings-table">
          <caption>{name}, over the group’s rated games (? : provisional, fewer than 10 games)</caption>
          <thead>
            <tr>
              <th scope="col">Player</th>
              <th scope="col">Rating</th>
              <th scope="col">Games</th>
            </tr>
          </thead>
          <tbody>
            {table.map((row) => (
              <tr key={row.user.id}>
                <td>
                  <PlayerName user={row.user} />
                </td>
                <td>
                  {ratingText(row.rating)}
                  {row.provisional && '?'}
                </td>
                <td>{row.games}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
