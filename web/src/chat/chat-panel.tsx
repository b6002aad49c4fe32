/**
 * The game's chat beside the board: its players write and read it live,
 * remove their own lines ("message removed"), and may mute it (no emails
 * about it, no unread count). What the page shows while it is visible is
 * marked read, so the lobby's count and the mails start after it.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { HideChatMessageDocument, MarkChatReadDocument, MuteChatDocument, SendChatMessageDocument, type GameChatFragment } from '../api/generated';
import { useMutations } from '../api/use-mutations';
import { ProblemBanner } from '../components/problem-banner';
import { clockTime } from '../components/times';
import { contrastOn, seatColor } from '../games/seat-colors';
import { useLiveChat } from './use-live-chat';

/** As the server counts them (CHAT_LINE_LENGTH). */
const MAX_LINE_LENGTH = 500;

/** Marks the newest line read whenever it is on a visible page. */
function useMarkRead(chat: GameChatFragment | null, send: ReturnType<typeof useMutations>['send']) {
  const marked = useRef<string | null>(null);
  const newest = chat?.canWrite ? (chat.lines.at(-1)?.id ?? null) : null;
  useEffect(() => {
    if (!chat || !newest) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || marked.current === newest || chat.unread === 0) return;
      marked.current = newest;
      void send(MarkChatReadDocument, { gameId: chat.gameId, lineId: newest });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [chat, newest, send]);
}

export function ChatPanel({ gameId, seated, finished }: { gameId: string; seated: boolean; finished: boolean }) {
  // Taking a seat, or the game's end, may open the chat: read it again then.
  const { chat, problem, accept } = useLiveChat(gameId, `${seated}/${finished}`);
  const mutations = useMutations();
  const background = useMutations();
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  useMarkRead(chat, background.send);

  // New lines scroll into view.
  const count = chat?.lines.length ?? 0;
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [count]);

  if (problem?.code === 'FORBIDDEN' && !finished) {
    return (
      <section className="chat card" aria-label="Chat">
        <h2>Chat</h2>
        <p className="muted">The players' chat opens to onlookers once the game is over.</p>
      </section>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sent = await mutations.send(SendChatMessageDocument, { gameId, text });
    if (sent) {
      accept(sent.sendChatMessage);
      setText('');
    }
  };
  const hide = async (lineId: string) => {
    const done = await mutations.send(HideChatMessageDocument, { gameId, lineId });
    if (done) accept(done.hideChatMessage);
  };
  const setMuted = async (muted: boolean) => {
    const done = await mutations.send(MuteChatDocument, { gameId, muted });
    if (done) accept(done.muteChat);
  };

  return (
    <section className="chat card" aria-label="Chat">
      <h2>Chat</h2>
      <ProblemBanner problem={problem ?? mutations.problem} onDismiss={mutations.dismiss} />
      {!chat ? (
        <p className="muted">Loading the chat…</p>
      ) : (
        <>
          <ol className="chat-lines" ref={list} aria-live="polite">
            {chat.lines.length === 0 && <li className="muted">No messages yet.</li>}
            {chat.lines.map((line) => (
              <li key={line.id} className={`chat-line${line.mine ? ' mine' : ''}`} data-line={line.id}>
                <span className="author" style={{ background: seatColor(line.seat), color: contrastOn(seatColor(line.seat)) }}>
                  {line.author.displayName}
                </span>{' '}
                {line.hidden ? <em className="removed">message removed</em> : <span className="text">{line.text}</span>}
                <time dateTime={line.at}>{clockTime(line.at)}</time>
                {line.mine && !line.hidden && (
                  <button
                    type="button"
                    className="link"
                    onClick={() => void hide(line.id)}
                    disabled={mutations.busy}
                    aria-label={`Remove your message “${line.text}”`}
                  >
                    remove
                  </button>
                )}
              </li>
            ))}
          </ol>
          {chat.canWrite && (
            <>
              <form className="chat-form" onSubmit={(event) => void submit(event)}>
                <input
                  aria-label="Message"
                  value={text}
                  maxLength={MAX_LINE_LENGTH}
                  onChange={(event) => setText(event.target.value)}
                  placeholder="Write to the other players"
                />
                <button type="submit" disabled={mutations.busy || text.trim() === ''}>
                  Send
                </button>
              </form>
              <label className="check small">
                <input type="checkbox" checked={chat.muted} onChange={(event) => void setMuted(event.target.checked)} />
                Mute this chat (no emails about it, no unread count)
              </label>
            </>
          )}
        </>
      )}
    </section>
  );
}
