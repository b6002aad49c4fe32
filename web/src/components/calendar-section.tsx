/**
 * The player's calendar address: a calendar app subscribed to it shows the
 * deadline of each move they must make, with a reminder, and their
 * vacations. It is a secret, so the player can make a new one, which stops
 * the old one.
 */
import { useState } from 'react';
import { useQuery } from 'urql';
import { problemOf } from '../api/errors';
import { CalendarUrlDocument, ResetCalendarUrlDocument } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { CopyButton } from './copy-button';
import { ProblemBanner } from './problem-banner';

export function CalendarSection() {
  const [loaded] = useQuery({ query: CalendarUrlDocument });
  /** The address a new one replaced the loaded one with. */
  const [replaced, setReplaced] = useState<string | null>(null);
  const submission = useMutations();
  const address = replaced ?? loaded.data?.me.calendarUrl;

  const replace = async () => {
    const data = await submission.send(ResetCalendarUrlDocument, {});
    if (!data) return;
    setReplaced(data.resetCalendarUrl);
  };

  return (
    <section className="calendar card" aria-labelledby="calendar-heading">
      <h2 id="calendar-heading">Calendar</h2>
      <p>
        Add this address to your calendar app (as a calendar you subscribe to, or from a web address) to see when each move of yours is due, with a reminder,
        and your vacations. Your turns show there as they come and go.
      </p>
      <ProblemBanner problem={loaded.error ? problemOf(loaded.error) : null} />
      {address ? (
        <div className="copy-line">
          <label>
            Your calendar address — keep it to yourself: anyone who has it sees your deadlines
            <input readOnly value={address} onFocus={(event) => event.target.select()} data-calendar-url />
          </label>
          <CopyButton text={address} />
        </div>
      ) : (
        !loaded.error && <p className="muted">Loading…</p>
      )}
      <p>
        <button type="button" className="secondary" onClick={replace} disabled={submission.busy}>
          Make a new address
        </button>{' '}
        <span className="muted">The old address stops working at once: calendars that use it stop showing your deadlines until you add the new one.</span>
      </p>
      <div role="status" className="saved">
        {replaced && 'Done: this is your new address.'}
      </div>
      <ProblemBanner problem={submission.problem} onDismiss={submission.dismiss} />
    </section>
  );
}
