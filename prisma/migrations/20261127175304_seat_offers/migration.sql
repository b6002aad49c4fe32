-- AlterTable
ALTER TABLE "invitations" ADD COLUMN     "seat_player" UUID,
ADD COLUMN     "substitute" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "withdrawn_at" TIMESTAMPTZ(3);
