/**
 * A fixed-seed game as the server plays it, without the server: the
 * ruleset's own state, drawn from exactly as the server draws
 * (src/randomness/draw-recipe.ts) when every player sat down without a
 * client seed of their own and nobody took a step back. Tests that pin game
 * seeds for the positions they need play them here, and find new seeds here
 * when the rules or the draws change.
 */
import { drawRandom, fixedSeedClientSeed } from '../../src/randomness/draw-recipe';
import type { AnyRuleset, GameConfig, GameStatus, RulesEvent, Seat } from '../../src/rules/contract';
import type { Random } from '../../src/rules/random';

export class FixedSeedGame<S, M = unknown> {
  state: S;
  /** The server's version, which is also the line position while nothing is taken back. */
  version: number;
  private readonly clientSeeds: string[];

  /** `lobbyEvents`: what the server records before the start (created, each seat taken, any invitations). */
  constructor(
    private readonly ruleset: AnyRuleset,
    private readonly seed: string,
    config: GameConfig,
    lobbyEvents = 1 + config.seats,
  ) {
    this.clientSeeds = Array.from({ length: config.seats }, (_, seat) => fixedSeedClientSeed(seat));
    let state = ruleset.initialState(config) as S;
    // The setup is drawn for the append that starts the game (game.started, then the setup's events).
    const setup = ruleset.setup(state, this.draws(lobbyEvents)) as RulesEvent[];
    for (const event of setup) state = ruleset.evolve(state, event) as S;
    this.state = state;
    this.version = lobbyEvents + 1 + setup.length;
  }

  get status(): GameStatus {
    return this.ruleset.status(this.state);
  }

  legalMoves(seat: Seat): M[] {
    return this.ruleset.legalMoves(this.state, seat) as M[];
  }

  /** Plays a listed move as the server would; returns the new version. */
  play(move: M, seat: Seat): number {
    const decision = this.ruleset.decide(this.state, move, seat, this.draws(this.version));
    if (!decision.ok) throw new Error(`the ruleset refused a listed move ${JSON.stringify(move)}: ${decision.message}`);
    for (const event of decision.events) this.state = this.ruleset.evolve(this.state, event) as S;
    // The server reveals its seed (game.seedRevealed) with the events that finish the game.
    this.version += decision.events.length + (this.status.finished ? 1 : 0);
    return this.version;
  }

  private draws(position: number): Random {
    return drawRandom({ serverSeed: this.seed, clientSeeds: this.clientSeeds }, position);
  }
}
