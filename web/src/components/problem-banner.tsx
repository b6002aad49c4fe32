/** A refusal or failure, in words, until dismissed. */
import type { Problem } from '../api/errors';

export function ProblemBanner({ problem, onDismiss }: { problem: Problem | null; onDismiss?: () => void }) {
  if (!problem) return null;
  return (
    <div className="problem" role="alert" data-code={problem.code}>
      {problem.heading && <strong>{problem.heading}. </strong>}
      {problem.message}
      {onDismiss && (
        <button className="dismiss" aria-label="Dismiss" onClick={onDismiss}>
          ×
        </button>
      )}
    </div>
  );
}
