-- A game's rules check is the records module's fact (src/records/), no longer a column of play's games: it moves
-- to a table of its own, with every check already stored.

-- CreateTable
CREATE TABLE "game_rules_checks" (
    "game_id" UUID NOT NULL,
    "outcome" JSONB NOT NULL,

    CONSTRAINT "game_rules_checks_pkey" PRIMARY KEY ("game_id")
);

-- AddForeignKey
ALTER TABLE "game_rules_checks" ADD CONSTRAINT "game_rules_checks_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "game_rules_checks" ("game_id", "outcome") SELECT "id", "rules_check" FROM "games" WHERE "rules_check" IS NOT NULL;

-- AlterTable
ALTER TABLE "games" DROP COLUMN "rules_check";
