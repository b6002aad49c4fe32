-- AlterEnum
ALTER TYPE "NotificationKind" ADD VALUE 'NEW_MESSAGES';

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "NotificationStatus" ADD VALUE 'WAITING';
ALTER TYPE "NotificationStatus" ADD VALUE 'SEEN';

-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "chat_through" BIGINT,
ADD COLUMN     "due_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "game_presence" (
    "id" UUID NOT NULL,
    "game_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "opened_at" TIMESTAMPTZ(3) NOT NULL,
    "seen_at" TIMESTAMPTZ(3) NOT NULL,
    "closed_at" TIMESTAMPTZ(3),

    CONSTRAINT "game_presence_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chat_lines" (
    "id" BIGSERIAL NOT NULL,
    "game_id" UUID NOT NULL,
    "author_id" UUID NOT NULL,
    "author_seat" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "chat_lines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chat_lines_hidden" (
    "line_id" BIGINT NOT NULL,
    "game_id" UUID NOT NULL,
    "hidden_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "chat_lines_hidden_pkey" PRIMARY KEY ("line_id")
);

-- CreateTable
CREATE TABLE "chat_readers" (
    "game_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "read_through" BIGINT NOT NULL DEFAULT 0,
    "muted" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "chat_readers_pkey" PRIMARY KEY ("game_id","user_id")
);

-- CreateTable
CREATE TABLE "game_notes" (
    "game_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "text" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "game_notes_pkey" PRIMARY KEY ("game_id","user_id")
);

-- CreateIndex
CREATE INDEX "game_presence_user_id_game_id_idx" ON "game_presence"("user_id", "game_id");

-- CreateIndex
CREATE INDEX "game_presence_closed_at_idx" ON "game_presence"("closed_at");

-- CreateIndex
CREATE INDEX "chat_lines_game_id_id_idx" ON "chat_lines"("game_id", "id");

-- CreateIndex
CREATE INDEX "chat_lines_game_id_author_id_at_idx" ON "chat_lines"("game_id", "author_id", "at");

-- CreateIndex
CREATE INDEX "chat_lines_hidden_game_id_idx" ON "chat_lines_hidden"("game_id");

-- CreateIndex
CREATE INDEX "chat_readers_user_id_idx" ON "chat_readers"("user_id");

-- CreateIndex
CREATE INDEX "notifications_status_due_at_idx" ON "notifications"("status", "due_at");

-- CreateIndex
CREATE INDEX "notifications_user_id_game_id_idx" ON "notifications"("user_id", "game_id");

-- A game's chat is append-only, as its events are (written by hand: Prisma's
-- schema language has no grants or triggers): a line is never changed or
-- removed; hiding one adds a row beside it.
REVOKE UPDATE, DELETE, TRUNCATE ON "chat_lines", "chat_lines_hidden" FROM pbw_app;
REVOKE TRUNCATE ON "chat_lines", "chat_lines_hidden" FROM PUBLIC;

CREATE FUNCTION forbid_chat_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER chat_lines_append_only BEFORE UPDATE OR DELETE ON "chat_lines"
  FOR EACH ROW EXECUTE FUNCTION forbid_chat_change();
CREATE TRIGGER chat_lines_no_truncate BEFORE TRUNCATE ON "chat_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION forbid_chat_change();
CREATE TRIGGER chat_lines_hidden_append_only BEFORE UPDATE OR DELETE ON "chat_lines_hidden"
  FOR EACH ROW EXECUTE FUNCTION forbid_chat_change();
CREATE TRIGGER chat_lines_hidden_no_truncate BEFORE TRUNCATE ON "chat_lines_hidden"
  FOR EACH STATEMENT EXECUTE FUNCTION forbid_chat_change();
