/** The player's private notepad for this game: nobody else ever reads it. Saved with its button, or when the player leaves the field. */
import { useEffect, useState } from 'react';
import { useQuery } from 'urql';
import { problemOf } from '../api/errors';
import { MyNotesDocument, SaveNotesDocument } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { ProblemBanner } from '../components/problem-banner';

/** As the server allows (MAX_NOTE_LENGTH). */
const MAX_NOTE_LENGTH = 20_000;

export function Notepad({ gameId }: { gameId: string }) {
  const [notes] = useQuery({ query: MyNotesDocument, variables: { gameId } });
  const mutations = useMutations();
  const saved = notes.data?.myNotes.text ?? null;
  const [text, setText] = useState<string | null>(null);
  const [savedText, setSavedText] = useState<string | null>(null);
  useEffect(() => {
    if (saved !== null) {
      setText((current) => current ?? saved);
      setSavedText((current) => current ?? saved);
    }
  }, [saved]);

  const dirty = text !== null && text !== savedText;
  const save = async () => {
    if (!dirty) return;
    const result = await mutations.send(SaveNotesDocument, { gameId, text: text! });
    if (result) setSavedText(result.saveNotes.text);
  };

  return (
    <section className="notepad card" aria-label="My notes">
      <h2>My notes</h2>
      <p className="muted small">Only you can read these.</p>
      <ProblemBanner problem={notes.error ? problemOf(notes.error) : mutations.problem} onDismiss={mutations.dismiss} />
      {text === null ? (
        <p className="muted">Loading…</p>
      ) : (
        <>
          <textarea
            aria-label="Notes"
            rows={5}
            maxLength={MAX_NOTE_LENGTH}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onBlur={() => void save()}
          />
          <div className="notepad-actions">
            <button type="button" className="secondary" disabled={!dirty || mutations.busy} onClick={() => void save()}>
              Save notes
            </button>
            <span className="muted small" role="status">
              {mutations.busy ? 'Saving…' : dirty ? 'Not saved yet' : 'Saved'}
            </span>
          </div>
        </>
      )}
    </section>
  );
}
