/** The group page's leagues, newest first: each one's game, format and how far it has gone, linking to its page. */
import type { GroupFragment, GroupLeagueFragment } from '../api/generated';
import type { Ruleset } from '../components/use-rulesets';
import { LEAGUE_FORMAT_WORDS } from '../components/league-words';
import { Link, useRouter } from '../router';
import { CreateLeagueForm } from './create-league-form';

function progress(league: GroupLeagueFragment): string {
  if (league.finished) return 'finished';
  if (league.currentRound === 0) return `starts ${new Date(league.startsAt).toLocaleDateString()}`;
  return `round ${league.currentRound} of ${league.rounds.length}`;
}

export function GroupLeagues({ group, rulesets, admin }: { group: GroupFragment; rulesets: Ruleset[]; admin: boolean }) {
  const { navigate } = useRouter();
  const nameOf = (id: string) => rulesets.find((ruleset) => ruleset.id === id)?.name ?? id;
  return (
    <section className="group-leagues" aria-labelledby="group-leagues-heading" data-group-leagues>
      <h2 id="group-leagues-heading">Leagues</h2>
      {group.leagues.length === 0 ? (
        <p className="muted">No league in this group yet.</p>
      ) : (
        <ul className="group-league-list">
          {group.leagues.map((league) => (
            <li key={league.id}>
              <Link to={`/leagues/${league.id}`}>
                {nameOf(league.ruleset)}, {LEAGUE_FORMAT_WORDS[league.format]}
              </Link>{' '}
              <span className="muted">({progress(league)})</span>
            </li>
          ))}
        </ul>
      )}
      {admin && (
        <details className="group-new-league">
          <summary>Start a league in this group</summary>
          <CreateLeagueForm group={group} rulesets={rulesets} onCreated={(leagueId) => navigate(`/leagues/${leagueId}`)} />
        </details>
      )}
    </section>
  );
}
