/**
 * The game's record: "Download record" (the whole game once it is over, or
 * the player's own record of it while it is played) and, on a finished game,
 * whether the record verified: the server checked every move again with the
 * rules and the revealed shuffles (README: "Game records and the verifier").
 */
import { useState } from 'react';
import { useClient, useQuery } from 'urql';
import type { GameFragment as Game } from '../api/generated';
import { GameRecordDocument, RecordCheckDocument } from '../api/generated';
import { problemOf, type Problem } from '../api/errors';
import { ProblemBanner } from '../components/problem-banner';

/** How long the file's address stays good after the click: the browser reads it after the click returns, later on a busy machine. */
const FILE_ADDRESS_KEPT_MS = 40_000;

function saveAsFile(name: string, content: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(content, null, 1)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // Revoked at once, the address could be gone before the browser began the download, and no file came (seen on a loaded CI machine).
  setTimeout(() => URL.revokeObjectURL(url), FILE_ADDRESS_KEPT_MS);
}

function RecordVerified({ gameId }: { gameId: string }) {
  const [{ data, error }] = useQuery({ query: RecordCheckDocument, variables: { id: gameId } });
  const check = data?.game.recordCheck;
  if (error) return <p className="small muted">The record could not be checked just now.</p>;
  if (!check) return <p className="small muted">Checking the record…</p>;
  if (check.verified) {
    return (
      <p className="record-check ok" data-record-verified="true">
        ✓ Record verified: every move was allowed when it was made, and played again with the revealed shuffles it gives exactly this game and its result.
      </p>
    );
  }
  if (!check.verifiable) {
    return (
      <p className="record-check small muted" data-record-verified="unverifiable">
        This game was played before the server recorded each move as it was made, so its record cannot be checked move by move.
      </p>
    );
  }
  return (
    <p className="record-check bad" data-record-verified="false">
      The record does not check out{check.firstBadSeq === null ? '' : ` from entry ${check.firstBadSeq} of the history on`}: {check.problem}
    </p>
  );
}

export function GameRecord({ game }: { game: Pick<Game, 'id' | 'status' | 'mySeat'> }) {
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const finished = game.status === 'FINISHED';
  // While a game is played, its record is for its players only.
  if (!finished && game.mySeat === null) return null;
  const download = async () => {
    setBusy(true);
    setProblem(null);
    const { data, error } = await client.query(GameRecordDocument, { id: game.id }, { requestPolicy: 'network-only' });
    setBusy(false);
    if (data) saveAsFile(`game-${game.id}.json`, data.game.record);
    else if (error) setProblem(problemOf(error));
  };
  return (
    <section className="game-record card">
      <h2>Game record</h2>
      <p className="small">
        {finished
          ? 'Every move of the game as it was made, with the shuffles: anyone can check it on their own computer.'
          : 'Every move of the game so far, as you may see it: once the game is over, everyone can have the whole record and check it.'}
      </p>
      <button type="button" onClick={() => void download()} disabled={busy}>
        Download record
      </button>
      <ProblemBanner problem={problem} />
      {finished && <RecordVerified gameId={game.id} />}
    </section>
  );
}
