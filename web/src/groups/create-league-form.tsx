/**
 * The group page's form for its admins to start a league: the game and its
 * options, players per game, round robin or Swiss rounds, who takes part
 * (every member, to begin with), when it starts and the move deadlines.
 */
import { useState, type FormEvent } from 'react';
import { CreateLeagueDocument, type GroupFragment, type LeagueFormat, type MoveDeadlineInput } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { deadlineFor, DeadlineFields } from '../components/deadline-fields';
import { LEAGUE_FORMAT_WORDS } from '../components/league-words';
import { chosenOptions, defaultOptions, OptionFields, type OptionValues } from '../components/option-fields';
import { ProblemBanner } from '../components/problem-banner';
import { RulesetChoices } from '../components/ruleset-choices';
import type { Ruleset } from '../components/use-rulesets';

const SWISS_ROUNDS = 3;

export function CreateLeagueForm({ group, rulesets, onCreated }: { group: GroupFragment; rulesets: Ruleset[]; onCreated: (leagueId: string) => void }) {
  const [rulesetId, setRulesetId] = useState('');
  const ruleset = rulesets.find((r) => r.id === rulesetId) ?? rulesets[0];
  const [seatsPerGame, setSeatsPerGame] = useState(2);
  const [options, setOptions] = useState<OptionValues | null>(null);
  const [format, setFormat] = useState<LeagueFormat>('ROUND_ROBIN');
  const [rounds, setRounds] = useState(SWISS_ROUNDS);
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [startsAt, setStartsAt] = useState('');
  const [timeControl, setTimeControl] = useState<MoveDeadlineInput | null>(null);
  const creation = useMutations();
  if (!ruleset) return null;

  const values = options ?? defaultOptions(ruleset);
  const deadline = deadlineFor(timeControl, ruleset.canSkipTurns);
  const seats = Math.min(Math.max(seatsPerGame, 2), ruleset.maxSeats);
  const toggle = (userId: string, taking: boolean) => {
    const next = new Set(left);
    if (taking) next.delete(userId);
    else next.add(userId);
    setLeft(next);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      groupId: group.id,
      ruleset: ruleset.id,
      options: chosenOptions(ruleset, values),
      seatsPerGame: seats,
      format,
      ...(format === 'SWISS' ? { rounds } : {}),
      memberIds: group.members.map((member) => member.user.id).filter((id) => !left.has(id)),
      timeControl: deadline,
      ...(startsAt ? { startsAt: new Date(startsAt).toISOString() } : {}),
    };
    const data = await creation.send(CreateLeagueDocument, { input });
    if (data) onCreated(data.createLeague.id);
  };

  return (
    <form className="create-league" onSubmit={submit} aria-label="New league">
      <label>
        Game
        <select
          name="ruleset"
          value={ruleset.id}
          onChange={(event) => {
            setRulesetId(event.target.value);
            setOptions(null);
          }}
        >
          <RulesetChoices rulesets={rulesets} />
        </select>
      </label>
      <label>
        Players at each game
        <select name="seatsPerGame" value={seats} onChange={(event) => setSeatsPerGame(Number(event.target.value))}>
          {Array.from({ length: ruleset.maxSeats - 1 }, (_, i) => i + 2).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <OptionFields ruleset={ruleset} values={values} onChange={setOptions} />
      <fieldset>
        <legend>Format</legend>
        {(['ROUND_ROBIN', 'SWISS'] as const).map((choice) => (
          <label key={choice} className="check">
            <input type="radio" name="format" value={choice} checked={format === choice} onChange={() => setFormat(choice)} /> {LEAGUE_FORMAT_WORDS[choice]}
            {choice === 'ROUND_ROBIN' ? ': everyone meets everyone' : ': players level on points meet, no table twice where it can be avoided'}
          </label>
        ))}
        {format === 'SWISS' && (
          <label>
            Rounds
            <input type="number" name="rounds" min={1} max={30} value={rounds} onChange={(event) => setRounds(Number(event.target.value))} />
          </label>
        )}
      </fieldset>
      <fieldset>
        <legend>Who plays</legend>
        {group.members.map((member) => (
          <label key={member.user.id} className="check">
            <input type="checkbox" checked={!left.has(member.user.id)} onChange={(event) => toggle(member.user.id, event.target.checked)} />{' '}
            {member.user.displayName}
          </label>
        ))}
      </fieldset>
      <label>
        First round starts (leave empty for now)
        <input type="datetime-local" name="startsAt" value={startsAt} onChange={(event) => setStartsAt(event.target.value)} />
      </label>
      <DeadlineFields value={deadline} canSkipTurns={ruleset.canSkipTurns} onChange={setTimeControl} />
      <ProblemBanner problem={creation.problem} onDismiss={creation.dismiss} />
      <button type="submit" className="primary">
        Start the league
      </button>
    </form>
  );
}
