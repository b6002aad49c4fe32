/** Rows of cards around the city: the viewer's hand, the lineup, the open lot, the deck and the professionals. */
import { CardShape, Label, wrapText } from '../../components/svg';
import { Target } from '../../play/move-offer';
import { LOT_HEIGHT, LOT_WIDTH, LotFace, lotDetail } from './city';
import { targets } from './moves';
import { cardName, SUIT_FILL } from './names';
import type { LotCardView } from '@shared/mob-town';

export const CARD_WIDTH = 62;
export const CARD_HEIGHT = 86;
const GAP = 6;

/** A draw-deck card: a henchman of a suit and value, cash, or the Law. */
function DrawCard({ card, x, y }: { card: string; x: number; y: number }) {
  const [suit, value] = card.includes('-') ? card.split('-') : [card, ''];
  return (
    <g>
      <title>{cardName(card)}</title>
      <CardShape x={x} y={y} width={CARD_WIDTH} height={CARD_HEIGHT} fill={SUIT_FILL[suit] ?? '#ddd'} />
      <Label x={x + CARD_WIDTH / 2} y={y + 30} size={value ? 26 : 20} halo={null} color={card === 'law' ? '#fff' : '#1f1f1f'}>
        {value || (card === 'cash' ? '$' : '⚖')}
      </Label>
      <Label x={x + CARD_WIDTH / 2} y={y + CARD_HEIGHT - 16} size={11} weight={500} halo={null} color={card === 'law' ? '#fff' : '#1f1f1f'}>
        {suit}
      </Label>
    </g>
  );
}

/** The title above each row of cards. */
const TITLE_HEIGHT = 22;

/** How many items `itemWidth` wide fit side by side in `width`, `gap` apart. */
export const perLine = (width: number, itemWidth: number, gap = GAP) => Math.max(1, Math.floor((width + gap) / (itemWidth + gap)));

/** How many cards fit side by side in `width`. */
export const cardsPerLine = (width: number) => perLine(width, CARD_WIDTH);

/** The height of a titled row of `count` items, `onALine` to a line: a long row wraps instead of running off the drawing. */
export function rowHeight(count: number, onALine: number, itemHeight = CARD_HEIGHT, gap = GAP): number {
  const lines = Math.max(1, Math.ceil(count / onALine));
  return TITLE_HEIGHT + lines * itemHeight + (lines - 1) * gap;
}

/** Where the `i`th item of a wrapped row starting at `y` goes. */
function slot(i: number, onALine: number, y: number, itemWidth: number, itemHeight: number, gap = GAP) {
  return { x: (i % onALine) * (itemWidth + gap), y: y + TITLE_HEIGHT + Math.floor(i / onALine) * (itemHeight + gap) };
}

export function CardRow({
  title,
  cards,
  y,
  onALine,
  targetOf,
}: {
  title: string;
  cards: string[];
  y: number;
  onALine: number;
  targetOf: (card: string) => string;
}) {
  return (
    <g>
      <Label x={0} y={y + 10} anchor="start" size={14}>
        {title}
      </Label>
      {cards.map((card, i) => (
        <Target key={i} id={targetOf(card)} label={cardName(card)}>
          <DrawCard card={card} {...slot(i, onALine, y, CARD_WIDTH, CARD_HEIGHT)} />
        </Target>
      ))}
    </g>
  );
}

export function Deck({ count, x, y }: { count: number; x: number; y: number }) {
  return (
    <Target id={targets.deck} label={`Draw deck, ${count} cards`}>
      <CardShape x={x} y={y + 22} width={CARD_WIDTH} height={CARD_HEIGHT} fill="#6b4f3f" faceDown />
      <Label x={x + CARD_WIDTH / 2} y={y + 22 + CARD_HEIGHT / 2} size={16}>
        {count}
      </Label>
      <Label x={x + CARD_WIDTH / 2} y={y + 10} size={14}>
        Deck
      </Label>
    </Target>
  );
}

export const LOT_GAP = 8;

export function OpenLot({ cards, y, onALine }: { cards: LotCardView[]; y: number; onALine: number }) {
  return (
    <g>
      <Label x={0} y={y + 10} anchor="start" size={14}>
        Open lot
      </Label>
      {cards.map((card, i) => {
        const at = slot(i, onALine, y, LOT_WIDTH, LOT_HEIGHT, LOT_GAP);
        return (
          <Target
            key={card.id}
            id={targets.openLot(card.id)}
            label={`Open lot: ${card.name}`}
            detail={lotDetail(card)}
            infoAt={{ x: at.x + LOT_WIDTH - 14, y: at.y + 14 }}
          >
            <LotFace card={card} {...at} />
          </Target>
        );
      })}
    </g>
  );
}

export const PRO_WIDTH = 160;
export const PRO_HEIGHT = 86;

export function ProfessionalRow({ professionals, y, onALine }: { professionals: { id: string; name: string; text: string }[]; y: number; onALine: number }) {
  return (
    <g>
      <Label x={0} y={y + 10} anchor="start" size={14}>
        Professionals for hire
      </Label>
      {professionals.map((pro, i) => {
        const at = slot(i, onALine, y, PRO_WIDTH, PRO_HEIGHT, LOT_GAP);
        return (
          <Target
            key={pro.id}
            id={targets.professional(pro.id)}
            label={pro.name}
            detail={{ title: pro.name, lines: [pro.text] }}
            infoAt={{ x: at.x + PRO_WIDTH - 14, y: at.y + 14 }}
          >
            <CardShape {...at} width={PRO_WIDTH} height={PRO_HEIGHT} fill="#efe4cf" title={pro.name} />
            {wrapText(pro.text, 24)
              .slice(0, 3)
              .map((line, l) => (
                <Label key={l} x={at.x + PRO_WIDTH / 2} y={at.y + 40 + l * 14} size={11} weight={400} halo={null}>
                  {line}
                </Label>
              ))}
          </Target>
        );
      })}
    </g>
  );
}

export const AGENDA_WIDTH = 150;
export const AGENDA_HEIGHT = 50;

/** The viewer's secret agendas; clicking one offers to swap it. */
export function AgendaRow({ agendas, y, onALine }: { agendas: { id: string; name: string }[]; y: number; onALine: number }) {
  return (
    <g>
      <Label x={0} y={y + 10} anchor="start" size={14}>
        Your agendas
      </Label>
      {agendas.map((agenda, i) => {
        const at = slot(i, onALine, y, AGENDA_WIDTH, AGENDA_HEIGHT, LOT_GAP);
        return (
          <Target key={agenda.id} id={targets.agenda(agenda.id)} label={`Agenda: ${agenda.name}`}>
            <CardShape {...at} width={AGENDA_WIDTH} height={AGENDA_HEIGHT} fill="#f6ecd2" />
            {/* "Biggest Connected Territory" is wider than the card: two lines. */}
            {wrapText(agenda.name, 18).map((line, l, lines) => (
              <Label key={l} x={at.x + AGENDA_WIDTH / 2} y={at.y + AGENDA_HEIGHT / 2 + (l - (lines.length - 1) / 2) * 15} size={13} halo={null}>
                {line}
              </Label>
            ))}
          </Target>
        );
      })}
    </g>
  );
}
