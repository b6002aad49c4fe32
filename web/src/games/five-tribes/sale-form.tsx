/**
 * Selling merchandise: any set of different kinds, so the player ticks the
 * kinds and the matching legal `sell` move is sent (one button per subset
 * would be hundreds).
 */
import { useState } from 'react';
import type { Move } from '../../api/json-fields';
import { SET_VALUES } from '../../../../src/games/five-tribes/data/cards';
import { cardName } from './names';
import type { FiveTribesView } from './view-types';

const sameKinds = (a: string[], b: string[]) => a.length === b.length && a.every((kind) => b.includes(kind));

export function SaleForm({ moves, submit }: { moves: Move[]; view: FiveTribesView; submit(move: Move): void }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const offered = moves.reduce<string[]>((all, move) => ((move.kinds as string[]).length > all.length ? (move.kinds as string[]) : all), []);
  const sale = moves.find((move) => sameKinds(move.kinds as string[], chosen));
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
