/**
 * Games with a past, made fast and alike for both servers: a few template
 * games are played over the contender's own protocol, one for each length
 * (every TEMPLATE_STEP moves, whole turns), and then copied in bulk into its
 * storage as it stores them (each contender's `copy`: see
 * this-server-clones.ts and boardgameio/clones.ts). Playing 10,000 games of
 * 20-300 moves move by move would take most of an hour per server.
 */
import { Contender, GameRecord, TURN } from './contender';

/** Three turns: lengths are whole turns, so every game starts a visit at a turn's first move. */
const TEMPLATE_STEP = 3 * TURN.length;
/** Templates played at once. */
const TEMPLATE_LANES = 8;

export type CopyGame = (template: GameRecord, count: number) => Promise<GameRecord[]>;

/** The template lengths from `fewest` to `most` moves. */
function templateLengths(fewest: number, most: number): number[] {
  const lengths = [];
  for (let length = Math.ceil(fewest / TEMPLATE_STEP) * TEMPLATE_STEP; length <= most; length += TEMPLATE_STEP) lengths.push(length);
  return lengths;
}

function shuffled<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

export class PlayedGames {
  private readonly templates = new Map<number, GameRecord>();

  constructor(
    private readonly contender: Pick<Contender, 'newGame' | 'openLane'>,
    private readonly copy: CopyGame,
  ) {}

  /** `count` games, as many of each template length from `fewest` to `most` as can be, in random order. */
  async make(count: number, fewest: number, most: number): Promise<GameRecord[]> {
    const lengths = templateLengths(fewest, most);
    await this.playTemplates(lengths.filter((length) => !this.templates.has(length)));
    const games: GameRecord[] = [];
    for (const [i, length] of lengths.entries()) {
      const copies = Math.floor(count / lengths.length) + (i < count % lengths.length ? 1 : 0);
      if (copies > 0) games.push(...(await this.copy(this.templates.get(length)!, copies)));
    }
    return shuffled(games);
  }

  private async playTemplates(lengths: number[]): Promise<void> {
    const waiting = [...lengths];
    await Promise.all(
      Array.from({ length: TEMPLATE_LANES }, async () => {
        const lane = await this.contender.openLane();
        try {
          for (let length = waiting.pop(); length !== undefined; length = waiting.pop()) {
            const game = await this.contender.newGame();
            while (game.moves < length) await lane.move(game);
            this.templates.set(length, game);
          }
        } finally {
          lane.close();
        }
      }),
    );
  }
}

/** A copy of `template` named `id`: where the template is, with its credentials. */
export function copyOf(template: GameRecord, id: string): GameRecord {
  return { ...template, id };
}
