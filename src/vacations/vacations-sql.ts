/**
 * The vacations' read contract for other modules' SQL. The vacations module
 * owns the table `vacations` (vacations.ts); no other module names it. A
 * statement that needs a player's vacations (the deadlines' statements that
 * answer a move with each seat's deadline and what pauses it) composes this
 * fragment into its own SQL, so it pays no extra round trip and the columns
 * it reads have this one definition.
 *
 * Expressions are pasted in as given: pass SQL, never input. Inside, the
 * table goes by an alias of its own (`own_vacation`), so it never hides an
 * outer alias the expression names.
 */

/**
 * A value: the vacations of the user `userId`, as a JSON array of
 * `{ startsAt, endsAt }` (timestamps), soonest first; `[]` if none.
 */
export function vacationsOf(userId: string): string {
  return `(SELECT coalesce(json_agg(json_build_object('startsAt', own_vacation.starts_at, 'endsAt', own_vacation.ends_at) ORDER BY own_vacation.starts_at), '[]'::json)
        FROM vacations own_vacation WHERE own_vacation.user_id = ${userId})`;
}
