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
