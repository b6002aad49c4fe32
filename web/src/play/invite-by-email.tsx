/** The host invites anyone by email address; the server mails them the game's link, or a link to sign up and take the seat. */
import { useState, type FormEvent } from 'react';
import { request } from '../api/client';
import { INVITE_PLAYER } from '../api/operations';
import type { Game } from '../api/types';
import { useSubmission } from '../api/use-submission';
import { ProblemBanner } from '../components/problem-banner';

export function InviteByEmail({ game, accept }: { game: Game; accept: (game: Game) => void }) {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submission = useSubmission();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    setSentTo(null);
    const done = await submission.run(async () => accept((await request<{ invitePlayer: Game }>(INVITE_PLAYER, { id: game.id, email: address })).invitePlayer));
    if (!done) return;
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
