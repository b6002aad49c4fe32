/** Rows of cards around the city: the viewer's hand, the lineup, the open lot, the deck and the professionals. */
import { CardShape, Label, wrapText } from '../../components/svg';
import { Target } from '../../play/move-offer';
import { LOT_WIDTH, LotFace } from './city';
import { targets } from './moves';
import { cardName, SUIT_FILL } from './names';
import type { LotCard } from './view-types';

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

/** How many cards fit side by side in `width`. */
export const cardsPerLine = (width: number) => Math.max(1, Math.floor((width + GAP) / (CARD_WIDTH + GAP)));

/** The height of a titled row of `count` cards, `perLine` to a line: a long hand wraps instead of running off the drawing. */
export function cardRowHeight(count: number, perLine: number): number {
  const lines = Math.max(1, Math.ceil(count / perLine));
  return 22 + lines * CARD_HEIGHT + (lines - 1) * GAP;
}

export function CardRow({ title, cards, y, perLine, targetOf }: { title: string; cards: string[]; y: number; perLine: number; targetOf: (card: string) => string }) {
  return (
    <g>
      <Label x={0} y={y + 10} anchor="start" size={14}>
        {title}
      </Label>
      {cards.map((card, i) => (
        <Target key={i} id={targetOf(card)} label={cardName(card)}>
          <DrawCard card={card} x={(i % perLine) * (CARD_WIDTH + GAP)} y={y + 22 + Math.floor(i / perLine) * (CARD_HEIGHT + GAP)} />
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

export function OpenLot({ cards, y }: { cards: LotCard[]; y: number }) {
  return (
    <g>
      <Label x={0} y={y + 10} anchor="start" size={14}>
        Open lot
      </Label>
      {cards.map((card, i) => (
        <Target key={card.id} id={targets.openLot(card.id)} label={`Open lot: ${card.name}`}>
          <LotFace card={card} x={i * (LOT_WIDTH + 8)} y={y + 22} />
        </Target>
      ))}
    </g>
  );
}

export function ProfessionalRow({ professionals, y }: { professionals: { id: string; name: string; text: string }[]; y: number }) {
  const width = 180;
  return (
    <g>
      <Label x={0} y={y + 10} anchor="start" size={14}>
        Professionals for hire
      </Label>
      {professionals.map((pro, i) => (
        <Target key={pro.id} id={targets.professional(pro.id)} label={pro.name}>
          <CardShape x={i * (width + 8)} y={y + 22} width={width} height={86} fill="#efe4cf" title={pro.name} />
          {wrapText(pro.text, 26)
            .slice(0, 3)
            .map((line, l) => (
              <Label key={l} x={i * (width + 8) + width / 2} y={y + 62 + l * 14} size={11} weight={400} halo={null}>
                {line}
              </Label>
            ))}
        </Target>
      ))}
    </g>
  );
}

export const AGENDA_WIDTH = 150;

/** The viewer's secret agendas; clicking one offers to swap it. */
export function AgendaRow({ agendas, y }: { agendas: { id: string; name: string }[]; y: number }) {
  return (
    <g>
      <Label x={0} y={y + 10} anchor="start" size={14}>
        Your agendas
      </Label>
      {agendas.map((agenda, i) => (
        <Target key={agenda.id} id={targets.agenda(agenda.id)} label={`Agenda: ${agenda.name}`}>
          <CardShape x={i * (AGENDA_WIDTH + 8)} y={y + 22} width={AGENDA_WIDTH} height={50} fill="#f6ecd2" />
          {/* "Biggest Connected Territory" is wider than the card: two lines. */}
          {wrapText(agenda.name, 18).map((line, l, lines) => (
            <Label key={l} x={i * (AGENDA_WIDTH + 8) + AGENDA_WIDTH / 2} y={y + 47 + (l - (lines.length - 1) / 2) * 15} size={13} halo={null}>
              {line}
            </Label>
          ))}
        </Target>
      ))}
    </g>
  );
}
