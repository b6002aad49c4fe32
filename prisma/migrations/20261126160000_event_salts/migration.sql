-- Each new event's random salt, covered by its hash (src/event-store/hash-chain.ts):
-- the hashes a player sees in a running game's record tell nothing of what is
-- hidden from them. Events stored before keep no salt, and their hashes.
-- AlterTable
ALTER TABLE "game_events" ADD COLUMN     "salt" TEXT;
