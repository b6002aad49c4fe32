/**
 * The state every form shares while it asks the server something: busy
 * while the request runs, and the problem the server answered, if any.
 */
import { useState } from 'react';
import { problemOf, type Problem } from './errors';

export interface Submission {
  busy: boolean;
  problem: Problem | null;
  dismiss(): void;
  /** Runs `request`; true when it succeeded, false when it was refused (the problem is then shown). */
  run(request: () => Promise<void>): Promise<boolean>;
}

export function useSubmission(): Submission {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const run = async (request: () => Promise<void>) => {
    setProblem(null);
    setBusy(true);
    try {
      await request();
      return true;
    } catch (error) {
      setProblem(problemOf(error));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, dismiss: () => setProblem(null), run };
}
