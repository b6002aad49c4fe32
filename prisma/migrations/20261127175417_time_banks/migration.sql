-- AlterTable
ALTER TABLE "turn_deadlines" ADD COLUMN     "budget_ms" BIGINT,
ADD COLUMN     "weekend_zone" TEXT;

-- CreateTable
CREATE TABLE "seat_banks" (
    "game_id" UUID NOT NULL,
    "seat" INTEGER NOT NULL,
    "remaining_ms" BIGINT NOT NULL,

    CONSTRAINT "seat_banks_pkey" PRIMARY KEY ("game_id","seat")
);
