/** The host invites anyone by email address; the server mails them the game's link, or a link to sign up and take the seat. */
import { useState, type FormEvent } from 'react';
import { InvitePlayerDocument, type GameFragment } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { ProblemBanner } from '../components/problem-banner';

export function InviteByEmail({ game, accept }: { game: GameFragment; accept: (game: GameFragment) => void }) {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submission = useMutations();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    setSentTo(null);
    const data = await submission.send(InvitePlayerDocument, { id: game.id, email: address });
    if (!data) return;
    accept(data.invitePlayer);
    setSentTo(address);
    setEmail('');
  };

  return (
    <form className="invite-email" onSubmit={submit} aria-label="Invite by email">
      <div className="invite">
        <label>
          Invite a player by email
          <input
            type="email"
            name="inviteEmail"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
            autoComplete="off"
            aria-describedby={`invite-email-hint-${game.id}`}
          />
        </label>
        <button type="submit" className="secondary" disabled={submission.busy}>
          Send invitation
        </button>
      </div>
      <p id={`invite-email-hint-${game.id}`} className="muted small">
        They are sent an email with the link to this game; someone new here gets a link to sign up and take a seat.
      </p>
      <div role="status" className="saved">
        {sentTo && `Invitation sent to ${sentTo}.`}
      </div>
      <ProblemBanner problem={submission.problem} onDismiss={submission.dismiss} />
    </form>
  );
}
