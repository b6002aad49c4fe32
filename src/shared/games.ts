/** The types of each hosted game's `view` and `legalMoves`, by ruleset id: what the page reads the API's JSON fields as. */
export type { HostedGameTypes } from '../games';
