/**
 * A fixed-seed game as the server plays it, without the server: the
 * ruleset's own state, drawn from exactly as the server draws
 * (src/randomness/draw-recipe.ts) when every player sat down without a
 * client seed of their own and nobody took a step back (`botSeats`: seats
 * given to bots at the game's creation, which bring no client seed). Tests that pin game
 * seeds for the positions they need play them here, and find new seeds here
 * when the rules or the draws change.
 */
import { drawRandom, fixedSeedClientSeed } from '../../src/randomness/draw-recipe';
import type { AnyRuleset, GameConfig, GameStatus, RulesEvent, Seat } from '../../src/rules/contract';
import { chooseBotMove, seatSight, type BotLevel, type SeatSight } from '../../src/rules/bots';
import type { Random } from '../../src/rules/random';

export class FixedSeedGame<S, M = unknown> {
  state: S;
  /** The server's version, which is also the line position while nothing is taken back. */
  version: number;
  private readonly clientSeeds: string[];

  /** `lobbyEvents`: what the server records before the start (created, each player's seat taken, any invitations). */
  constructor(
    private readonly ruleset: AnyRuleset,
    private readonly seed: string,
    config: GameConfig,
    botSeats: Seat[] = [],
    lobbyEvents = 1 + config.seats - botSeats.length,
  ) {
    const playerSeats = Array.from({ length: config.seats }, (_, seat) => seat).filter((seat) => !botSeats.includes(seat));
    this.clientSeeds = playerSeats.map(fixedSeedClientSeed);
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
    return this.decide(move, seat, this.draws(this.version), 0);
  }

  /**
   * The bot of `seat` moves as the server's bots do (src/play/platform/bots.ts): a `game.botMoved`,
   * then the move it chose, its choice and the rules drawing from the same append's draws. Returns the new version.
   */
  playBot(level: BotLevel, seat: Seat): number {
    const random = this.draws(this.version);
    const move = chooseBotMove<M>(this.ruleset, level, seatSight(this.ruleset, this.state, seat) as SeatSight<unknown, M>, random);
    return this.decide(move, seat, random, 1);
  }

  /** The ruleset's events of `move`, after `eventsBefore` events of the server's own in the same append. */
  private decide(move: M, seat: Seat, random: Random, eventsBefore: number): number {
    const decision = this.ruleset.decide(this.state, move, seat, random);
    if (!decision.ok) throw new Error(`the ruleset refused a listed move ${JSON.stringify(move)}: ${decision.message}`);
    for (const event of decision.events) this.state = this.ruleset.evolve(this.state, event) as S;
    // The server reveals its seed (game.seedRevealed) with the events that finish the game.
    this.version += eventsBefore + decision.events.length + (this.status.finished ? 1 : 0);
    return this.version;
  }

  private draws(position: number): Random {
    return drawRandom({ serverSeed: this.seed, clientSeeds: this.clientSeeds }, position);
  }
}
