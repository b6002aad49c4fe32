-- CreateTable
CREATE TABLE "rated_games" (
    "game_id" UUID NOT NULL,
    "ruleset" TEXT NOT NULL,
    "group_id" TEXT,
    "ended_at" TIMESTAMPTZ(3) NOT NULL,
    "ranking" JSONB NOT NULL,

    CONSTRAINT "rated_games_pkey" PRIMARY KEY ("game_id")
);

-- CreateTable
CREATE TABLE "player_ratings" (
    "ruleset" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "mu" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,
    "games" INTEGER NOT NULL,

    CONSTRAINT "player_ratings_pkey" PRIMARY KEY ("ruleset","scope","user_id")
);

-- CreateTable
CREATE TABLE "rating_history" (
    "ruleset" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "game_id" UUID NOT NULL,
    "ended_at" TIMESTAMPTZ(3) NOT NULL,
    "mu" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "rating_history_pkey" PRIMARY KEY ("ruleset","scope","user_id","game_id")
);

-- CreateTable
CREATE TABLE "player_reliability" (
    "user_id" UUID NOT NULL,
    "turns_timed_out" INTEGER NOT NULL,
    "turns" INTEGER NOT NULL,
    "games_left" INTEGER NOT NULL,
    "games" INTEGER NOT NULL,

    CONSTRAINT "player_reliability_pkey" PRIMARY KEY ("user_id")
);

-- CreateIndex
CREATE INDEX "rated_games_ruleset_ended_at_game_id_idx" ON "rated_games"("ruleset", "ended_at", "game_id");
