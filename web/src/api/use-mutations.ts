/**
 * What a form (or a row of buttons) needs while it sends mutations through
 * the client: `busy` while one runs, and `problem`, the last refusal in
 * words, until dismissed or the next one is sent, or, for "No connection",
 * until the server can be reached again.
 */
import { useEffect, useState } from 'react';
import { useClient, type AnyVariables, type TypedDocumentNode } from 'urql';
import { onConnected } from './client';
import { problemOf, withoutNoConnection, type Problem } from './errors';

export interface Mutations {
  busy: boolean;
  problem: Problem | null;
  dismiss(): void;
  /** Sends the mutation; resolves to its data, or to null when it was refused (then `problem` says why). */
  send<Data, Variables extends AnyVariables>(document: TypedDocumentNode<Data, Variables>, variables: Variables): Promise<Data | null>;
}

export function useMutations(): Mutations {
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  useEffect(() => onConnected(() => setProblem(withoutNoConnection)), []);
  return {
    busy,
    problem,
    dismiss: () => setProblem(null),
    send: async (document, variables) => {
      setProblem(null);
      setBusy(true);
      try {
        const result = await client.mutation(document, variables);
        if (result.error) setProblem(problemOf(result.error));
        return result.error ? null : (result.data ?? null);
      } finally {
        setBusy(false);
      }
    },
  };
}
