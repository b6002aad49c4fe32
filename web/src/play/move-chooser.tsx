/** When one click could mean several moves (which meeple, how many), the player picks one here. */
import type { Move } from '../api/json-fields';
import { Sheet } from '../components/sheet';

export function MoveChooser({
  title,
  moves,
  describe,
  onChoose,
  onCancel,
}: {
  title: string;
  moves: Move[];
  describe: (move: Move) => string;
  onChoose: (move: Move) => void;
  onCancel: () => void;
}) {
  return (
    <Sheet label={title} onClose={onCancel}>
      <h3>{title}</h3>
      <div className="sheet-choices">
        {moves.map((move, i) => (
          <button key={i} className="choice" onClick={() => onChoose(move)}>
            {describe(move)}
          </button>
        ))}
      </div>
      <button className="secondary" onClick={onCancel}>
        Cancel
      </button>
    </Sheet>
  );
}
