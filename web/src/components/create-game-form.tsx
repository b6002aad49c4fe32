/** Choosing a game, its number of seats, who plays them (bots included), its options and move deadlines; the creator hosts and sits in seat 1 unless bots take every seat. */
import { useState, type FormEvent } from 'react';
import { CreateGameDocument, type GameVisibility, type GameFragment, type MoveDeadlineInput, type WhenPlayerLeaves } from '../api/generated';
import type { OptionSpec } from '../api/json-fields';
import { optionApplies, optionValueWords } from '@shared/rules';
import { useMutations } from '../api/use-mutations';
import { BotFields, botSeatsInput, type SeatBots } from './bot-fields';
import { DeadlineFields } from './deadline-fields';
import { useFixedSeedsAllowed } from './use-fixed-seeds-allowed';
import { ProblemBanner } from './problem-banner';
import type { Ruleset } from './use-rulesets';

type OptionValues = Record<string, boolean | number | string>;

function defaults(ruleset: Ruleset | undefined): OptionValues {
  return Object.fromEntries((ruleset?.options ?? []).map((spec) => [spec.key, spec.default]));
}

function OptionField({ spec, value, onChange }: { spec: OptionSpec; value: boolean | number | string; onChange: (value: boolean | number | string) => void }) {
  switch (spec.type) {
    case 'boolean':
      return (
        <label className="check">
          <input type="checkbox" name={spec.key} checked={value === true} onChange={(event) => onChange(event.target.checked)} /> {spec.label}
        </label>
      );
    case 'integer':
      return (
        <label>
          {spec.label}
          <input type="number" name={spec.key} min={spec.min} max={spec.max} value={Number(value)} onChange={(event) => onChange(Number(event.target.value))} />
        </label>
      );
    case 'choice':
      return (
        <label>
          {spec.label}
          <select name={spec.key} value={String(value)} onChange={(event) => onChange(event.target.value)}>
            {spec.choices.map((choice) => (
              <option key={choice} value={choice}>
                {optionValueWords(spec, choice)}
              </option>
            ))}
          </select>
        </label>
      );
  }
}

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
  const values = options ?? defaults(ruleset);
  // Options that are part of the game as chosen so far: a co-op game has no competitive variants, and the reverse.
  const applying = ruleset.options.filter((spec) => optionApplies(spec, values));
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
      options: Object.fromEntries(applying.map((spec) => [spec.key, values[spec.key]])),
      moveDeadline,
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
          {rulesets.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
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
      {applying.map((spec) => (
        <OptionField key={spec.key} spec={spec} value={values[spec.key]} onChange={(value) => setOptions({ ...values, [spec.key]: value })} />
      ))}
      <DeadlineFields value={moveDeadline} onChange={setMoveDeadline} />
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
