-- CreateEnum
CREATE TYPE "GameVisibility" AS ENUM ('PUBLIC', 'PRIVATE');

-- AlterTable
ALTER TABLE "games" ADD COLUMN     "invite_code" TEXT,
ADD COLUMN     "name" TEXT,
ADD COLUMN     "rematch_of" UUID,
ADD COLUMN     "visibility" "GameVisibility" NOT NULL DEFAULT 'PUBLIC';

-- AlterTable
ALTER TABLE "invitations" ADD COLUMN     "declined_at" TIMESTAMPTZ(3),
ADD COLUMN     "invitee_id" UUID,
ADD COLUMN     "seat" INTEGER;

-- CreateIndex
CREATE UNIQUE INDEX "games_rematch_of_key" ON "games"("rematch_of");

-- CreateIndex
CREATE INDEX "invitations_invitee_id_idx" ON "invitations"("invitee_id");
