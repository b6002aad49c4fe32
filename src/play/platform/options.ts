/**
 * A new game's settings as its host gives them: the ruleset's options
 * (defaults applied, unknown keys and bad values refused) and the move
 * deadline settings of correspondence play. The one definition of each rule,
 * answering with the settings or the refusal.
 */
import type { AnyRuleset, GameOptions, OptionSpec } from '../../rules/contract';
import { optionApplies, optionValueWords } from '../../rules/option-words';
import type { DeadlineExpiry, MoveDeadlineSettings, TimeBank } from '../platform-events';
import { isRefusal, type Refusal, refuse } from './decision';

export const MAX_HOURS_PER_MOVE = 60 * 24;
/** A bank holds at most 60 days, as a turn does. */
export const MAX_BANK_HOURS = 60 * 24;
const DEFAULT_REMINDER_HOURS = 24;

function checkOption(spec: OptionSpec, value: unknown): string | null {
  switch (spec.type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : `option "${spec.key}" must be true or false`;
    case 'integer':
      return Number.isInteger(value) && (value as number) >= spec.min && (value as number) <= spec.max
        ? null
        : `option "${spec.key}" must be a whole number from ${spec.min} to ${spec.max}`;
    case 'choice':
      return spec.choices.includes(value as string) ? null : `option "${spec.key}" must be one of ${spec.choices.join(', ')}`;
  }
}

/** Why an option set away from its default does not belong in a game with these options, or null. */
function notApplying(ruleset: AnyRuleset, spec: OptionSpec, options: GameOptions): string | null {
  const condition = spec.onlyWhen;
  if (!condition || options[spec.key] === spec.default || optionApplies(spec, options)) return null;
  const other = ruleset.options.find((candidate) => candidate.key === condition.key)!;
  return `"${spec.label}" is only for games whose "${other.label}" is ${optionValueWords(other, condition.value)}.`;
}

/** The options with defaults applied; unknown keys and bad values are refused (BAD_USER_INPUT). */
export function resolvedOptions(ruleset: AnyRuleset, given: unknown): { ok: true; options: GameOptions } | Refusal {
  if (given !== undefined && given !== null && (typeof given !== 'object' || Array.isArray(given))) {
    return refuse('BAD_USER_INPUT', 'options must be an object');
  }
  const input = (given ?? {}) as Record<string, unknown>;
  const known = new Set(ruleset.options.map((spec) => spec.key));
  const unknown = Object.keys(input).filter((key) => !known.has(key));
  if (unknown.length > 0) return refuse('BAD_USER_INPUT', `${ruleset.name} has no option ${unknown.map((k) => `"${k}"`).join(', ')}`);
  const options: GameOptions = {};
  for (const spec of ruleset.options) {
    const value = input[spec.key] ?? spec.default;
    const problem = checkOption(spec, value);
    if (problem) return refuse('BAD_USER_INPUT', problem);
    options[spec.key] = value as boolean | number | string;
  }
  for (const spec of ruleset.options) {
    const problem = notApplying(ruleset, spec, options);
    if (problem) return refuse('BAD_USER_INPUT', problem);
  }
  return { ok: true, options };
}

/** Move deadlines as a host asks for them: `hoursPerMove` or a `bank`, exactly one; defaults apply to what is left out. */
export interface MoveDeadlineInput {
  hoursPerMove?: number | null;
  bank?: TimeBank | null;
  pauseOnWeekends?: boolean | null;
  reminderHoursBefore?: number | null;
  onExpiry?: DeadlineExpiry | null;
}

