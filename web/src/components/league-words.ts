/** A league's format as a player reads it (the league page and the group page). */
import type { LeagueFormat } from '../api/generated';

export const LEAGUE_FORMAT_WORDS: Record<LeagueFormat, string> = { ROUND_ROBIN: 'round robin', SWISS: 'Swiss rounds' };
