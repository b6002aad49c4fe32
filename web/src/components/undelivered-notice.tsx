/**
 * Mail that never reached the player, on the one page that cannot fail to:
 * which mail, when, and what their mail server answered, so they can fix
 * the address or the mailbox.
 */
import type { NotificationSettingsFragment } from '../api/generated';
import { Link } from '../router';
import { describeKind } from './email-settings-form';

const WHEN: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' };

export function UndeliveredNotice({ emails }: { emails: NotificationSettingsFragment['undeliveredEmails'] }) {
  if (emails.length === 0) return null;
  return (
    <section className="undelivered card" aria-labelledby="undelivered-heading">
      <h2 id="undelivered-heading">Email that did not reach you</h2>
      <p>Your mail server refused these, again and again for days. Check the address you signed up with, or your mailbox.</p>
      <ul>
        {emails.map((email, i) => (
          <li key={i}>
            <strong>{describeKind(email.kind).name}</strong>,{' '}
            <time dateTime={email.createdAt}>{new Date(email.createdAt).toLocaleString(undefined, WHEN)}</time>
            {email.gameId && (
              <>
                {' '}
                (<Link to={`/games/${email.gameId}`}>the game</Link>)
              </>
            )}
            : <span className="muted">{email.error}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
