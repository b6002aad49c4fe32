/** A deadline as people say it: "in 5 hours", "in 2 days", "2 hours ago". */
const HOUR = 3_600_000;

export function deadlineText(at: string, now = Date.now()): string {
  const ms = new Date(at).getTime() - now;
  const hours = Math.round(Math.abs(ms) / HOUR);
  const span = hours < 1 ? 'less than an hour' : hours < 48 ? `${hours} hour${hours === 1 ? '' : 's'}` : `${Math.round(hours / 24)} days`;
  return ms >= 0 ? `in ${span}` : `${span} ago`;
}
