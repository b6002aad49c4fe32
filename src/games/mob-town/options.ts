/** The options a game is created with: four independent variants, a mode, and co-op difficulty. */
import type { GameOptions, OptionSpec } from '../../rules/contract';
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

export const OPTION_SPECS: OptionSpec[] = [
  { key: 'mode', label: 'Mode: competitive, or co-op "Upholding the Law"', type: 'choice', default: 'competitive', choices: ['competitive', 'coop'] },
  { key: 'professionals', label: 'Professionals (competitive)', type: 'boolean', default: false },
  { key: 'cityCards', label: 'City cards (competitive)', type: 'boolean', default: false },
  { key: 'landmarks', label: 'Landmarks (competitive)', type: 'boolean', default: false },
  { key: 'bigMoney', label: 'Big Money: cash takes 3 lineup cards', type: 'boolean', default: false },
  {
    key: 'coopStartingCity', label: 'Co-op starting city: easier 7, standard 8, harder 9, hardest 10 cards',
    type: 'choice', default: 'standard', choices: Object.keys(COOP.citySize),
  },
  { key: 'coopNoMasterCrimes', label: 'Co-op, easier: no master crimes', type: 'boolean', default: false },
  { key: 'coopMoreMobActivity', label: 'Co-op, harder: more mob activity after a master crime', type: 'boolean', default: false },
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
