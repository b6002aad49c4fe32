/**
 * A started game: the board (live, or a replay from the timeline), the
 * legal moves as clicks on the board and buttons, taking back a step, the
 * timeline, and the host's rollback.
 */
import { memo, useEffect, useMemo, useState } from 'react';
import {
  RequestTakebackDocument,
  ResolveDeadlineDocument,
  RollbackGameDocument,
  SubmitMoveDocument,
  UndoMoveDocument,
  type DeadlineAction,
  type GameFragment,
} from '../api/generated';
import { afterMove } from '../api/move-outcome';
import { legalMovesOf, type Move } from '../api/json-fields';
import { useMutations } from '../api/use-mutations';
import { BoardZoom } from '../components/board-zoom';
import { ProblemBanner } from '../components/problem-banner';
import { useStableCallback } from '../components/use-stable-callback';
import type { BoardProps, GameUi } from '../games/game-ui';
import { gameUiFor } from '../games/registry';
import { CardDetailProvider } from './card-detail';
import { SeatClocks } from './seat-clocks';
import { DeadlineNotice } from './deadline-notice';
import { EndScreen } from './end-screen';
import { RematchButton } from './rematch-button';
import { AgreementNotice, LeaveActions } from './game-life';
import { SeatOffers } from './seat-offers';
import { MoveBar } from './move-bar';
import { MoveChooser } from './move-chooser';
import { MoveOfferProvider, offeredMoves } from './move-offer';
import { nameOfSeat, playersOf } from './players';
import { PlayerStrip } from './player-strip';
import { ProposalOutcome } from './proposal-outcome';
import { ReplayBar } from './replay-bar';
import { RollbackDialog, type GoingBack } from './rollback-dialog';
import { askedForSinceLastMove, sinceLastMoveSeq } from './since-last-move';
import { Timeline, type TimelineItem } from './timeline';
import { timelineItems } from './timeline-items';
import { TurnBanner } from './turn-banner';
import { useHistory } from './use-history';
import { useReturnPoints } from './use-return-points';
import { useBroughtIntoView } from './use-brought-into-view';
import { useOfferInView } from './use-offer-in-view';
import { useViewAsOf } from './use-view-as-of';

/**
 * The game's board, drawn again only when what it shows changes (the game, the moves offered, the replay), not whenever
 * the page is (a line of history, a dialog, a problem): it is most of what the page draws.
 */
const GameBoard = memo(function GameBoard({ Board, ...props }: BoardProps<unknown> & { Board: GameUi<unknown>['Board'] }) {
  return <Board {...props} />;
});

