/**
 * The lobby's lists, kept live: read once, then, at each lobby signal
 * (use-lobby-changes.ts), only what the change can have touched: a game of
 * the player's is read again alone and put where it now belongs (with the
 * player's turns, which its move may have changed); an invitation, the
 * invitations; an open game, that game alone. "Anything may have changed"
 * (a new or renewed subscription) reads every list again. Reads run one
 * after another, so an older answer never overwrites a newer one, and
 * signals that come meanwhile are read together once it is done.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useClient, type AnyVariables, type CombinedError, type TypedDocumentNode } from 'urql';
import {
  LobbyGameDocument,
  MyFinishedGamesDocument,
  MyGamesDocument,
  MyInvitationsDocument,
  MyTurnsDocument,
  OpenGamesDocument,
  type GameSummaryFragment,
  type MyGameRowFragment,
  type MyTurnsQuery,
} from '../api/generated';
import { useLobbyChanges, type LobbyChange } from './use-lobby-changes';

export type MyTurn = MyTurnsQuery['myTurns'][number];

/** Each list, null until read. */
export interface LobbyLists {
  turns: MyTurn[] | null;
  active: MyGameRowFragment[] | null;
  waiting: MyGameRowFragment[] | null;
  invitations: GameSummaryFragment[] | null;
  open: GameSummaryFragment[] | null;
  finished: GameSummaryFragment[] | null;
}

const UNREAD: LobbyLists = { turns: null, active: null, waiting: null, invitations: null, open: null, finished: null };

/** What the signals since the last reads ask to read again. */
interface Stale {
  everything: boolean;
  turns: boolean;
  invitations: boolean;
  open: boolean;
  finished: boolean;
  /** Games to read again, alone. */
  games: Set<string>;
}

const nothingStale = (): Stale => ({ everything: false, turns: false, invitations: false, open: false, finished: false, games: new Set() });

/** `game` in a list kept newest first, in place of its older copy; without it if `keep` is false. */
function placed<Game extends GameSummaryFragment>(list: Game[] | null, game: Game, keep: boolean): Game[] | null {
  if (!list) return list;
  const others = list.filter((other) => other.id !== game.id);
  if (!keep) return others;
  const at = others.findIndex((other) => other.updatedAt < game.updatedAt);
  return at < 0 ? [...others, game] : [...others.slice(0, at), game, ...others.slice(at)];
}

/** The lists with one game read again: in the player's own lists by its status, or among the open games if still open to them (of `ruleset`, if chosen). */
function withGame(lists: LobbyLists, game: MyGameRowFragment, ruleset: string): LobbyLists {
  const mine = game.mySeat !== null;
  const open = !mine && game.status === 'LOBBY' && game.openToAnyone && (!ruleset || game.ruleset === ruleset);
  return {
    ...lists,
    active: placed(lists.active, game, mine && game.status === 'ACTIVE'),
    waiting: placed(lists.waiting, game, mine && game.status === 'LOBBY'),
    invitations: mine ? placed(lists.invitations, game, false) : lists.invitations,
    open: placed(lists.open, game, open),
  };
}

export function useLiveLobby(ruleset: string, finishedOffset: number) {
  const client = useClient();
  const [lists, setLists] = useState<LobbyLists>(UNREAD);
  const [error, setError] = useState<CombinedError | null>(null);
  const stale = useRef<Stale>({ ...nothingStale(), everything: true });
  const reading = useRef(false);
  const chosen = useRef({ ruleset, finishedOffset });

  const read = useCallback(
    async <Data, Variables extends AnyVariables>(document: TypedDocumentNode<Data, Variables>, variables: Variables): Promise<Data | null> => {
      const result = await client.query(document, variables, { requestPolicy: 'network-only' });
      setError(result.error ?? null);
      return result.data ?? null;
    },
    [client],
  );

  const readStale = useCallback(async () => {
    if (reading.current) return;
    reading.current = true;
    try {
      while (Object.values(stale.current).some((value) => value === true) || stale.current.games.size > 0) {
        const now = stale.current;
        stale.current = nothingStale();
        const { ruleset, finishedOffset } = chosen.current;
        const all = now.everything;
        const [turns, mine, invitations, open, finished, ...games] = await Promise.all([
          all || now.turns ? read(MyTurnsDocument, {}) : null,
          all ? read(MyGamesDocument, {}) : null,
          all || now.invitations ? read(MyInvitationsDocument, {}) : null,
          all || now.open ? read(OpenGamesDocument, { ruleset: ruleset || null }) : null,
          all || now.finished ? read(MyFinishedGamesDocument, { offset: finishedOffset }) : null,
          ...(all ? [] : [...now.games].map((id) => read(LobbyGameDocument, { id }))),
        ]);
        setLists((before) => {
          let after: LobbyLists = {
            turns: turns?.myTurns ?? before.turns,
            active: mine?.active ?? before.active,
            waiting: mine?.waiting ?? before.waiting,
            invitations: invitations?.myInvitations ?? before.invitations,
            open: open?.games ?? before.open,
            finished: finished?.games ?? before.finished,
          };
          for (const game of games) if (game) after = withGame(after, game.game, ruleset);
          return after;
        });
        // A game of the player's that has just ended goes to the first page of finished games.
        if (games.some((game) => game?.game.mySeat !== null && game?.game.status === 'FINISHED')) stale.current.finished = true;
      }
    } finally {
      reading.current = false;
    }
  }, [read]);

  const changed = (change: LobbyChange) => {
    const now = stale.current;
    if (change.gameId === null) now.everything = true;
    else {
      if (change.seated || change.open) now.games.add(change.gameId);
      now.turns ||= change.seated;
      now.invitations ||= change.invited;
    }
    void readStale();
  };
  useLobbyChanges(changed);

  // Everything at once, not waiting for the first signal (which may be slow to come, or never on a network that drops sockets).
  useEffect(() => void readStale(), [readStale]);
  // Another game's open games, another page of finished games.
  useEffect(() => {
    const before = chosen.current;
    chosen.current = { ruleset, finishedOffset };
    if (before.ruleset !== ruleset) setLists((lists) => ({ ...lists, open: null }));
    stale.current.open ||= before.ruleset !== ruleset;
    stale.current.finished ||= before.finishedOffset !== finishedOffset;
    void readStale();
  }, [ruleset, finishedOffset, readStale]);

  /** Reads again what a change of the player's own making touched (an invitation declined, say). */
  return { lists, error, readAgain: changed };
}
