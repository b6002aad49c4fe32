/** Beside the Sultanate: the turn-order track, the bid order, the resource cards and the Djinns. */
import { CardShape, Label, Token, wrapText } from '../../components/svg';
import { Target } from '../../play/move-offer';
import type { PlayerInfo } from '../game-ui';
import { targets } from './moves';
import { cardName, djinn } from './names';
import type { DjinnId, FiveTribesView } from '@shared/five-tribes';

const CARD_FILL: Record<string, string> = {
  ivory: '#f3ead2',
  jewels: '#7fc8d6',
  bullion: '#e6c45a',
  papyrus: '#d9c7a0',
  silk: '#e7a3c4',
  spice: '#d9823b',
  fish: '#8fb4d9',
  wheat: '#efd77a',
  pottery: '#c98f6b',
  fakir: '#8d6bb3',
};

export const SPOT = 80;

export function TurnTrack({ view, players, y }: { view: FiveTribesView; players: PlayerInfo[]; y: number }) {
  return (
    <g>
      <Label x={0} y={y + 10} anchor="start" size={14}>
        Turn order (bid gold)
      </Label>
      {view.turnTrack.map(({ spot, cost, holder }) => {
        const x = spot * SPOT;
        return (
          <Target key={spot} id={targets.trackSpot(spot)} label={`Turn order spot ${spot + 1}, ${cost} gold`}>
            <rect x={x + 2} y={y + 22} width={SPOT - 4} height={58} rx={6} fill={cost === 0 ? '#efe6d6' : '#f7edd9'} stroke="#7a5f45" strokeWidth={2} />
            <Label x={x + SPOT / 2} y={y + 36} size={13}>
              {cost}
            </Label>
            {holder && (
              <Token
                x={x + SPOT / 2}
                y={y + 62}
                r={12}
                color={players[holder.seat]?.color ?? '#999'}
                shape={players[holder.seat]?.shape}
                title={players[holder.seat]?.name}
              />
            )}
          </Target>
        );
      })}
      <Label x={0} y={y + 98} anchor="start" size={14}>
        Bid order:
      </Label>
      {view.bidTrack.map((holder, i) =>
        holder ? (
          <Token
            key={i}
            x={100 + i * 30}
            y={y + 98}
            r={11}
            color={players[holder.seat]?.color ?? '#999'}
            shape={players[holder.seat]?.shape}
            title={players[holder.seat]?.name}
          />
        ) : null,
      )}
    </g>
  );
}

export function ResourceRow({ cards, deckSize, y }: { cards: string[]; deckSize: number; y: number }) {
  return (
    <g>
      <Label x={0} y={y + 10} anchor="start" size={14}>
        Resource cards ({deckSize} in the pile)
      </Label>
      {cards.map((kind, position) => (
        <Target key={position} id={targets.rowCard(position)} label={`Card ${position + 1}: ${cardName(kind)}`}>
          <CardShape
            x={position * SPOT + 2}
            y={y + 22}
            width={SPOT - 4}
            height={70}
            fill={CARD_FILL[kind] ?? '#ddd'}
            title={`${position + 1}`}
            lines={[cardName(kind)]}
          />
        </Target>
      ))}
    </g>
  );
}

export const DJINN_WIDTH = 236;

export function DjinnRow({ djinns, y }: { djinns: DjinnId[]; y: number }) {
  return (
    <g>
      <Label x={0} y={y + 10} anchor="start" size={14}>
        Djinns
      </Label>
      {djinns.map((id, i) => {
        const { name, vp, power } = djinn(id);
        const x = i * (DJINN_WIDTH + 6);
        return (
          <Target
            key={id}
            id={targets.rowDjinn(id)}
            label={`Djinn ${name}`}
            detail={{ title: `Djinn: ${name}`, lines: [`${vp} victory points.`, power] }}
            infoAt={{ x: x + DJINN_WIDTH - 18, y: y + 22 + 108 - 18 }}
          >
            <CardShape x={x} y={y + 22} width={DJINN_WIDTH} height={108} fill="#e9e0f7" />
            <Label x={x + 10} y={y + 40} anchor="start" size={15} halo={null}>
              {name}
            </Label>
            <Label x={x + DJINN_WIDTH - 10} y={y + 40} anchor="end" size={13} halo={null}>
              {vp} VP
            </Label>
            {wrapText(power, 36)
              .slice(0, 4)
              .map((line, l) => (
                <Label key={l} x={x + 10} y={y + 62 + l * 16} anchor="start" size={11.5} weight={400} halo={null}>
                  {line}
                </Label>
              ))}
          </Target>
        );
      })}
    </g>
  );
}
