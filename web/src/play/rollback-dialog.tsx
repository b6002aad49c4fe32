/** The host confirms a rollback and says why (the reason is kept in the history). */
import { useState, type FormEvent } from 'react';
import type { TimelineItem } from './timeline';

export function RollbackDialog({ item, onConfirm, onCancel }: { item: TimelineItem; onConfirm: (reason: string) => void; onCancel: () => void }) {
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) onConfirm(reason.trim());
  };
  return (
    <div className="sheet-backdrop" onClick={onCancel}>
      <form className="sheet" role="dialog" aria-label="Roll back" onSubmit={submit} onClick={(event) => event.stopPropagation()}>
        <h3>Roll the game back?</h3>
        <p>
          The game returns to where it stood after {item.label} (“{item.text}”). Every later move stays in the history, marked as rolled back, and
          play continues from there.
        </p>
        <label>
          Reason (everyone sees it)
          <input name="reason" value={reason} maxLength={500} required autoFocus onChange={(event) => setReason(event.target.value)} placeholder="e.g. Bob misclicked" />
        </label>
        <div className="sheet-actions">
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="danger" disabled={!reason.trim()}>
            Roll back
          </button>
        </div>
      </form>
    </div>
  );
}
