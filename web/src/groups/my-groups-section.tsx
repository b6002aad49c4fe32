/** The lobby's "Your groups": a link to each group the player is in, and a form to start one. */
import { useState, type FormEvent } from 'react';
import { useQuery } from 'urql';
import { problemOf } from '../api/errors';
import { CreateGroupDocument, MyGroupsDocument } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { ProblemBanner } from '../components/problem-banner';
import { Link, useRouter } from '../router';
import { groupPath } from './group-paths';
import { ROLE_WORDS } from './role-words';

export function MyGroupsSection() {
  const [loaded] = useQuery({ query: MyGroupsDocument });
  const { navigate } = useRouter();
  const creation = useMutations();
  const [name, setName] = useState('');
  const groups = loaded.data?.myGroups;

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const data = await creation.send(CreateGroupDocument, { name });
    if (data) navigate(groupPath(data.createGroup.id));
  };

  return (
    <section aria-labelledby="my-groups-heading" className="my-groups">
      <h2 id="my-groups-heading">Your groups</h2>
      <p className="muted">A group is a club: its members play games together that only they can join.</p>
      <ProblemBanner problem={creation.problem ?? (loaded.error ? problemOf(loaded.error) : null)} onDismiss={creation.dismiss} />
      {groups === undefined ? (
        !loaded.error && <p className="muted">Loading…</p>
      ) : groups.length === 0 ? (
        <p className="muted">You are in no group yet: start one below, or open an invite link a friend sent you.</p>
      ) : (
        <ul className="group-list" aria-label="Your groups">
          {groups.map((group) => (
            <li key={group.id}>
              <Link to={groupPath(group.id)}>{group.name}</Link> <span className="muted small">{ROLE_WORDS[group.myRole]}</span>
            </li>
          ))}
        </ul>
      )}
      <form className="new-group" onSubmit={create} aria-label="Start a group">
        <label>
          Name of a new group
          <input name="groupName" value={name} maxLength={60} onChange={(event) => setName(event.target.value)} placeholder="e.g. Tuesday Club" />
        </label>
        <button type="submit" disabled={creation.busy || name.trim() === ''}>
          Start the group
        </button>
      </form>
    </section>
  );
}
