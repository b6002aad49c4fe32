/**
 * Legal moves offered on the board: each game wraps its clickable things in
 * <Target id=…>, and a target lights up and takes clicks when some legal
 * move is offered on it (GameUi.targetsOf).
 */
import { createContext, useContext, type KeyboardEvent, type ReactNode } from 'react';
import type { Move } from '../api/json-fields';
import type { GameUi } from '../games/game-ui';
import { useShowDetail, type CardDetail } from './card-detail';

interface MoveOffer {
  movesOn(target: string): Move[] | undefined;
  pick(target: string): void;
}

const MoveOfferContext = createContext<MoveOffer>({ movesOn: () => undefined, pick: () => undefined });

export const MoveOfferProvider = MoveOfferContext.Provider;

/** The legal moves grouped by the board targets they are offered on. */
function movesByTarget(moves: Move[], targetsOf: (move: Move) => string[]): Map<string, Move[]> {
  const byTarget = new Map<string, Move[]>();
  for (const move of moves) {
    for (const target of targetsOf(move)) byTarget.set(target, [...(byTarget.get(target) ?? []), move]);
  }
  return byTarget;
}

/** The legal moves as the page offers them: on the board (its targets, or buttons for moves on none), or in the game's own form. */
export interface OfferedMoves {
  boardMoves: Move[];
  byTarget: Map<string, Move[]>;
  buttonMoves: Move[];
  formMoves: Move[];
}

export function offeredMoves(moves: Move[], ui: Pick<GameUi<unknown>, 'targetsOf' | 'usesForm'>): OfferedMoves {
  const boardMoves = moves.filter((move) => !ui.usesForm?.(move));
  return {
    boardMoves,
    byTarget: movesByTarget(boardMoves, ui.targetsOf),
    buttonMoves: boardMoves.filter((move) => ui.targetsOf(move).length === 0),
    formMoves: moves.filter((move) => ui.usesForm?.(move)),
  };
}

/** Enter and Space do what a click does, as on a button. */
const asButton = (act: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    act();
  }
};

/**
 * A clickable part of an SVG board. `label` names it for screen readers and
 * tests. With a `detail`, a tap reads it in full when no move is offered on
 * it; when one is, the tap plays the move and an "i" at `infoAt` reads it.
 *
 * Its `children` are the thing itself, with the words that name it (which
 * its label and its detail's title must contain: a speech-input user says
 * what they see); its `marks` are what is drawn on it besides (a value, a
 * count, pieces standing on it), drawn over it but not part of the
 * control, so that clicks go through them to it.
 */
export function Target({
  id,
  label,
  detail,
  infoAt,
  marks,
  children,
}: {
  id: string;
  label?: string;
  detail?: CardDetail;
  infoAt?: { x: number; y: number };
  marks?: ReactNode;
  children: ReactNode;
}) {
  const offer = useContext(MoveOfferContext);
  const showDetail = useShowDetail();
  const drawnOver = marks && (
    <g className="marks" aria-hidden="true">
      {marks}
    </g>
  );
  if (!offer.movesOn(id)) {
    if (!detail) {
      return (
        <>
          <g data-target={id}>{children}</g>
          {drawnOver}
        </>
      );
    }
    const read = () => showDetail(detail);
    return (
      <>
        <g
          data-target={id}
          className="readable"
          role="button"
          tabIndex={0}
          aria-haspopup="dialog"
          aria-label={`About ${detail.title}`}
          onClick={read}
          onKeyDown={asButton(read)}
        >
          {children}
        </g>
        {drawnOver}
      </>
    );
  }
  const pick = () => offer.pick(id);
  return (
    <>
      <g data-target={id} className="target offered" role="button" tabIndex={0} aria-label={label ?? id} onClick={pick} onKeyDown={asButton(pick)}>
        {children}
      </g>
      {drawnOver}
      {detail && infoAt && <InfoButton detail={detail} {...infoAt} />}
    </>
  );
}

/** The small "i" that reads a card offered as a move, the tap on the card being the move. */
function InfoButton({ detail, x, y }: { detail: CardDetail; x: number; y: number }) {
  const showDetail = useShowDetail();
  const read = () => showDetail(detail);
  return (
    <g className="info-button" role="button" tabIndex={0} aria-haspopup="dialog" aria-label={`About ${detail.title}`} onClick={read} onKeyDown={asButton(read)}>
      <circle cx={x} cy={y} r={13} fill="#fffdf5" stroke="#3b2f2a" strokeWidth={1.5} />
      <text
        x={x}
        y={y + 0.5}
        fontSize={16}
        fontWeight={700}
        fontStyle="italic"
        textAnchor="middle"
        dominantBaseline="central"
        fill="#3b2f2a"
        style={{ pointerEvents: 'none' }}
      >
        i
      </text>
    </g>
  );
}
