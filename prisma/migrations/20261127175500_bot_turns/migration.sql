-- CreateEnum
CREATE TYPE "BotTurnStatus" AS ENUM ('PENDING', 'FAILED');

-- CreateTable
CREATE TABLE "bot_turns" (
    "id" UUID NOT NULL,
    "game_id" UUID NOT NULL,
    "seat" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "status" "BotTurnStatus" NOT NULL DEFAULT 'PENDING',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lease_until" TIMESTAMPTZ(3),

    CONSTRAINT "bot_turns_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "bot_turns_status_next_attempt_at_idx" ON "bot_turns"("status", "next_attempt_at");

-- AddForeignKey
ALTER TABLE "bot_turns" ADD CONSTRAINT "bot_turns_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;
