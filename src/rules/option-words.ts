/** A game's options in the words the page and the server's refusals use (pure: the page imports it too). */
import type { GameOptions, OptionSpec } from './contract';

/** The words for an option's value: a choice's label, "on" or "off", a number. */
export function optionValueWords(spec: OptionSpec, value: unknown): string {
  if (spec.type === 'choice') return spec.choiceLabels?.[String(value)] ?? String(value);
  if (spec.type === 'boolean') return value === true ? 'on' : 'off';
  return String(value);
}

/** Whether the option is part of a game with these options (see OptionSpec.onlyWhen). */
export function optionApplies(spec: OptionSpec, options: GameOptions): boolean {
  return !spec.onlyWhen || options[spec.onlyWhen.key] === spec.onlyWhen.value;
}
