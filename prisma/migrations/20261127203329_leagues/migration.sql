-- CreateEnum
CREATE TYPE "LeagueFormat" AS ENUM ('ROUND_ROBIN', 'SWISS');

-- CreateTable
CREATE TABLE "leagues" (
    "id" UUID NOT NULL,
    "group_id" UUID NOT NULL,
    "created_by" UUID NOT NULL,
    "ruleset" TEXT NOT NULL,
    "options" JSONB,
    "seats_per_game" INTEGER NOT NULL,
    "format" "LeagueFormat" NOT NULL,
    "rounds" INTEGER NOT NULL,
    "points_per_place" DOUBLE PRECISION[],
    "rated" BOOLEAN NOT NULL DEFAULT true,
    "bots_play_drop_outs" BOOLEAN NOT NULL DEFAULT false,
    "move_deadline" JSONB,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "server_seed" TEXT NOT NULL,
    "seed_commitment" TEXT NOT NULL,
    "current_round" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "leagues_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "league_members" (
    "league_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "dropped_out_at" TIMESTAMPTZ(3),

    CONSTRAINT "league_members_pkey" PRIMARY KEY ("league_id","user_id")
);

-- CreateTable
CREATE TABLE "league_tables" (
    "league_id" UUID NOT NULL,
    "round" INTEGER NOT NULL,
    "table" INTEGER NOT NULL,
    "players" UUID[],
    "seated" UUID[],
    "game_id" UUID,

    CONSTRAINT "league_tables_pkey" PRIMARY KEY ("league_id","round","table")
);

-- CreateTable
CREATE TABLE "league_byes" (
    "league_id" UUID NOT NULL,
    "round" INTEGER NOT NULL,
    "user_id" UUID NOT NULL,

    CONSTRAINT "league_byes_pkey" PRIMARY KEY ("league_id","round","user_id")
);

-- CreateIndex
CREATE INDEX "leagues_group_id_idx" ON "leagues"("group_id");

-- CreateIndex
CREATE INDEX "leagues_finished_at_starts_at_idx" ON "leagues"("finished_at", "starts_at");

-- CreateIndex
CREATE INDEX "league_members_user_id_idx" ON "league_members"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "league_tables_game_id_key" ON "league_tables"("game_id");

-- AddForeignKey
ALTER TABLE "league_members" ADD CONSTRAINT "league_members_league_id_fkey" FOREIGN KEY ("league_id") REFERENCES "leagues"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "league_tables" ADD CONSTRAINT "league_tables_league_id_fkey" FOREIGN KEY ("league_id") REFERENCES "leagues"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "league_byes" ADD CONSTRAINT "league_byes_league_id_fkey" FOREIGN KEY ("league_id") REFERENCES "leagues"("id") ON DELETE CASCADE ON UPDATE CASCADE;
