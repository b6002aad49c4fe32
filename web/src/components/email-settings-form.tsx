/**
 * How each kind of email arrives: immediately, in a daily digest, or not at
 * all. The kinds are the ones the API lists (every value of its
 * NotificationKind enum); only the changed ones are sent when saving.
 */
import { useState, type FormEvent } from 'react';
import {
  UpdateNotificationSettingsDocument,
  type Delivery,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettingsFragment,
} from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { ProblemBanner } from './problem-banner';

const KINDS: Record<NotificationKind, { name: string; when: string }> = {
  YOUR_TURN: { name: 'Your turn', when: 'A game is waiting for your move.' },
  INVITATION: { name: 'Invitation', when: 'A host invites you to a game.' },
  GAME_STARTED: { name: 'Game started', when: 'A game you joined begins.' },
  GAME_FINISHED: { name: 'Game finished', when: 'A game you play ends, with the result.' },
  ROLLBACK: { name: 'Rollback', when: 'The host takes a game back to an earlier move.' },
  DEADLINE_REMINDER: { name: 'Deadline reminder', when: 'Your move is due soon.' },
  DEADLINE_PASSED: { name: 'Deadline passed', when: 'A move deadline passed: yours, or one in a game you host.' },
  NEW_MESSAGES: { name: 'New messages', when: 'Players wrote in a game\'s chat while you were away, and no "your turn" email is coming to tell you.' },
  AGREEMENT_REQUEST: { name: 'Takebacks and ending early', when: 'Another player asks you to agree to take moves back, or to end a game as it stands.' },
};

const DELIVERIES: Array<[Delivery, string]> = [
  ['IMMEDIATE', 'Immediately'],
  ['DIGEST', 'Daily digest'],
  ['OFF', 'Off'],
];

const CHANNELS: Array<[NotificationChannel, string]> = [
  ['BOTH', 'Mail and push'],
  ['MAIL', 'Mail only'],
  ['PUSH', 'Push only'],
];

/** A kind in words (a kind this page does not know yet, the API having added one: its enum name). */
export function describeKind(kind: string): { name: string; when: string } {
  return KINDS[kind as NotificationKind] ?? { name: kind.charAt(0) + kind.slice(1).toLowerCase().replace(/_/g, ' '), when: '' };
}

export function EmailSettingsForm({
  deliveries,
  onSaved,
}: {
  deliveries: NotificationSettingsFragment['deliveries'];
  onSaved: (settings: NotificationSettingsFragment) => void;
}) {
  /** Choices made here and not yet saved. */
  const [chosen, setChosen] = useState<Partial<Record<NotificationKind, Delivery>>>({});
  const [chosenChannels, setChosenChannels] = useState<Partial<Record<NotificationKind, NotificationChannel>>>({});
  const [saved, setSaved] = useState(false);
  const submission = useMutations();

  const stored = new Map(deliveries.map((d) => [d.kind, d]));
  const changes = deliveries
    .filter(({ kind, delivery, channel }) => (chosen[kind] ?? delivery) !== delivery || (chosenChannels[kind] ?? channel) !== channel)
    .map(({ kind, delivery, channel }) => ({ kind, delivery: chosen[kind] ?? delivery, ...(channel ? { channel: chosenChannels[kind] ?? channel } : {}) }));

  const choose = (kind: NotificationKind, delivery: Delivery) => {
    setChosen({ ...chosen, [kind]: delivery });
    setSaved(false);
  };
  const chooseChannel = (kind: NotificationKind, channel: NotificationChannel) => {
    setChosenChannels({ ...chosenChannels, [kind]: channel });
    setSaved(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const data = await submission.send(UpdateNotificationSettingsDocument, { deliveries: changes });
    if (!data) return;
    onSaved(data.updateNotificationSettings);
    setChosen({});
    setChosenChannels({});
    setSaved(true);
  };

  return (
    <form className="email-settings card" onSubmit={submit} aria-labelledby="email-settings-heading">
      <h2 id="email-settings-heading">Email</h2>
      <p className="muted small">For each kind of mail: send it at once, gather it into one mail a day, or send none.</p>
      {deliveries.map(({ kind }) => {
        const { name, when } = describeKind(kind);
        const value = chosen[kind] ?? stored.get(kind)!.delivery;
        const storedChannel = stored.get(kind)!.channel;
        return (
          <fieldset key={kind} className="delivery" data-kind={kind}>
            <legend>{name}</legend>
            {when && <p className="muted small">{when}</p>}
            <div className="delivery-choices">
              {DELIVERIES.map(([delivery, words]) => (
                <label key={delivery} className="choice">
                  <input type="radio" name={`delivery-${kind}`} value={delivery} checked={value === delivery} onChange={() => choose(kind, delivery)} /> {words}
                </label>
              ))}
            </div>
            {storedChannel && (
              <label className="channel-choice small">
                Sent at once by{' '}
                <select
                  name={`channel-${kind}`}
                  value={chosenChannels[kind] ?? storedChannel}
                  onChange={(event) => chooseChannel(kind, event.target.value as NotificationChannel)}
                >
                  {CHANNELS.map(([channel, words]) => (
                    <option key={channel} value={channel}>
                      {words}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </fieldset>
        );
      })}
      <ProblemBanner problem={submission.problem} onDismiss={submission.dismiss} />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={submission.busy || changes.length === 0}>
          Save email settings
        </button>
        <span role="status" className="saved">
          {saved && 'Saved.'}
        </span>
      </div>
    </form>
  );
}
