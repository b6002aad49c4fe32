-- AlterTable
ALTER TABLE "game_seats" ADD COLUMN     "left_at" TIMESTAMPTZ(3);

-- The seats of games already stored whose players left: leaving is for good (no rollback goes back past it, and
-- a left seat is never handed over), so the event that says so is the seat's one leaving.
UPDATE "game_seats" s SET "left_at" = left_game.at
FROM (
  SELECT e.game_id, (e.payload->>'seat')::int AS seat, min(e.at) AS at FROM "game_events" e
  WHERE e.type IN ('game.resigned', 'game.playerRemoved')
  GROUP BY e.game_id, (e.payload->>'seat')::int
) left_game
WHERE left_game.game_id = s.game_id AND left_game.seat = s.index;
