/**
 * The group page's members, owner first, each with their role; the buttons
 * a member's role allows them: admins remove members and make them admins,
 * the owner manages admins and hands the group over; anyone but the owner
 * leaves.
 */
import {
  LeaveGroupDocument,
  RemoveFromGroupDocument,
  SetGroupRoleDocument,
  type GroupFragment,
  type GroupMemberFragment,
  type GroupRole,
} from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { ProblemBanner } from '../components/problem-banner';
import { useRouter } from '../router';
import { useSession } from '../session';
import { ROLE_WORDS } from './role-words';

const RANK: Record<GroupRole, number> = { OWNER: 2, ADMIN: 1, MEMBER: 0 };

export function GroupMembers({ group, onChanged }: { group: GroupFragment; onChanged: (group: GroupFragment) => void }) {
  const { me } = useSession();
  const { navigate } = useRouter();
  const answers = useMutations();
  const mine = group.myRole;

  const setRole = async (member: GroupMemberFragment, role: GroupRole) => {
    const data = await answers.send(SetGroupRoleDocument, { groupId: group.id, userId: member.user.id, role });
    if (data) onChanged(data.setGroupRole);
  };
  const remove = async (member: GroupMemberFragment) => {
    const data = await answers.send(RemoveFromGroupDocument, { groupId: group.id, userId: member.user.id });
    if (data) onChanged(data.removeFromGroup);
  };
  const leave = async () => {
    if (await answers.send(LeaveGroupDocument, { groupId: group.id })) navigate('/');
  };

  /** What the caller may do to this member: only to those they outrank. */
  const actions = (member: GroupMemberFragment) => {
    if (member.user.id === me?.id || RANK[mine] <= RANK[member.role]) return null;
    const name = member.user.displayName;
    return (
      <span className="row-actions">
        {member.role === 'MEMBER' ? (
          <button className="secondary" onClick={() => setRole(member, 'ADMIN')} disabled={answers.busy} aria-label={`Make admin: ${name}`}>
            Make admin
          </button>
        ) : (
          <button className="secondary" onClick={() => setRole(member, 'MEMBER')} disabled={answers.busy} aria-label={`Make member: ${name}`}>
            Make member
          </button>
        )}
        {mine === 'OWNER' && (
          <button
            className="secondary"
            onClick={() => setRole(member, 'OWNER')}
            disabled={answers.busy}
            aria-label={`Make owner: ${name}, handing the group over`}
          >
            Make owner
          </button>
        )}
        <button className="secondary" onClick={() => remove(member)} disabled={answers.busy} aria-label={`Remove ${name} from the group`}>
          Remove
        </button>
      </span>
    );
  };

  return (
    <section className="group-members card" aria-labelledby="group-members-heading">
      <h2 id="group-members-heading">Members ({group.members.length})</h2>
      <ProblemBanner problem={answers.problem} onDismiss={answers.dismiss} />
      <ul className="member-list" aria-label="Members">
        {group.members.map((member) => (
          <li key={member.user.id}>
            <span className="member-name">
              {member.user.displayName}
              {member.user.id === me?.id && ' (you)'}
            </span>{' '}
            <span className={`role role-${member.role.toLowerCase()}`}>{ROLE_WORDS[member.role]}</span>
            {actions(member)}
          </li>
        ))}
      </ul>
      {mine === 'OWNER' ? (
        <p className="muted small">To leave the group, first make another member its owner.</p>
      ) : (
        <button className="secondary" onClick={leave} disabled={answers.busy}>
          Leave the group
        </button>
      )}
    </section>
  );
}
