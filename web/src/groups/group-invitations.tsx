/** The group page's "Invite players" (admins): the invite link to copy or reset, and an invitation by mail. */
import { useState, type FormEvent } from 'react';
import { InviteToGroupDocument, ResetGroupInviteDocument, type GroupFragment } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { CopyButton } from '../components/copy-button';
import { ProblemBanner } from '../components/problem-banner';

export function GroupInvitations({ group, onChanged }: { group: GroupFragment; onChanged: (group: GroupFragment) => void }) {
  const answers = useMutations();
  const [email, setEmail] = useState('');
  const [mailed, setMailed] = useState<string | null>(null);
  const [reset, setReset] = useState(false);
  if (!group.inviteUrl) return null;

  const resetLink = async () => {
    const data = await answers.send(ResetGroupInviteDocument, { groupId: group.id });
    if (!data) return;
    setReset(true);
    onChanged(data.resetGroupInvite);
  };
  const invite = async (event: FormEvent) => {
    event.preventDefault();
    setMailed(null);
    if (!(await answers.send(InviteToGroupDocument, { groupId: group.id, email }))) return;
    setMailed(email.trim());
    setEmail('');
  };

  return (
    <section className="group-invitations card" aria-labelledby="group-invite-heading">
      <h2 id="group-invite-heading">Invite players</h2>
      <ProblemBanner problem={answers.problem} onDismiss={answers.dismiss} />
      <div className="copy-line">
        <label>
          Anyone with this link can join the group
          <input readOnly value={group.inviteUrl} onFocus={(event) => event.target.select()} data-invite-url />
        </label>
        <CopyButton text={group.inviteUrl} />
      </div>
      <p className="muted small">
        Shared too widely? Make a new link: the old one stops working at once.{' '}
        <button type="button" className="secondary" onClick={resetLink} disabled={answers.busy}>
          New link
        </button>
      </p>
      {reset && <p role="status">A new link is ready: the old one no longer lets anyone in.</p>}
      <form onSubmit={invite} className="invite-by-mail">
        <label>
          Or invite by email
          <input type="email" required value={email} onChange={(event) => setEmail(event.target.value)} placeholder="friend@example.org" />
        </label>
        <button type="submit" disabled={answers.busy}>
          Send the invitation
        </button>
      </form>
      {mailed && <p role="status">Invitation sent to {mailed}: its link lets them join once.</p>}
    </section>
  );
}
