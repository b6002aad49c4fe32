/**
 * Shuffle fairness, in players' words: the fingerprint of the server's secret
 * seed (shown from the start), every player's contribution, and the seed
 * itself once the game is over, checked here against the fingerprint. A game
 * whose host chose the seed says so plainly, before anyone sits down.
 */
import { useEffect, useState } from 'react';
import type { GameFragment as Game } from '../api/generated';
import { SeatSwatch } from '../components/svg';
import { seatHolderName } from './players';

/** The SHA-256 of `text`, hex; null where the browser offers no digest (a page not served over https). */
async function sha256(text: string): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether the revealed seed matches the fingerprint shown from the start; null until known. */
function useSeedMatches(serverSeed: string | null, commitment: string): boolean | null {
  const [matches, setMatches] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    setMatches(null);
    if (serverSeed) void sha256(serverSeed).then((hash) => current && setMatches(hash === null ? null : hash === commitment));
    return () => {
      current = false;
    };
  }, [serverSeed, commitment]);
  return matches;
}

export function FixedSeedNotice({ game }: { game: Pick<Game, 'randomness'> }) {
  if (!game.randomness.fixedSeed) return null;
  return (
    <p className="fixed-seed-notice" role="note">
      <strong>Fixed shuffle.</strong> The host chose this game's shuffle seed, so the host can know every card and roll in advance. Play it for testing only.
    </p>
  );
}

export function ShuffleFairness({ game }: { game: Pick<Game, 'randomness' | 'seats' | 'status'> }) {
  const { commitment, clientSeeds, serverSeed } = game.randomness;
  const matches = useSeedMatches(serverSeed, commitment);
  return (
    <details className="fairness card">
      <summary>Shuffle fairness</summary>
      <p className="small">
        Every shuffle and roll comes from a secret seed the server drew when the game was created, mixed with each player's contribution below, so nobody
        decides them alone. Its fingerprint is shown from the start; the seed itself is shown when the game is over, so that anyone can check every shuffle and
        roll.
      </p>
      <dl>
        <dt>Fingerprint of the secret seed</dt>
        <dd className="seed" data-commitment>
          {commitment}
        </dd>
        <dt>Players' contributions</dt>
        <dd>
          <ul className="contributions">
            {game.seats.map((seat) => (
              <li key={seat.index}>
                <SeatSwatch seat={seat.index} />
                {seatHolderName(seat)}: <span className="seed">{clientSeeds[seat.index] ?? <em>not yet</em>}</span>
              </li>
            ))}
          </ul>
        </dd>
        <dt>Secret seed</dt>
        <dd>
          {serverSeed ? (
            <>
              <span className="seed" data-server-seed>
                {serverSeed}
              </span>
              {matches !== null && (
                <span className={matches ? 'seed-check ok' : 'seed-check bad'}>
                  {matches ? ' ✓ matches the fingerprint' : ' ✗ does not match the fingerprint'}
                </span>
              )}
            </>
          ) : (
            <em>shown when the game is over</em>
          )}
        </dd>
      </dl>
    </details>
  );
}
