-- CreateEnum
CREATE TYPE "GameStatus" AS ENUM ('LOBBY', 'ACTIVE', 'FINISHED');

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "display_name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "games" (
    "id" UUID NOT NULL,
    "ruleset" TEXT NOT NULL,
    "seed" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "seat_count" INTEGER NOT NULL,
    "host_id" UUID NOT NULL,
    "status" "GameStatus" NOT NULL DEFAULT 'LOBBY',
    "version" INTEGER NOT NULL DEFAULT 0,
    "active_seats" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "started_version" INTEGER,
    "result" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "games_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "game_seats" (
    "game_id" UUID NOT NULL,
    "index" INTEGER NOT NULL,
    "user_id" UUID NOT NULL,

    CONSTRAINT "game_seats_pkey" PRIMARY KEY ("game_id","index")
);

-- CreateTable
CREATE TABLE "game_events" (
    "position" BIGSERIAL NOT NULL,
    "game_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "actor_user_id" UUID,
    "actor_seat" INTEGER,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "client_move_id" TEXT,
    "step_start" BOOLEAN NOT NULL DEFAULT false,
    "reversible" BOOLEAN NOT NULL DEFAULT false,
    "hash" TEXT NOT NULL,

    CONSTRAINT "game_events_pkey" PRIMARY KEY ("position")
);

-- CreateTable
CREATE TABLE "game_snapshots" (
    "game_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "state" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "game_snapshots_pkey" PRIMARY KEY ("game_id","version")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "games_status_updated_at_idx" ON "games"("status", "updated_at");

-- CreateIndex
CREATE INDEX "game_seats_user_id_idx" ON "game_seats"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "game_seats_game_id_user_id_key" ON "game_seats"("game_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "game_events_game_id_seq_key" ON "game_events"("game_id", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "game_events_game_id_client_move_id_key" ON "game_events"("game_id", "client_move_id");

-- AddForeignKey
ALTER TABLE "games" ADD CONSTRAINT "games_host_id_fkey" FOREIGN KEY ("host_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game_seats" ADD CONSTRAINT "game_seats_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game_seats" ADD CONSTRAINT "game_seats_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game_events" ADD CONSTRAINT "game_events_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game_snapshots" ADD CONSTRAINT "game_snapshots_game_id_fkey" FOREIGN KEY ("game_id") REFERENCES "games"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- History is immutable: the database itself refuses to change or remove events.
-- (Written by hand: Prisma's schema language has no triggers.)
CREATE FUNCTION forbid_game_event_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'game_events is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER game_events_append_only
  BEFORE UPDATE OR DELETE ON "game_events"
  FOR EACH ROW EXECUTE FUNCTION forbid_game_event_change();

CREATE TRIGGER game_events_no_truncate
  BEFORE TRUNCATE ON "game_events"
  FOR EACH STATEMENT EXECUTE FUNCTION forbid_game_event_change();

-- Roles other than the owner (e.g. a read-only reporting role) never get TRUNCATE.
REVOKE TRUNCATE ON "game_events" FROM PUBLIC;
