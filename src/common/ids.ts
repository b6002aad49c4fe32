/**
 * Whether a client's id can name a row of ours. Ids are PostgreSQL uuids,
 * which we always write as 8-4-4-4-12 hex digits; a string PostgreSQL could
 * not read as a uuid makes its query fail, which would be answered as a fault
 * of the server's rather than as "there is no such thing".
 */
export function isUuid(text: unknown): text is string {
  return typeof text === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
}
