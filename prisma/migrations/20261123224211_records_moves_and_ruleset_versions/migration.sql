-- AlterTable
ALTER TABLE "game_events" ADD COLUMN     "move" JSONB;

-- AlterTable
ALTER TABLE "games" ADD COLUMN     "rules_check" JSONB,
ADD COLUMN     "ruleset_version" INTEGER NOT NULL DEFAULT 1;
