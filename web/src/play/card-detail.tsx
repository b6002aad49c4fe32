/**
 * What a Djinn, a card, a tile or a building says, in full and in readable
 * type: the board draws them small, with their text cut short. A tap (or
 * Enter) on one that is not offered as a move opens its detail; one offered
 * as a move shows a small "i" beside it that does, as the tap itself plays
 * the move.
 */
import { createContext, useContext, useState, type ReactNode } from 'react';
import { Sheet } from '../components/sheet';

export interface CardDetail {
  title: string;
  /** Shown under the title, one paragraph each. */
  lines: string[];
}

const ShowDetail = createContext<(detail: CardDetail) => void>(() => undefined);

export const useShowDetail = () => useContext(ShowDetail);

/** Holds the detail open on the board, and shows it over the page. */
export function CardDetailProvider({ children }: { children: ReactNode }) {
  const [detail, setDetail] = useState<CardDetail | null>(null);
  return (
    <ShowDetail.Provider value={setDetail}>
      {children}
      {detail && <CardDetailSheet detail={detail} onClose={() => setDetail(null)} />}
    </ShowDetail.Provider>
  );
}

/** A dialog (a Sheet): Escape, the button or a tap beside it closes it, and the keyboard goes back to what opened it. */
function CardDetailSheet({ detail, onClose }: { detail: CardDetail; onClose: () => void }) {
  return (
    <Sheet className="card-detail" labelledBy="card-detail-title" onClose={onClose}>
      <h3 id="card-detail-title">{detail.title}</h3>
      {detail.lines.map((line, i) => (
        <p key={i}>{line}</p>
      ))}
      <button className="secondary" onClick={onClose}>
        Close
      </button>
    </Sheet>
  );
}
