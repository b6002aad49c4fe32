-- Snapshots are a cache: those written before they carried a seal can never
-- be checked, so they go (the loader writes new ones as it folds).
DELETE FROM "game_snapshots";

-- AlterTable
ALTER TABLE "game_snapshots" ADD COLUMN     "hmac" TEXT NOT NULL,
ADD COLUMN     "last_event_hash" TEXT NOT NULL;
