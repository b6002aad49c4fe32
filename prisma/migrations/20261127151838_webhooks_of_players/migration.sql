-- A webhook is a game's (every turn of it) or a player's own (each of their
-- turns in every game of theirs): game_webhooks becomes webhooks, its rows
-- and their posts kept; a post names its game, as a player's webhook posts
-- of many games. Written by hand (Prisma's diff would drop the table): the
-- schema it leaves is the one prisma/schema.prisma describes.

ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_webhook_id_fkey";
DROP INDEX "webhook_deliveries_webhook_id_game_version_key";

ALTER TABLE "game_webhooks" RENAME TO "webhooks";
ALTER TABLE "webhooks" RENAME CONSTRAINT "game_webhooks_pkey" TO "webhooks_pkey";
ALTER INDEX "game_webhooks_game_id_key" RENAME TO "webhooks_game_id_key";
ALTER TABLE "webhooks" ALTER COLUMN "game_id" DROP NOT NULL;
ALTER TABLE "webhooks" ADD COLUMN "player_id" UUID;
CREATE UNIQUE INDEX "webhooks_player_id_key" ON "webhooks"("player_id");

ALTER TABLE "webhook_deliveries" ADD COLUMN "game_id" UUID;
UPDATE "webhook_deliveries" d SET "game_id" = w."game_id" FROM "webhooks" w WHERE w."id" = d."webhook_id";
ALTER TABLE "webhook_deliveries" ALTER COLUMN "game_id" SET NOT NULL;
CREATE UNIQUE INDEX "webhook_deliveries_webhook_id_game_id_game_version_key" ON "webhook_deliveries"("webhook_id", "game_id", "game_version");
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "chat_handles" (
    "user_id" UUID NOT NULL,
    "discord" TEXT,
    "slack" TEXT,
    "matrix" TEXT,

    CONSTRAINT "chat_handles_pkey" PRIMARY KEY ("user_id")
);

-- Posts are queued as each turn's mail is written, by the database, in the
-- statement that writes it: a move pays no round trip of its own for them.
-- A "your turn" mail is written for each player whose turn begins, a "game
-- over" one for each player as the game ends (notifications/
-- notification-planner.ts): so each game's webhook gets a post of every
-- turn and of the end, and each player's own webhook of their turns and of
-- the end of their games. A turn told twice (a retried append) is one post.
CREATE FUNCTION queue_webhook_posts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (id, webhook_id, game_id, game_version, created_at)
  SELECT gen_random_uuid(), w.id, told.game_id, told.game_version, told.created_at
  FROM (SELECT game_id, game_version, min(created_at) AS created_at, array_agg(user_id) AS players
        FROM added
        WHERE kind IN ('YOUR_TURN', 'GAME_FINISHED') AND game_id IS NOT NULL
        GROUP BY game_id, game_version) told
  JOIN webhooks w ON (w.game_id = told.game_id OR w.player_id = ANY (told.players)) AND w.switched_off_at IS NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER notifications_queue_webhook_posts
AFTER INSERT ON notifications REFERENCING NEW TABLE AS added
FOR EACH STATEMENT EXECUTE FUNCTION queue_webhook_posts();
