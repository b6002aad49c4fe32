/**
 * The time zone the server's mail writes times in (deadlines, reminders):
 * any zone this browser knows, guessed from it at sign-up. The account's
 * own zone and UTC are offered even where the browser does not list them
 * (an older name of a zone, say).
 */
import { useState, type FormEvent } from 'react';
import { SetTimeZoneDocument } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { useSession } from '../session';
import { ProblemBanner } from './problem-banner';
import { browserTimeZone } from './times';

function zoneChoices(own: string): string[] {
  return [...new Set([own, 'UTC', ...Intl.supportedValuesOf('timeZone')])].sort();
}

export function TimeZoneForm() {
  const session = useSession();
  const own = session.me?.timeZone ?? 'UTC';
  const [chosen, setChosen] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const submission = useMutations();
  const here = browserTimeZone();
  const value = chosen ?? own;

  const save = async (timeZone: string) => {
    const data = await submission.send(SetTimeZoneDocument, { timeZone });
    if (!data) return;
    session.updated(data.updateProfile);
    setChosen(null);
    setSaved(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(value);
  };

  return (
    <form className="time-zone card" onSubmit={submit} aria-labelledby="time-zone-heading">
      <h2 id="time-zone-heading">Time zone</h2>
      <p className="muted small">Emails give deadlines and every other time in this zone.</p>
      <label>
        Your time zone{' '}
        <select
          name="timeZone"
          value={value}
          onChange={(event) => {
            setChosen(event.target.value);
            setSaved(false);
          }}
        >
          {zoneChoices(own).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      </label>
      <ProblemBanner problem={submission.problem} onDismiss={submission.dismiss} />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={submission.busy || value === own}>
          Save time zone
        </button>
        {here !== own && (
          <button type="button" className="secondary" disabled={submission.busy} onClick={() => void save(here)}>
            Use this device&apos;s: {here.replace(/_/g, ' ')}
          </button>
        )}
        <span role="status" className="saved">
          {saved && 'Saved.'}
        </span>
      </div>
    </form>
  );
}