const wholeHours = (value: unknown, min: number, max: number) => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** The bank as given, or why it cannot be one. */
function checkedBank(bank: TimeBank): TimeBank | Refusal {
  const { initialHours, incrementHours, maxHours } = bank;
  if (!wholeHours(maxHours, 1, MAX_BANK_HOURS)) return refuse('BAD_USER_INPUT', `bank.maxHours must be a whole number from 1 to ${MAX_BANK_HOURS}.`);
  if (!wholeHours(initialHours, 1, maxHours)) return refuse('BAD_USER_INPUT', `bank.initialHours must be a whole number from 1 to maxHours (${maxHours}).`);
  if (!wholeHours(incrementHours, 0, maxHours)) {
    return refuse('BAD_USER_INPUT', `bank.incrementHours must be a whole number from 0 to maxHours (${maxHours}): a move cannot add more than the bank holds.`);
  }
  return { initialHours, incrementHours, maxHours };
}

/** The time controls: `hoursPerMove` or a bank, never both nor neither. */
function timeControl(input: MoveDeadlineInput): Pick<MoveDeadlineSettings, 'hoursPerMove' | 'bank'> | Refusal {
  const { hoursPerMove, bank } = input;
  const given = (hoursPerMove !== undefined && hoursPerMove !== null ? 1 : 0) + (bank ? 1 : 0);
  if (given !== 1) return refuse('BAD_USER_INPUT', 'Move deadlines take either hoursPerMove or a bank, not both nor neither.');
  if (bank) {
    const checked = checkedBank(bank);
    return isRefusal(checked) ? checked : { bank: checked };
  }
  if (!wholeHours(hoursPerMove, 1, MAX_HOURS_PER_MOVE)) return refuse('BAD_USER_INPUT', `hoursPerMove must be a whole number from 1 to ${MAX_HOURS_PER_MOVE}.`);
  return { hoursPerMove: hoursPerMove! };
}

/** Whether a game of `ruleset` may pass over a player whose time ran out (`onExpiry: SKIP`): only where its rules say how (`skipTurn`). */
export function canSkipTurns(ruleset: AnyRuleset): boolean {
  return ruleset.skipTurn !== undefined;
}

/** The settings with defaults applied; anything out of range is refused (BAD_USER_INPUT). */
export function moveDeadlineSettings(ruleset: AnyRuleset, input: MoveDeadlineInput): { ok: true; settings: MoveDeadlineSettings } | Refusal {
  const control = timeControl(input);
  if (isRefusal(control)) return control;
  // A reminder fits in a turn, or in a full bank.
  const longest = control.hoursPerMove ?? control.bank!.maxHours;
  const reminderHoursBefore =
    input.reminderHoursBefore ?? Math.min(DEFAULT_REMINDER_HOURS, Math.floor((control.hoursPerMove ?? control.bank!.initialHours) / 2));
  if (!wholeHours(reminderHoursBefore, 0, longest - 1)) {
    return refuse('BAD_USER_INPUT', `reminderHoursBefore must be a whole number from 0 (no reminder) to ${longest - 1}.`);
  }
  const onExpiry = input.onExpiry ?? 'ASK_HOST';
  if (onExpiry === 'SKIP' && !canSkipTurns(ruleset)) {
    return refuse('BAD_USER_INPUT', `${ruleset.name} cannot skip a player's turn: choose EXTEND, END, BOT or ASK_HOST.`);
  }
  if (input.pauseOnWeekends !== undefined && input.pauseOnWeekends !== null && typeof input.pauseOnWeekends !== 'boolean') {
    return refuse('BAD_USER_INPUT', 'pauseOnWeekends must be true or false.');
  }
  return { ok: true, settings: { ...control, ...(input.pauseOnWeekends ? { pauseOnWeekends: true } : {}), reminderHoursBefore, onExpiry } };
}

/** The options with defaults applied, of settings known to be the rules' own (benchmarks, tests): a refusal is a mistake in them. */
export function validOptions(ruleset: AnyRuleset, given: unknown): GameOptions {
  const resolved = resolvedOptions(ruleset, given);
  if (!resolved.ok) throw new Error(`not options of ${ruleset.name}: ${resolved.message}`);
  return resolved.options;
}
