/**
 * Legal moves offered on the board: each game wraps its clickable things in
 * <Target id=…>, and a target lights up and takes clicks when some legal
 * move is offered on it (GameUi.targetsOf).
 */
import { createContext, useContext, type KeyboardEvent, type ReactNode } from 'react';
import type { Move } from '../api/json-fields';

interface MoveOffer {
  movesOn(target: string): Move[] | undefined;
  pick(target: string): void;
}

const MoveOfferContext = createContext<MoveOffer>({ movesOn: () => undefined, pick: () => undefined });

export const MoveOfferProvider = MoveOfferContext.Provider;

/** The legal moves grouped by the board targets they are offered on. */
export function movesByTarget(moves: Move[], targetsOf: (move: Move) => string[]): Map<string, Move[]> {
  const byTarget = new Map<string, Move[]>();
  for (const move of moves) {
    for (const target of targetsOf(move)) byTarget.set(target, [...(byTarget.get(target) ?? []), move]);
  }
  return byTarget;
}

/** A clickable part of an SVG board. `label` names it for screen readers and tests. */
export function Target({ id, label, children }: { id: string; label?: string; children: ReactNode }) {
  const offer = useContext(MoveOfferContext);
  if (!offer.movesOn(id)) return <g data-target={id}>{children}</g>;
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      offer.pick(id);
    }
  };
  return (
    <g data-target={id} className="target offered" role="button" tabIndex={0} aria-label={label ?? id} onClick={() => offer.pick(id)} onKeyDown={onKey}>
      {children}
    </g>
  );
}
