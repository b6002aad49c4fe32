/** /leagues/<id>: a league's standings, then its rounds: who plays whom, the results, and a link to each game and its record. */
import { useState } from 'react';
import { useQuery } from 'urql';
import { problemOf } from '../api/errors';
import { LeagueDocument, LeaveLeagueDocument, type LeagueQuery } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { ProblemBanner } from '../components/problem-banner';
import { useRulesets } from '../components/use-rulesets';
import { LEAGUE_FORMAT_WORDS } from '../components/league-words';
import { Link } from '../router';
import { useSession } from '../session';

type League = LeagueQuery['league'];
type Round = League['rounds'][number];
type Table = Round['tables'][number];

const TIE_BREAK: Record<League['format'], string> = { ROUND_ROBIN: 'Sonneborn-Berger', SWISS: 'Buchholz' };

/** ½ rather than 0.5: points as a league table writes them. */
function points(value: number): string {
  const whole = Math.trunc(value);
  const half = Math.abs(value - whole) === 0.5;
  if (half) return whole === 0 ? '½' : `${whole}½`;
  return String(Math.round(value * 100) / 100);
}

function progress(league: League): string {
  if (league.finished) return 'Finished.';
  if (league.currentRound === 0) return `Starts ${new Date(league.startsAt).toLocaleString()}.`;
  return `Round ${league.currentRound} of ${league.rounds.length} is being played.`;
}

export function LeaguePage({ id }: { id: string }) {
  const [result, reload] = useQuery({ query: LeagueDocument, variables: { id } });
  const { me } = useSession();
  const rulesets = useRulesets();
  const league = result.data?.league;
  if (!league) return result.error ? <ProblemBanner problem={problemOf(result.error)} /> : <p className="muted">Loading the league…</p>;
  const game = rulesets.find((ruleset) => ruleset.id === league.ruleset)?.name ?? league.ruleset;
  return (
    <main className="league-page">
      <h1>
        {game} league <span className="ruleset-name">{LEAGUE_FORMAT_WORDS[league.format]}</span>
      </h1>
      <p>
        {league.seatsPerGame} players a game. {progress(league)}
      </p>
      <Standings league={league} />
      {!league.finished && league.standings.some((row) => row.user.id === me?.id && !row.droppedOut) && (
        <DropOut league={league} onDone={() => reload({ requestPolicy: 'network-only' })} />
      )}
      {league.rounds.map((round) => (
        <RoundSection key={round.number} round={round} />
      ))}
      <p className="muted small">
        Seats and pairings are drawn from a secret seed, SHA-256 <code className="seed">{league.seedCommitment}</code>
        {league.seed ? (
          <>
            , revealed now: <code className="seed">{league.seed}</code>
          </>
        ) : (
          ', revealed when the league ends'
        )}
        .
      </p>
    </main>
  );
}

function Standings({ league }: { league: League }) {
  return (
    <section aria-labelledby="standings-heading">
      <h2 id="standings-heading">Standings</h2>
      <div className="table-scroll" role="region" aria-label="Standings" tabIndex={0}>
        <table className="score-sheet league-standings">
          <thead>
            <tr>
              <th scope="col">Place</th>
              <th scope="col">Player</th>
              <th scope="col">Points</th>
              <th scope="col">{TIE_BREAK[league.format]}</th>
              <th scope="col">Played</th>
              <th scope="col">Left</th>
            </tr>
          </thead>
          <tbody>
            {league.standings.map((row, i) => (
              <tr key={row.user.id}>
                <td>{i + 1}</td>
                <th scope="row">
                  {row.user.displayName}
                  {row.droppedOut && <span className="muted"> (dropped out)</span>}
                </th>
                <td>{points(row.points)}</td>
                <td>{points(row.tieBreak)}</td>
                <td>{row.played}</td>
                <td>{row.left}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted small">Ties on points are broken by {TIE_BREAK[league.format]}.</p>
    </section>
  );
}

/** Dropping out, asked twice: the player's games not yet begun are forfeited (or played by bots, where the league says so). */
function DropOut({ league, onDone }: { league: League; onDone: () => void }) {
  const mutations = useMutations();
  const [asked, setAsked] = useState(false);
  const dropOut = async () => {
    if (await mutations.send(LeaveLeagueDocument, { leagueId: league.id })) onDone();
  };
  const lost = league.botsPlayDropOuts ? 'will be played by bots for you' : 'will be lost';
  return (
    <section aria-labelledby="drop-out-heading">
      <h2 id="drop-out-heading">Dropping out</h2>
      <ProblemBanner problem={mutations.problem} onDismiss={mutations.dismiss} />
      {asked ? (
        <p>
          Your games not begun yet {lost} (the games you are playing go on).{' '}
          <button type="button" className="danger" disabled={mutations.busy} onClick={() => void dropOut()}>
            Yes, drop out
          </button>{' '}
          <button type="button" className="secondary" onClick={() => setAsked(false)}>
            Stay in
          </button>
        </p>
      ) : (
        <button type="button" className="secondary" onClick={() => setAsked(true)}>
          Drop out of this league
        </button>
      )}
    </section>
  );
}

function RoundSection({ round }: { round: Round }) {
  return (
    <section className="league-round card" aria-labelledby={`round-${round.number}`}>
      <h2 id={`round-${round.number}`}>Round {round.number}</h2>
      {round.tables.length === 0 ? (
        <p className="muted">Paired when the round before it ends.</p>
      ) : (
        <ul className="league-games">
          {round.tables.map((table, i) => (
            <TableLine key={i} table={table} started={round.started} />
          ))}
        </ul>
      )}
      {round.byes.length > 0 && <p className="muted">Sitting out: {round.byes.map((player) => player.displayName).join(', ')}</p>}
    </section>
  );
}

function TableLine({ table, started }: { table: Table; started: boolean }) {
  const names = table.players.map((player, seat) => (table.points ? `${player.displayName} ${points(table.points[seat])}` : player.displayName));
  return (
    <li>
      <span>{names.join(' · ')}</span>{' '}
      {table.game ? (
        <>
          <Link to={`/games/${table.game.id}`}>{table.game.status === 'FINISHED' ? 'See the game' : 'Go to the game'}</Link>
          {table.game.status === 'FINISHED' && (
            <>
              {' '}
              <a href={`/games/${table.game.id}/record.json`}>Record</a>
            </>
          )}
        </>
      ) : (
        <span className="muted">{started ? 'No game: forfeited' : 'Not started yet'}</span>
      )}
    </li>
  );
}