/** Sent with each move so that a resent request is not played twice. */
function newClientMoveId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export function PlayArea({ game, accept, reload, isHost }: { game: GameFragment; accept: (game: GameFragment) => void; reload: () => void; isHost: boolean }) {
  const ui = gameUiFor(game.ruleset);
  const { seats, mySeat, activeSeats, legalMoves } = game;
  const players = useMemo(() => playersOf({ seats, mySeat, activeSeats }), [seats, mySeat, activeSeats]);
  const nameOf = nameOfSeat(players);
  const { send, busy, problem, dismiss } = useMutations();
  const history = useHistory(game.id, game.version, game.status === 'FINISHED', busy);
  const items = timelineItems(history.entries, nameOf);
  const [replaySeq, setReplaySeq] = useState<number | null>(null);
  /** Taps on the history, each bringing the board it replays into view. */
  const [replaysAsked, setReplaysAsked] = useState(0);
  const replay = useViewAsOf(game.id, replaySeq);
  const [choosing, setChoosing] = useState<{ target: string; moves: Move[] } | null>(null);
  const [goingBack, setGoingBack] = useState<{ item: TimelineItem; purpose: GoingBack } | null>(null);

  const live = replaySeq === null;
  const view = live ? game.view : replay.view;
  const { boardMoves, byTarget, buttonMoves, formMoves } = useMemo(
    () => offeredMoves(live && !busy ? legalMovesOf({ legalMoves }) : [], ui),
    [live, busy, legalMoves, ui],
  );
  const describe = (move: Move) => ui.describeMove(move, game.view, nameOf);

  // The game moved on before our move reached it: show it as it is now.
  useEffect(() => {
    if (problem?.code === 'VERSION_CONFLICT') reload();
  }, [problem, reload]);

  /** Sends a change of the game, and shows the game it answers. */
  async function act<Data>(sent: Promise<Data | null>, gameOf: (data: Data) => GameFragment) {
    setChoosing(null);
    const data = await sent;
    if (data) accept(gameOf(data));
  }

  const id = game.id;
  const submit = (move: Move) =>
    act(send(SubmitMoveDocument, { id, move, version: game.version, clientMoveId: newClientMoveId() }), ({ submitMove: { history: added, ...outcome } }) => {
      history.add(game.version, added);
      return afterMove(game, outcome);
    });
  const undo = () => act(send(UndoMoveDocument, { id }), (data) => data.undoMove);
  const resolveDeadline = (seat: number, action: DeadlineAction) => act(send(ResolveDeadlineDocument, { id, seat, action }), (data) => data.resolveDeadline);
  const goBack = ({ item, purpose }: { item: TimelineItem; purpose: GoingBack }, reason: string) => {
    setGoingBack(null);
    setReplaySeq(null);
    const toVersion = item.seq;
    return purpose === 'rollback'
      ? act(send(RollbackGameDocument, { id, toVersion, reason }), (data) => data.rollbackGame)
      : act(send(RequestTakebackDocument, { id, toVersion, reason }), (data) => data.requestTakeback);
  };
  const pick = useStableCallback((target: string) => {
    const offered = byTarget.get(target) ?? [];
    if (offered.length === 1) void submit(offered[0]);
    else if (offered.length > 1) setChoosing({ target, moves: offered });
  });
  const moveOffer = useMemo(() => ({ movesOn: (target: string) => byTarget.get(target), pick }), [byTarget, pick]);

  const replayable = items.filter((item) => item.replayable);
  const replayIndex = replayable.findIndex((item) => item.seq === replaySeq);
  const replayItem = replayIndex >= 0 ? replayable[replayIndex] : null;
  const step = (delta: number) => {
    const next = replayable[replayIndex + delta];
    return next ? () => setReplaySeq(next.seq) : null;
  };
  useBroughtIntoView('.replay-bar', replaysAsked, replaySeq !== null);
  // The last move, however it came (this page's, another player's, a co-op loss): "Game over" is where the player looks.
  useBroughtIntoView('.end-screen', game.status, game.status === 'FINISHED');
  const myTurn = live && game.status === 'ACTIVE' && game.mySeat !== null && game.mySeat !== undefined && game.activeSeats.includes(game.mySeat);
  // A new turn is a new version at which the player must act.
  useOfferInView(myTurn, `${game.id}:${myTurn ? game.version : ''}`);
  // The host's mail about a corrected rule links here with `?rollbackTo=<point>`: open that point, ready to roll back to it.
  const [requestedRollback, setRequestedRollback] = useState(() => Number(new URLSearchParams(window.location.search).get('rollbackTo')) || null);
  // Where this player may take the game back to, by the host's rollback or a takeback: the points the server offers, which it accepts.
  const returnPoints = useReturnPoints(game.id, game.version, replayItem !== null || (requestedRollback !== null && isHost));
  const isReturnPoint = (item: TimelineItem) => returnPoints?.versions.includes(item.seq) ?? false;
  const mayRollBack = (item: TimelineItem) => (returnPoints?.rollback ?? false) && isReturnPoint(item);
  const mayAskTakeback = (item: TimelineItem) => (returnPoints?.takeback ?? false) && isReturnPoint(item);
  useEffect(() => {
    if (requestedRollback === null || !isHost || !returnPoints || replayable.length === 0) return;
    setRequestedRollback(null);
    const point = [...replayable].reverse().find((item) => item.seq <= requestedRollback && mayRollBack(item));
    if (!point) return;
    setReplaySeq(point.seq);
    setGoingBack({ item: point, purpose: 'rollback' });
    // mayRollBack is made anew each render from `returnPoints`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestedRollback, replayable, isHost, returnPoints]);

  // The turn mail links here with `?since=me`: open the replay on the player's last move, to step through what happened since.
  const [sinceAsked, setSinceAsked] = useState(askedForSinceLastMove);
  const [sinceFrom, setSinceFrom] = useState<number | null>(null);
  useEffect(() => {
    if (!sinceAsked || game.mySeat === null || game.mySeat === undefined || history.entries.length === 0) return;
    setSinceAsked(false);
    const from = sinceLastMoveSeq(history.entries, replayable, game.mySeat);
    if (from === null) return;
    setSinceFrom(from);
    setReplaySeq(from);
    setReplaysAsked((asked) => asked + 1);
  }, [sinceAsked, history.entries, replayable, game.mySeat]);

  return (
    <div className="play-area" data-version={game.version} data-ruleset={game.ruleset}>
      {game.status === 'FINISHED' ? (
        <EndScreen game={game} players={players} actions={<RematchButton game={game} />} />
      ) : (
        <TurnBanner game={game} players={players} prompt={view && live ? (ui.prompt?.(view) ?? null) : null} />
      )}
      <PlayerStrip players={players} leftSeats={game.resignedSeats} />
      <SeatClocks clocks={game.clocks} players={players} />
      <DeadlineNotice deadlines={game.deadlines} players={players} onResolve={resolveDeadline} />
      <ProblemBanner problem={problem} onDismiss={dismiss} />
      <AgreementNotice game={game} players={players} accept={accept} pointLabel={(seq) => items.find((item) => item.seq === seq)?.label ?? null} />
      <ProposalOutcome game={game} entries={history.entries} />
      {replayItem && (
        <ReplayBar
          item={replayItem}
          note={replayItem.seq === sinceFrom ? 'Where you last moved: Later ▶ steps through what happened since.' : null}
          onPrevious={step(-1)}
          onNext={step(1)}
          onNow={() => setReplaySeq(null)}
          onRollback={mayRollBack(replayItem) ? () => setGoingBack({ item: replayItem, purpose: 'rollback' }) : null}
          onTakeback={mayAskTakeback(replayItem) ? () => setGoingBack({ item: replayItem, purpose: 'takeback' }) : null}
          offersPending={returnPoints === null}
        />
      )}
      <div className={`board-frame ${live ? 'live' : 'replaying'} ${replay.loading ? 'loading' : ''}`} data-replay={replaySeq ?? undefined}>
        {view ? (
          <BoardZoom>
            <CardDetailProvider>
              <MoveOfferProvider value={moveOffer}>
                <GameBoard Board={ui.Board} view={view} players={players} mySeat={game.mySeat} legalMoves={boardMoves} />
              </MoveOfferProvider>
            </CardDetailProvider>
          </BoardZoom>
        ) : (
          <p className="muted">Loading the board…</p>
        )}
      </div>
      {ui.MoveForm && formMoves.length > 0 && <ui.MoveForm moves={formMoves} view={game.view} submit={submit} />}
      {live && <MoveBar moves={buttonMoves} describe={describe} onMove={submit} canUndo={game.canUndo} onUndo={undo} busy={busy} />}
      <SeatOffers game={game} players={players} isHost={isHost} accept={accept} />
      <LeaveActions game={game} players={players} isHost={isHost} accept={accept} />
      <Timeline
        items={items}
        selected={replaySeq}
        onSelect={(seq) => {
          setReplaySeq(seq);
          setReplaysAsked((asked) => asked + 1);
        }}
      />
      {choosing && <MoveChooser title="Choose your move" moves={choosing.moves} describe={describe} onChoose={submit} onCancel={() => setChoosing(null)} />}
      {goingBack && (
        <RollbackDialog
          item={goingBack.item}
          purpose={goingBack.purpose}
          onConfirm={(reason) => goBack(goingBack, reason)}
          onCancel={() => setGoingBack(null)}
        />
      )}
    </div>
  );
}
