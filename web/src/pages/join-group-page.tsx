/**
 * The page an invite link to a group opens (/groups/join/<code>): a visitor
 * logs in or signs up first; a player joins with one press and lands on the
 * group's page. A link that was reset says so.
 */
import { JoinGroupDocument } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { ProblemBanner } from '../components/problem-banner';
import { groupPath } from '../groups/group-paths';
import { useRouter } from '../router';
import { useSession } from '../session';
import { LoginPage } from './login-page';

function Invitation() {
  return (
    <div className="about">
      <h1>You are invited to a group</h1>
      <p>A group is a club: its members play games together that only they can join, and see all of the group’s games on its page.</p>
    </div>
  );
}

export function JoinGroupPage({ code }: { code: string }) {
  const { me } = useSession();
  const { navigate } = useRouter();
  const joining = useMutations();
  if (!me) return <LoginPage intro={<Invitation />} />;

  const join = async () => {
    const data = await joining.send(JoinGroupDocument, { code });
    if (data) navigate(groupPath(data.joinGroup.id));
  };

  return (
    <main className="join-group">
      <Invitation />
      <ProblemBanner problem={joining.problem} onDismiss={joining.dismiss} />
      <button className="primary" onClick={join} disabled={joining.busy}>
        Join the group
      </button>
    </main>
  );
}
