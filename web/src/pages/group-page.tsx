/**
 * A group's page (/groups/<id>): its name and who is in it, its games
 * (being played or waiting for players, then finished) with a form to
 * start one in the group, its leagues, and for its admins the
 * invite link, invitations by mail and the group's chat channel.
 */
import { useState } from 'react';
import { useQuery } from 'urql';
import { problemOf } from '../api/errors';
import { GroupDocument, type GroupFragment } from '../api/generated';
import { CreateGameForm } from '../components/create-game-form';
import { GameList } from '../components/game-list';
import { ProblemBanner } from '../components/problem-banner';
import { useRulesets, type Ruleset } from '../components/use-rulesets';
import { GroupInvitations } from '../groups/group-invitations';
import { GroupLeagues } from '../groups/group-leagues';
import { GroupMembers } from '../groups/group-members';
import { GroupRatings } from '../groups/group-ratings';
import { GroupWebhook } from '../groups/group-webhook';
import { yourRoleWords } from '../groups/role-words';
import { Link, useRouter } from '../router';

function GroupGames({ group, rulesets }: { group: GroupFragment; rulesets: Ruleset[] }) {
  const { navigate } = useRouter();
  const running = group.games.filter((game) => game.status !== 'FINISHED');
  const finished = group.games.filter((game) => game.status === 'FINISHED');
  return (
    <section className="group-games" aria-labelledby="group-games-heading">
      <h2 id="group-games-heading">Games</h2>
      <h3>Being played, or waiting for players</h3>
      <GameList games={running} rulesets={rulesets} label="Games being played" empty="No game of the group is being played: start one below." />
      <h3>Finished</h3>
      <GameList games={finished} rulesets={rulesets} label="Finished games" empty="No game of the group has finished yet." />
      <details className="group-new-game">
        <summary>Start a game in this group</summary>
        <p className="muted">Only the group’s members can join it.</p>
        <CreateGameForm rulesets={rulesets} groupId={group.id} onCreated={(game) => navigate(`/games/${game.id}`)} />
      </details>
    </section>
  );
}

export function GroupPage({ id }: { id: string }) {
  const [loaded] = useQuery({ query: GroupDocument, variables: { id } });
  /** What a change made here answered, newer than what was loaded. */
  const [changed, setChanged] = useState<GroupFragment | null>(null);
  const rulesets = useRulesets();
  const group = changed ?? loaded.data?.group;
  if (!group) {
    return (
      <main className="group-page">
        {loaded.error ? <ProblemBanner problem={problemOf(loaded.error)} /> : <p className="muted">Loading the group…</p>}
        <p>
          <Link to="/">Go to your games</Link>
        </p>
      </main>
    );
  }
  const admin = group.myRole !== 'MEMBER';
  return (
    <main className="group-page">
      <h1>{group.name}</h1>
      <p className="muted">
        A group of {group.members.length} {group.members.length === 1 ? 'player' : 'players'} who play games together. {yourRoleWords(group.myRole)}
      </p>
      <div className="group-columns">
        <div>
          <GroupGames group={group} rulesets={rulesets} />
          <GroupLeagues group={group} rulesets={rulesets} admin={admin} />
        </div>
        <div>
          <GroupRatings group={group} rulesets={rulesets} />
          <GroupMembers group={group} onChanged={setChanged} />
          {admin && <GroupInvitations group={group} onChanged={setChanged} />}
          {admin && <GroupWebhook groupId={group.id} />}
        </div>
      </div>
    </main>
  );
}
