/**
 * Where a mail the server just sent is, on a server that keeps its mail
 * instead of sending it (no SMTP_URL, as `npm start` runs out of the box):
 * in its mail catcher, whose address (with its key) the server printed in
 * its terminal when it started. The page has no key to link to it.
 */
import { useQuery } from 'urql';
import { MailCaughtDocument } from '../api/generated';

/** Whether mail goes to the server's mail catcher; false until the server said so. */
export function useMailCaught(): boolean {
  const [{ data }] = useQuery({ query: MailCaughtDocument });
  return data?.mailCaught ?? false;
}

export function CaughtMailNote() {
  return (
    <p>
      This server keeps its mail instead of sending it. Read it in the server&apos;s mail catcher, at the address the server printed in its terminal when it
      started (it ends in <code>/dev/mail?key=…</code>).
    </p>
  );
}
