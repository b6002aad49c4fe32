/** The host invites a registered player by their email address; the server mails them the game's link. */
import { useState, type FormEvent } from 'react';
import { request } from '../api/client';
import { problemOf, type Problem } from '../api/errors';
import { INVITE_PLAYER } from '../api/operations';
import type { Game } from '../api/types';
import { ProblemBanner } from '../components/problem-banner';

export function InviteByEmail({ game, accept }: { game: Game; accept: (game: Game) => void }) {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    setProblem(null);
    setSentTo(null);
    setBusy(true);
    try {
      accept((await request<{ invitePlayer: Game }>(INVITE_PLAYER, { id: game.id, email: address })).invitePlayer);
      setSentTo(address);
      setEmail('');
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
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
        <button type="submit" className="secondary" disabled={busy}>
          Send invitation
        </button>
      </div>
      <p id={`invite-email-hint-${game.id}`} className="muted small">
        They need an account here; they are sent an email with the link to this game.
      </p>
      <div role="status" className="saved">
        {sentTo && `Invitation sent to ${sentTo}.`}
      </div>
      <ProblemBanner problem={problem} onDismiss={() => setProblem(null)} />
    </form>
  );
}
