/**
 * The page an invite link to a group opens (/groups/join/<code>): which
 * group, and how many play in it; a visitor logs in or signs up first, a
 * player joins with one press and lands on the group's page. A link that
 * was reset says so, and offers nothing to press.
 */
import { useQuery } from 'urql';
import { problemOf } from '../api/errors';
import { GroupInvitationDocument, JoinGroupDocument, type GroupInvitationQuery } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { ProblemBanner } from '../components/problem-banner';
import { groupPath } from '../groups/group-paths';
import { Link, useRouter } from '../router';
import { useSession } from '../session';
import { LoginPage } from './login-page';

type Invitation = GroupInvitationQuery['groupInvitation'];

function About({ invitation }: { invitation: Invitation }) {
  if (!invitation) {
    return (
      <div className="about">
        <h1>This invite link no longer works</h1>
        <p>The group’s admins made a new one, or the link was mistyped: ask them for the link again.</p>
      </div>
    );
  }
  const players = `${invitation.memberCount} ${invitation.memberCount === 1 ? 'player' : 'players'}`;
  return (
    <div className="about">
      <h1>You are invited to join {invitation.name}</h1>
      <p>
        {invitation.name} is a group of {players} who play games together here: its games are open to its members alone, and its page gathers them all.
      </p>
    </div>
  );
}

export function JoinGroupPage({ code }: { code: string }) {
  const { me } = useSession();
  const { navigate } = useRouter();
  const [loaded] = useQuery({ query: GroupInvitationDocument, variables: { code } });
  const joining = useMutations();
  if (!loaded.data) {
    return <main className="join-group">{loaded.error ? <ProblemBanner problem={problemOf(loaded.error)} /> : <p className="muted">Loading…</p>}</main>;
  }
  const invitation = loaded.data.groupInvitation;
  if (!me) return <LoginPage intro={<About invitation={invitation} />} />;

  const join = async () => {
    const data = await joining.send(JoinGroupDocument, { code });
    if (data) navigate(groupPath(data.joinGroup.id));
  };

  return (
    <main className="join-group">
      <About invitation={invitation} />
      <ProblemBanner problem={joining.problem} onDismiss={joining.dismiss} />
      {invitation ? (
        <button className="primary" onClick={join} disabled={joining.busy}>
          Join the group
        </button>
      ) : (
        <p>
          <Link to="/">Go to your games</Link>
        </p>
      )}
    </main>
  );
}
