/**
 * Selling merchandise: any set of different kinds, so the player ticks the
 * kinds and the matching legal `sell` move is sent (one button per subset
 * would be hundreds).
 */
import { useState } from 'react';
import { SET_VALUES, type FiveTribesMove, type FiveTribesView } from '@shared/five-tribes';
import { cardName } from './names';

type Sale = Extract<FiveTribesMove, { type: 'sell' }>;

const sameKinds = (a: string[], b: string[]) => a.length === b.length && a.every((kind) => b.includes(kind));

/** `moves`: the sales offered (usesForm). */
export function SaleForm({ moves, submit }: { moves: FiveTribesMove[]; view: FiveTribesView; submit(move: FiveTribesMove): void }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const sales = moves.filter((move): move is Sale => move.type === 'sell');
  const offered = sales.reduce<string[]>((all, move) => (move.kinds.length > all.length ? move.kinds : all), []);
  const sale = sales.find((move) => sameKinds(move.kinds, chosen));
  const toggle = (kind: string) => setChosen(chosen.includes(kind) ? chosen.filter((k) => k !== kind) : [...chosen, kind]);
  return (
    <fieldset className="sale-form">
      <legend>Sell a set of different merchandise</legend>
      {offered.map((kind) => (
        <label key={kind} className="check">
          <input type="checkbox" checked={chosen.includes(kind)} onChange={() => toggle(kind)} /> {cardName(kind)}
        </label>
      ))}
      <button disabled={!sale} onClick={() => sale && submit(sale)}>
        {sale ? `Sell ${chosen.length} for ${SET_VALUES[chosen.length]} gold` : 'Tick what to sell'}
      </button>
    </fieldset>
  );
}
