/**
 * What the chat contributes to mail (notifications/mail-parts.ts): the lines
 * of the game a mail's recipient has not read, nor been told of in an
 * earlier mail, read with the rest of the mail's facts in one statement.
 */
import type { MailPart } from '../notifications/mail-parts';

/** Lines a mail tells at most (the newest); it says how many more there were. */
export const MAX_CHAT_LINES_IN_MAIL = 20;

export const CHAT_IN_MAIL: MailPart = {
  unreadChat: ({ n, tellsChat, mailedThrough }) => `
  -- Lines by others, not hidden, after both what the recipient read on the page and what a mail already told them.
  SELECT json_build_object(
    'count', count(*)::int,
    'through', max(c.id)::text,
    'lines', to_json((array_agg(json_build_object('authorName', author.display_name, 'text', c.text, 'at', c.at) ORDER BY c.id DESC))[1:${MAX_CHAT_LINES_IN_MAIL}])) AS chat
  FROM chat_lines c JOIN users author ON author.id = c.author_id
  WHERE ${tellsChat}
    AND c.game_id = ${n}.game_id AND c.author_id <> ${n}.user_id
    AND NOT EXISTS (SELECT 1 FROM chat_readers r WHERE r.game_id = ${n}.game_id AND r.user_id = ${n}.user_id AND r.muted)
    AND NOT EXISTS (SELECT 1 FROM chat_lines_hidden h WHERE h.line_id = c.id)
    AND c.id > COALESCE((SELECT r.read_through FROM chat_readers r WHERE r.game_id = ${n}.game_id AND r.user_id = ${n}.user_id), 0)
    AND c.id > COALESCE(${mailedThrough}, 0)`,
};
