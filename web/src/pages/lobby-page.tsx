/**
 * The home page of a logged-in player, in sections that never repeat a
 * game: games waiting for their move (soonest deadline first, from
 * `myTurns`), invitations to accept or decline, their other games (in play,
 * waiting for others; or waiting for players), others' open public games
 * (of one game if chosen), their finished games (ten a page), and a form to
 * start a new one. Live: each change is shown as it happens
 * (lobby/use-live-lobby.ts), the tab's title counting the games waiting for
 * the player.
 */
import { useState } from 'react';
import { useClient } from 'urql';
import { problemOf, type Problem } from '../api/errors';
import { DeclineInvitationDocument, JoinGameDocument, NextGameDocument, type GameSummaryFragment } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { CreateGameForm } from '../components/create-game-form';
import { GameList } from '../components/game-list';
import { ProblemBanner } from '../components/problem-banner';
import { useRulesets } from '../components/use-rulesets';
import { useRouter } from '../router';
import { useWaitingTurnsTitle } from '../play/turn-signals';
import { isFreeSeat } from '../play/players';
import { useLiveLobby } from '../lobby/use-live-lobby';
import { MyGroupsSection } from '../groups/my-groups-section';

const FINISHED_PAGE = 10;

/** Opens the game that has waited longest on the player, asked of the server when pressed (the list above is by deadline). */
function NextGameButton() {
  const client = useClient();
  const { navigate } = useRouter();
  const [problem, setProblem] = useState<Problem | null>(null);
  const open = async () => {
    const { data, error } = await client.query(NextGameDocument, {}, { requestPolicy: 'network-only' });
    if (error) setProblem(problemOf(error));
    else if (data?.nextGame) navigate(`/games/${data.nextGame.id}`);
  };
  return (
    <>
      <button className="next-game" onClick={open}>
        Next game: the one waiting longest on you
      </button>
      <ProblemBanner problem={problem} onDismiss={() => setProblem(null)} />
    </>
  );
}

export function LobbyPage() {
  const { navigate } = useRouter();
  const rulesets = useRulesets();
  const [rulesetFilter, setRulesetFilter] = useState('');
  const [finishedOffset, setFinishedOffset] = useState(0);
  const { lists, error, readAgain } = useLiveLobby(rulesetFilter, finishedOffset);
  const answers = useMutations();

  const turns = lists.turns;
  useWaitingTurnsTitle(turns?.length ?? 0);
  const myTurnIds = new Set((turns ?? []).map((turn) => turn.game.id));
  const invited = lists.invitations ?? [];
  const invitedIds = new Set(invited.map((game) => game.id));
  // null while loading: an empty list would say "none" before it knows.
  const waiting = lists.active && lists.waiting && turns ? [...lists.active.filter((game) => !myTurnIds.has(game.id)), ...lists.waiting] : null;
  const open = lists.open && lists.invitations ? lists.open.filter((game) => !invitedIds.has(game.id) && game.seats.some(isFreeSeat)) : null;
  const finishedGames = lists.finished ?? [];
  const problem = answers.problem ?? (error ? problemOf(error) : null);

  const accept = async (game: GameSummaryFragment) => {
    const data = await answers.send(JoinGameDocument, { id: game.id });
    if (data) navigate(`/games/${game.id}`);
  };
  const decline = async (game: GameSummaryFragment) => {
    if (await answers.send(DeclineInvitationDocument, { id: game.id })) readAgain({ gameId: game.id, seated: false, invited: true, open: true });
  };

  return (
    <main className="lobby">
      <ProblemBanner problem={problem} onDismiss={answers.dismiss} />
      <section aria-label="My turns">
        <h2>Your turn</h2>
        {turns !== null && turns.length > 0 && <NextGameButton />}
        {turns === null ? (
          <Loading />
        ) : (
          <GameList
            games={turns.map((turn) => turn.game)}
            deadlines={turns.map((turn) => turn.deadline)}
            rulesets={rulesets}
            label="My turns"
            empty="No game is waiting for you."
          />
        )}
      </section>
      {invited.length > 0 && (
        <section aria-label="Invitations">
          <h2>Invitations</h2>
          <GameList
            games={invited}
            rulesets={rulesets}
            label="Invitations"
            empty=""
            actions={(game) => (
              <>
                <button onClick={() => accept(game)} disabled={answers.busy}>
                  Accept
                </button>
                <button className="secondary" onClick={() => decline(game)} disabled={answers.busy}>
                  Decline
                </button>
              </>
            )}
          />
        </section>
      )}
      <section aria-label="Waiting for others">
        <h2>Waiting for others</h2>
        {waiting === null ? (
          <Loading />
        ) : (
          <GameList
            games={waiting}
            rulesets={rulesets}
            label="Waiting for others"
            empty="None of your other games is waiting: create one below, or join an open one."
          />
        )}
      </section>
      <section aria-label="Open games">
        <h2>Open games with a free seat</h2>
        <label className="filter">
          Game
          <select name="rulesetFilter" value={rulesetFilter} onChange={(event) => setRulesetFilter(event.target.value)}>
            <option value="">Every game</option>
            {rulesets.map((ruleset) => (
              <option key={ruleset.id} value={ruleset.id}>
                {ruleset.name}
              </option>
            ))}
          </select>
        </label>
        {open === null ? <Loading /> : <GameList games={open} rulesets={rulesets} label="Open games" empty="No open game has a free seat just now." />}
      </section>
      {(finishedGames.length > 0 || finishedOffset > 0) && (
        <section aria-label="Finished">
          <h2>Finished</h2>
          <GameList games={finishedGames} rulesets={rulesets} label="Finished games" empty="No more finished games." />
          <div className="pager">
            <button className="secondary" disabled={finishedOffset === 0} onClick={() => setFinishedOffset(Math.max(0, finishedOffset - FINISHED_PAGE))}>
              Newer
            </button>
            <button className="secondary" disabled={finishedGames.length < FINISHED_PAGE} onClick={() => setFinishedOffset(finishedOffset + FINISHED_PAGE)}>
              Older
            </button>
          </div>
        </section>
      )}
      <MyGroupsSection />
      <CreateGameForm rulesets={rulesets} onCreated={(game) => navigate(`/games/${game.id}`)} />
    </main>
  );
}

function Loading() {
  return <p className="muted">Loading…</p>;
}
