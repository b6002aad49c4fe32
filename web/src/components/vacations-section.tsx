/**
 * Vacations: the current and planned ones, the allowance left this year,
 * planning one, and ending them. The server decides what is allowed (not in
 * the past, no overlap, within the yearly allowance) and says why not.
 */
import { useState, type FormEvent } from 'react';
import { EndVacationDocument, SetVacationDocument, type NotificationSettingsFragment } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { ProblemBanner } from './problem-banner';

type VacationPeriod = NotificationSettingsFragment['vacations'][number];

const WHEN: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' };

function When({ at }: { at: string }) {
  return <time dateTime={at}>{new Date(at).toLocaleString(undefined, WHEN)}</time>;
}

function VacationLine({ vacation, now }: { vacation: VacationPeriod; now: number }) {
  const current = new Date(vacation.startsAt).getTime() <= now;
  return (
    <li className={current ? 'current' : 'planned'} data-starts-at={vacation.startsAt} data-ends-at={vacation.endsAt}>
      {current ? (
        <>
          <strong>Now</strong>, until <When at={vacation.endsAt} />
        </>
      ) : (
        <>
          <strong>Planned</strong>: <When at={vacation.startsAt} /> to <When at={vacation.endsAt} />
        </>
      )}
    </li>
  );
}

/** What the end button does, in its own words. */
function endWords(vacations: VacationPeriod[], now: number): string {
  const current = vacations.some((v) => new Date(v.startsAt).getTime() <= now);
  const planned = vacations.length - (current ? 1 : 0);
  if (current) return planned > 0 ? 'End my vacation and cancel the planned ones' : 'End my vacation now';
  return planned > 1 ? 'Cancel my planned vacations' : 'Cancel my planned vacation';
}

/** A datetime-local value (local time, no zone) as an instant; as typed when it is not a date, for the server to refuse. */
function instant(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

function PlanVacationForm({ onChanged }: { onChanged: (settings: NotificationSettingsFragment) => void }) {
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [planned, setPlanned] = useState(false);
  const submission = useMutations();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPlanned(false);
    const data = await submission.send(SetVacationDocument, { startsAt: instant(startsAt), endsAt: instant(endsAt) });
    if (!data) return;
    onChanged(data.setVacation);
    setStartsAt('');
    setEndsAt('');
    setPlanned(true);
  };

  return (
    <form className="plan-vacation" onSubmit={submit} aria-labelledby="plan-vacation-heading">
      <h3 id="plan-vacation-heading">Plan a vacation</h3>
      <div className="date-range">
        <label>
          Starts
          <input type="datetime-local" name="startsAt" value={startsAt} onChange={(event) => setStartsAt(event.target.value)} required />
        </label>
        <label>
          Ends
          <input type="datetime-local" name="endsAt" value={endsAt} onChange={(event) => setEndsAt(event.target.value)} required />
        </label>
      </div>
      <ProblemBanner problem={submission.problem} onDismiss={submission.dismiss} />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={submission.busy}>
          Plan vacation
        </button>
        <span role="status" className="saved">
          {planned && 'Vacation planned.'}
        </span>
      </div>
    </form>
  );
}

export function VacationsSection({
  settings,
  onChanged,
}: {
  settings: NotificationSettingsFragment;
  onChanged: (settings: NotificationSettingsFragment) => void;
}) {
  const [ended, setEnded] = useState(false);
  const submission = useMutations();
  const { vacations, vacationDaysLeftThisYear: daysLeft } = settings;
  const now = Date.now();

  const changed = (next: NotificationSettingsFragment) => {
    setEnded(false);
    onChanged(next);
  };

  const end = async () => {
    const data = await submission.send(EndVacationDocument, {});
    if (!data) return;
    onChanged(data.endVacation);
    setEnded(true);
  };

  return (
    <section className="vacations card" aria-labelledby="vacations-heading">
      <h2 id="vacations-heading">Vacations</h2>
      <p>While you are on vacation, the deadlines of your moves pause, and your mail is held and sent as one digest.</p>
      <p className="days-left" data-days-left={daysLeft}>
        You have <strong>{daysLeft === 1 ? '1 day' : `${daysLeft} days`}</strong> of vacation left this year.
      </p>
      {vacations.length === 0 ? (
        <p className="muted">No vacation planned.</p>
      ) : (
        <ul className="vacation-list" aria-label="Your vacations">
          {vacations.map((vacation) => (
            <VacationLine key={vacation.startsAt} vacation={vacation} now={now} />
          ))}
        </ul>
      )}
      {vacations.length > 0 && (
        <button type="button" className="secondary" onClick={end} disabled={submission.busy}>
          {endWords(vacations, now)}
        </button>
      )}
      <div role="status" className="saved">
        {ended && vacations.length === 0 && 'Done: you are not on vacation, and none is planned.'}
      </div>
      <ProblemBanner problem={submission.problem} onDismiss={submission.dismiss} />
      <PlanVacationForm onChanged={changed} />
    </section>
  );
}
