/**
 * A player's profile (/players/<id>): per game, their rating, how many rated
 * games it rests on (provisional until 10), and how it went, as a small
 * chart; and their reliability: turns that ran out of time, games left.
 */
import { useQuery } from 'urql';
import { problemOf } from '../api/errors';
import { PlayerProfileDocument, type PlayerProfileQuery } from '../api/generated';
import { ProblemBanner } from '../components/problem-banner';
import { ratingText } from '../components/ratings';
import { useRulesets } from '../components/use-rulesets';

type RulesetRating = PlayerProfileQuery['player']['ratings'][number];
type Reliability = PlayerProfileQuery['player']['reliability'];

const CHART = { width: 240, height: 64, pad: 4 };

/** The rating after each rated game, oldest left, as a line: its accessible name says what it shows. */
function HistoryChart({ gameName, history }: { gameName: string; history: RulesetRating['history'] }) {
  const ratings = history.map((point) => point.rating);
  const [low, high] = [Math.min(...ratings), Math.max(...ratings)];
  const x = (i: number) => CHART.pad + (history.length === 1 ? 0.5 : i / (history.length - 1)) * (CHART.width - 2 * CHART.pad);
  const y = (rating: number) => CHART.height - CHART.pad - (high === low ? 0.5 : (rating - low) / (high - low)) * (CHART.height - 2 * CHART.pad);
  const points = ratings.map((rating, i) => `${x(i).toFixed(1)},${y(rating).toFixed(1)}`).join(' ');
  const label = `${gameName} rating after each of ${history.length} rated games, from ${ratingText(ratings[0])} to ${ratingText(ratings[ratings.length - 1])}`;
  return (
    <svg className="rating-chart" role="img" aria-label={label} viewBox={`0 0 ${CHART.width} ${CHART.height}`} width={CHART.width} height={CHART.height}>
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="2" />
      {ratings.map((rating, i) => (
        <circle key={i} cx={x(i)} cy={y(rating)} r="2.5" fill="currentColor" />
      ))}
    </svg>
  );
}

function RatingCard({ rating, gameName }: { rating: RulesetRating; gameName: string }) {
  return (
    <section className="card rating-card" aria-label={gameName}>
      <h2>{gameName}</h2>
      <p className="rating-line">
        <strong className="rating-value">{ratingText(rating.rating)}</strong> after {rating.games} rated {rating.games === 1 ? 'game' : 'games'}
        {rating.provisional && <span className="provisional"> · provisional until 10 games</span>}
      </p>
      <HistoryChart gameName={gameName} history={rating.history} />
    </section>
  );
}

/** "3 of 120 turns (2.5%)". */
function shareText(part: number, whole: number, what: string): string {
  if (whole === 0) return `no ${what} yet`;
  return `${part} of ${whole} ${what} (${((100 * part) / whole).toFixed(1)}%)`;
}

function ReliabilityCard({ reliability }: { reliability: Reliability }) {
  return (
    <section className="card" aria-label="Reliability">
      <h2>Reliability</h2>
      <dl className="reliability">
        <dt>Turns that ran out of time</dt>
        <dd>{shareText(reliability.turnsTimedOut, reliability.turns, 'turns')}</dd>
        <dt>Games left before the end</dt>
        <dd>{shareText(reliability.gamesLeft, reliability.games, 'finished games')}</dd>
      </dl>
    </section>
  );
}

export function PlayerPage({ id }: { id: string }) {
  const [loaded] = useQuery({ query: PlayerProfileDocument, variables: { id }, requestPolicy: 'cache-and-network' });
  const rulesets = useRulesets();
  const player = loaded.data?.player;
  const problem = loaded.error ? problemOf(loaded.error) : null;
  return (
    <main className="settings player-page">
      <h1>{player ? player.name : 'Player'}</h1>
      <ProblemBanner problem={problem} />
      {player ? (
        <>
          {player.ratings.length === 0 && <p className="muted">No rated games yet.</p>}
          {player.ratings.map((rating) => (
            <RatingCard key={rating.ruleset} rating={rating} gameName={rulesets.find((r) => r.id === rating.ruleset)?.name ?? rating.ruleset} />
          ))}
          <ReliabilityCard reliability={player.reliability} />
        </>
      ) : (
        !problem && <p className="muted">Loading…</p>
      )}
    </main>
  );
}
