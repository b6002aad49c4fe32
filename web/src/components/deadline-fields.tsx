/** Correspondence play in the new-game form: whether moves have a deadline, how long, and what happens after. */
import type { DeadlineExpiry, MoveDeadlineInput } from '../api/generated';

const EXPIRY_CHOICES: Array<[DeadlineExpiry, string]> = [
  ['ASK_HOST', 'ask me (the host) what to do'],
  ['EXTEND', 'give more time'],
  ['SKIP', 'skip that player where the rules allow'],
  ['END', 'end the game with the current scores'],
  ['BOT', 'a bot plays that turn'],
];

export const DEFAULT_DEADLINE: MoveDeadlineInput = { hoursPerMove: 72, onExpiry: 'ASK_HOST' };

export function DeadlineFields({ value, onChange }: { value: MoveDeadlineInput | null; onChange: (value: MoveDeadlineInput | null) => void }) {
  return (
    <fieldset className="deadline-fields">
      <label className="check">
        <input type="checkbox" name="moveDeadline" checked={value !== null} onChange={(event) => onChange(event.target.checked ? DEFAULT_DEADLINE : null)} />{' '}
        Deadline for each move
      </label>
      {value && (
        <>
          <label>
            Hours per move
            <input
              type="number"
              name="hoursPerMove"
              min={1}
              value={value.hoursPerMove}
              onChange={(event) => onChange({ ...value, hoursPerMove: Number(event.target.value) })}
            />
          </label>
          <label>
            When a deadline passes
            <select
              name="onExpiry"
              value={value.onExpiry ?? 'ASK_HOST'}
              onChange={(event) => onChange({ ...value, onExpiry: event.target.value as DeadlineExpiry })}
            >
              {EXPIRY_CHOICES.map(([choice, words]) => (
                <option key={choice} value={choice}>
                  {words}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
    </fieldset>
  );
}
