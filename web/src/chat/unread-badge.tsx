/** A game row's count of chat lines its player has not read: nothing when there are none. */
export function UnreadBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <span className="unread-badge" aria-label={`${count} unread message${count === 1 ? '' : 's'}`} title={`${count} unread message${count === 1 ? '' : 's'}`}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
