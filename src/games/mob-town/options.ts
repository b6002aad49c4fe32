/** The options a game is created with: four independent variants, a mode, and co-op difficulty. */
import type { GameOptions, OptionSpec } from '../../rules/contract';
import { capitalized } from '../../rules/text';
import { COOP } from './data/coop';

export type CoopCitySize = keyof typeof COOP.citySize;

export interface MobTownOptions {
  mode: 'competitive' | 'coop';
  professionals: boolean;
  cityCards: boolean;
  landmarks: boolean;
  bigMoney: boolean;
  coopStartingCity: CoopCitySize;
  coopNoMasterCrimes: boolean;
  coopMoreMobActivity: boolean;
}

const COMPETITIVE_ONLY = { key: 'mode', value: 'competitive' };
const COOP_ONLY = { key: 'mode', value: 'coop' };

export const OPTION_SPECS: OptionSpec[] = [
  {
    key: 'mode',
    label: 'Mode',
    type: 'choice',
    default: 'competitive',
    choices: ['competitive', 'coop'],
    choiceLabels: { competitive: 'Competitive', coop: 'Co-op: "Upholding the Law"' },
  },
  { key: 'professionals', label: 'Professionals', type: 'boolean', default: false, onlyWhen: COMPETITIVE_ONLY },
  { key: 'cityCards', label: 'City cards', type: 'boolean', default: false, onlyWhen: COMPETITIVE_ONLY },
  { key: 'landmarks', label: 'Landmarks', type: 'boolean', default: false, onlyWhen: COMPETITIVE_ONLY },
  { key: 'bigMoney', label: 'Big Money: cash takes 3 lineup cards', type: 'boolean', default: false },
  {
    key: 'coopStartingCity',
    label: 'Starting city',
    type: 'choice',
    default: 'standard',
    choices: Object.keys(COOP.citySize),
    onlyWhen: COOP_ONLY,
    choiceLabels: Object.fromEntries(Object.entries(COOP.citySize).map(([size, cards]) => [size, `${capitalized(size)}: ${cards} cards`])),
  },
  { key: 'coopNoMasterCrimes', label: 'Easier: no master crimes', type: 'boolean', default: false, onlyWhen: COOP_ONLY },
  { key: 'coopMoreMobActivity', label: 'Harder: more mob activity after a master crime', type: 'boolean', default: false, onlyWhen: COOP_ONLY },
];

/**
 * Reads the options the server passes (defaults already applied), falling
 * back to defaults. Professionals, City cards and Landmarks are variants of
 * the competitive game, so co-op turns them off; Big Money applies to both.
 */
export function readOptions(options: GameOptions): MobTownOptions {
  const competitive = options.mode !== 'coop';
  const flag = (key: string) => options[key] === true;
  const citySize = String(options.coopStartingCity ?? 'standard');
  return {
    mode: competitive ? 'competitive' : 'coop',
    professionals: competitive && flag('professionals'),
    cityCards: competitive && flag('cityCards'),
    landmarks: competitive && flag('landmarks'),
    bigMoney: flag('bigMoney'),
    coopStartingCity: citySize in COOP.citySize ? (citySize as CoopCitySize) : 'standard',
    coopNoMasterCrimes: flag('coopNoMasterCrimes'),
    coopMoreMobActivity: flag('coopMoreMobActivity'),
  };
}
