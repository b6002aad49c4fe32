/** Correspondence play in the new-game form: whether moves have a deadline, a time per move or a time bank, weekends, and what happens after. */
import type { DeadlineExpiry, MoveDeadlineInput, TimeBankInput } from '../api/generated';

const EXPIRY_CHOICES: Array<[DeadlineExpiry, string]> = [
  ['ASK_HOST', 'ask me (the host) what to do'],
  ['EXTEND', 'give more time'],
  ['SKIP', 'skip that player where the rules allow'],
  ['END', 'end the game with the current scores'],
  ['BOT', 'a bot plays that turn'],
];

/** Time banks as Rally the Troops paces its games: a full bank to start, some time back after each turn. */
const BANK_PRESETS: Array<[string, TimeBankInput]> = [
  ['fast: 3 days, +4 hours a turn', { initialHours: 72, incrementHours: 4, maxHours: 72 }],
  ['steady: 5 days, +12 hours a turn', { initialHours: 120, incrementHours: 12, maxHours: 120 }],
  ['slow: 10 days, +36 hours a turn', { initialHours: 240, incrementHours: 36, maxHours: 240 }],
];
const PER_MOVE = 'per-move';
const CUSTOM = 'custom';

export const DEFAULT_DEADLINE: MoveDeadlineInput = { hoursPerMove: 72, onExpiry: 'ASK_HOST' };

/** The deadline settings as a game of a ruleset that can (or cannot, as the server says) skip a turn takes them: a skip it cannot make is left to the host. */
export function deadlineFor(value: MoveDeadlineInput | null, canSkipTurns: boolean): MoveDeadlineInput | null {
  return value?.onExpiry === 'SKIP' && !canSkipTurns ? { ...value, onExpiry: 'ASK_HOST' } : value;
}

/** Which choice of the time control select `value` is. */
function paceOf(value: MoveDeadlineInput): string {
  if (!value.bank) return PER_MOVE;
  const preset = BANK_PRESETS.findIndex(([, bank]) => JSON.stringify(bank) === JSON.stringify(value.bank));
  return preset >= 0 ? String(preset) : CUSTOM;
}

function withPace(value: MoveDeadlineInput, pace: string): MoveDeadlineInput {
  const { hoursPerMove: _hours, bank: _bank, ...rest } = value;
  if (pace === PER_MOVE) return { ...rest, hoursPerMove: 72 };
  if (pace === CUSTOM) return { ...rest, bank: { initialHours: 48, incrementHours: 8, maxHours: 96 } };
  return { ...rest, bank: BANK_PRESETS[Number(pace)][1] };
}

function HoursInput({ name, label, value, onChange }: { name: string; label: string; value: number; onChange: (hours: number) => void }) {
  return (
    <label>
      {label}
      <input type="number" name={name} min={0} value={value} onChange={(event) => onChange(Number(event.target.value))} />
    </label>
  );
}

function BankFields({ bank, onChange }: { bank: TimeBankInput; onChange: (bank: TimeBankInput) => void }) {
  return (
    <>
      <HoursInput name="initialHours" label="Hours to start with" value={bank.initialHours} onChange={(initialHours) => onChange({ ...bank, initialHours })} />
      <HoursInput
        name="incrementHours"
        label="Hours added after each turn"
        value={bank.incrementHours}
        onChange={(incrementHours) => onChange({ ...bank, incrementHours })}
      />
      <HoursInput name="maxHours" label="At most, hours" value={bank.maxHours} onChange={(maxHours) => onChange({ ...bank, maxHours })} />
    </>
  );
}

/** `canSkipTurns`: whether the game chosen can skip a player (Ruleset.canSkipTurns); `value` is then as deadlineFor gives it. */
export function DeadlineFields({
  value,
  canSkipTurns,
  onChange,
}: {
  value: MoveDeadlineInput | null;
  canSkipTurns: boolean;
  onChange: (value: MoveDeadlineInput | null) => void;
}) {
  const pace = value && paceOf(value);
  const expiryChoices = EXPIRY_CHOICES.filter(([choice]) => choice !== 'SKIP' || canSkipTurns);
  return (
    <fieldset className="deadline-fields">
      <label className="check">
        <input type="checkbox" name="moveDeadline" checked={value !== null} onChange={(event) => onChange(event.target.checked ? DEFAULT_DEADLINE : null)} />{' '}
        Deadline for each move
      </label>
      {value && (
        <>
          <label>
            Time
            <select name="pace" value={pace!} onChange={(event) => onChange(withPace(value, event.target.value))}>
              <option value={PER_MOVE}>the same for every move</option>
              {BANK_PRESETS.map(([words], i) => (
                <option key={words} value={String(i)}>
                  each player's own bank, {words}
                </option>
              ))}
              <option value={CUSTOM}>each player's own bank, as I set it</option>
            </select>
          </label>
          {pace === PER_MOVE && (
            <HoursInput
              name="hoursPerMove"
              label="Hours per move"
              value={value.hoursPerMove ?? 72}
              onChange={(hoursPerMove) => onChange({ ...value, hoursPerMove })}
            />
          )}
          {pace === CUSTOM && value.bank && <BankFields bank={value.bank} onChange={(bank) => onChange({ ...value, bank })} />}
          <label className="check">
            <input
              type="checkbox"
              name="pauseOnWeekends"
              checked={value.pauseOnWeekends === true}
              onChange={(event) => onChange({ ...value, pauseOnWeekends: event.target.checked })}
            />{' '}
            No clock runs on weekends (Saturday and Sunday in each player's time zone)
          </label>
          <label>
            When a player's time runs out
            <select
              name="onExpiry"
              value={value.onExpiry ?? 'ASK_HOST'}
              onChange={(event) => onChange({ ...value, onExpiry: event.target.value as DeadlineExpiry })}
            >
              {expiryChoices.map(([choice, words]) => (
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
