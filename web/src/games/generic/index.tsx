/**
 * For a ruleset this page has no drawing for yet (such as the test suite's
 * counting game): the view as a plain list, every move as a button.
 */
import type { GameUi } from '../game-ui';

function Summary({ view }: { view: unknown }) {
  const entries = view && typeof view === 'object' ? Object.entries(view as Record<string, unknown>) : [];
  return (
    <dl className="generic-view">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{humanize(key)}</dt>
          <dd>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function humanize(identifier: string): string {
  const words = identifier
    .replace(/[._-]/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const genericUi: GameUi<unknown> = {
  Board: Summary,
  targetsOf: () => [],
  describeMove: (move) => {
    const { type, ...details } = move;
    const rest = Object.entries(details).map(([key, value]) => `${key} ${JSON.stringify(value)}`);
    return [humanize(type), ...rest].join(', ');
  },
};
