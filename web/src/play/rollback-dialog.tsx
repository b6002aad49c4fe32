/**
 * Going back to a point in the history, with a reason everyone sees: the
 * host's rollback (at once), or a player's takeback request (when all agree).
 */
import { useState, type FormEvent } from 'react';
import { Sheet } from '../components/sheet';
import type { TimelineItem } from './timeline';

export type GoingBack = 'rollback' | 'takeback';

const WORDS: Record<GoingBack, { label: string; title: string; what: string; confirm: string }> = {
  rollback: {
    label: 'Roll back',
    title: 'Roll the game back?',
    what: 'The game returns to the position just after',
    confirm: 'Roll back',
  },
  takeback: {
    label: 'Ask for a takeback',
    title: 'Ask the other players to take moves back?',
    what: 'If every other player agrees, the game returns to the position just after',
    confirm: 'Ask the others',
  },
};

export function RollbackDialog({
  item,
  purpose = 'rollback',
  onConfirm,
  onCancel,
}: {
  item: TimelineItem;
  purpose?: GoingBack;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const words = WORDS[purpose];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) onConfirm(reason.trim());
  };
  return (
    <Sheet label={words.label} onClose={onCancel} onSubmit={submit}>
      <h3>{words.title}</h3>
      <p>
        {words.what} {item.label} (“{item.text}”). Every later move stays in the history, marked as rolled back, and play continues from there.
      </p>
      <label>
        Reason (everyone sees it)
        <input
          name="reason"
          value={reason}
          maxLength={500}
          required
          autoFocus
          onChange={(event) => setReason(event.target.value)}
          placeholder="e.g. Bob misclicked"
        />
      </label>
      <div className="sheet-actions">
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="danger" disabled={!reason.trim()}>
          {words.confirm}
        </button>
      </div>
    </Sheet>
  );
}
