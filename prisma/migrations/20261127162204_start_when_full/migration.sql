-- AlterTable
ALTER TABLE "games" ADD COLUMN     "start_when_full" BOOLEAN NOT NULL DEFAULT false;

-- Every rematch starts once everyone is back, as before.
UPDATE "games" SET "start_when_full" = true WHERE "rematch_of" IS NOT NULL;
