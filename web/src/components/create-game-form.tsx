/** Choosing a game, its number of seats, who plays them (bots included), its options and move deadlines; the creator hosts and sits in seat 1 unless bots take every seat. */
import { RulesetChoices } from './ruleset-choices';
import { useState, type FormEvent } from 'react';
import { CreateGameDocument, type GameVisibility, type GameFragment, type MoveDeadlineInput, type WhenPlayerLeaves } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { BotFields, botSeatsInput, type SeatBots } from './bot-fields';
import { deadlineFor, DeadlineFields } from './deadline-fields';
import { chosenOptions, defaultOptions, OptionFields, type OptionValues } from './option-fields';
import { useFixedSeedsAllowed } from './use-fixed-seeds-allowed';
import { ProblemBanner } from './problem-banner';
import type { Ruleset } from './use-rulesets';

/** `groupId`: the game is created in that group (club), which only its members may join. */
export function CreateGameForm({ rulesets, onCreated, groupId }: { rulesets: Ruleset[]; onCreated: (game: GameFragment) => void; groupId?: string }) {
  const [rulesetId, setRulesetId] = useState('');
  const ruleset = rulesets.find((r) => r.id === rulesetId) ?? rulesets[0];
  const [seats, setSeats] = useState<number | null>(null);
  const [options, setOptions] = useState<OptionValues | null>(null);
  const [seed, setSeed] = useState('');
  const [clientSeed, setClientSeed] = useState('');
  const fixedSeedsAllowed = useFixedSeedsAllowed();
  const [moveDeadline, setMoveDeadline] = useState<MoveDeadlineInput | null>(null);
  const [name, setName] = useState('');
  const [privateGame, setPrivateGame] = useState(false);
  const [autoStart, setAutoStart] = useState(true);
  const [bots, setBots] = useState<SeatBots>([]);
  const [botsTakeOver, setBotsTakeOver] = useState(false);
  const creation = useMutations();
  if (!ruleset) return null;

  const seatCount = seats ?? ruleset.minSeats;
  const values = options ?? defaultOptions(ruleset);
  const deadline = deadlineFor(moveDeadline, ruleset.canSkipTurns);
  const choose = (id: string) => {
    setRulesetId(id);
    setSeats(null);
    setOptions(null);
    setBots([]);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      ruleset: ruleset.id,
      seats: seatCount,
      options: chosenOptions(ruleset, values),
      moveDeadline: deadline,
      visibility: (privateGame ? 'PRIVATE' : 'PUBLIC') as GameVisibility,
      autoStart,
      bots: botSeatsInput(bots, seatCount),
      whenPlayerLeaves: (botsTakeOver ? 'BOT' : 'SKIP') as WhenPlayerLeaves,
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(clientSeed.trim() ? { clientSeed: clientSeed.trim() } : {}),
      ...(seed.trim() ? { seed: seed.trim() } : {}),
      ...(groupId ? { groupId } : {}),
    };
    const data = await creation.send(CreateGameDocument, { input });
    if (data) onCreated(data.createGame);
  };

  return (
    <form className="create-game card" onSubmit={submit} aria-label="New game">
      <h2>New game</h2>
      <label>
        Game
        <select name="ruleset" value={ruleset.id} onChange={(event) => choose(event.target.value)}>
          <RulesetChoices rulesets={rulesets} />
        </select>
      </label>
      <p className="muted small">{ruleset.description}</p>
      <label>
        Name (optional), so that everyone can tell your games apart
        <input name="name" value={name} maxLength={80} onChange={(event) => setName(event.target.value)} placeholder="e.g. Friday night with the cousins" />
      </label>
      <label className="check">
        <input type="checkbox" name="private" checked={privateGame} onChange={(event) => setPrivateGame(event.target.checked)} /> Private: not listed in the
        lobby; only people with its invite link, or whom you invite, can join
      </label>
      <label className="check">
        <input type="checkbox" name="autoStart" checked={autoStart} onChange={(event) => setAutoStart(event.target.checked)} /> Start by itself as soon as every
        seat is taken (untick to start it yourself)
      </label>
      <label>
        Players
        <select name="seats" value={seatCount} onChange={(event) => setSeats(Number(event.target.value))}>
          {Array.from({ length: ruleset.maxSeats - ruleset.minSeats + 1 }, (_, i) => ruleset.minSeats + i).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <BotFields
        seatCount={seatCount}
        levels={ruleset.botLevels}
        bots={bots}
        onBotsChange={setBots}
        botsTakeOver={botsTakeOver}
        onTakeOverChange={setBotsTakeOver}
      />
      <OptionFields ruleset={ruleset} values={values} onChange={setOptions} />
      <DeadlineFields value={deadline} canSkipTurns={ruleset.canSkipTurns} onChange={setMoveDeadline} />
      <details>
        <summary>Shuffle fairness</summary>
        <label>
          Your shuffle contribution (optional): any words, mixed into every shuffle with the server's secret seed and the other players' words, so that nobody
          decides the shuffles alone
          <input name="clientSeed" value={clientSeed} onChange={(event) => setClientSeed(event.target.value)} maxLength={200} />
        </label>
        {fixedSeedsAllowed && (
          <label>
            Fixed seed, for testing: every shuffle repeatable, and known to you; the players are told (leave empty for a fair game)
            <input name="seed" value={seed} onChange={(event) => setSeed(event.target.value)} maxLength={200} />
          </label>
        )}
      </details>
      <ProblemBanner problem={creation.problem} onDismiss={creation.dismiss} />
      <button type="submit" className="primary">
        Create game
      </button>
    </form>
  );
}
