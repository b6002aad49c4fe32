-- CreateEnum
CREATE TYPE "NotificationKind" AS ENUM ('YOUR_TURN', 'INVITATION', 'GAME_STARTED', 'GAME_FINISHED', 'ROLLBACK', 'DEADLINE_REMINDER', 'DEADLINE_PASSED', 'DIGEST');

-- CreateEnum
CREATE TYPE "NotificationStatus" AS ENUM ('PENDING', 'SENT', 'HELD', 'DIGESTED', 'SKIPPED');

-- CreateTable
CREATE TABLE "notifications" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "game_id" UUID,
    "game_version" INTEGER NOT NULL,
    "kind" "NotificationKind" NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',
    "status" "NotificationStatus" NOT NULL DEFAULT 'PENDING',
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "digest_id" UUID,

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification_settings" (
    "user_id" UUID NOT NULL,
    "deliveries" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "notification_settings_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "vacations" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "vacations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "turn_deadlines" (
    "game_id" UUID NOT NULL,
    "seat" INTEGER NOT NULL,
    "user_id" UUID NOT NULL,
    "active_since" TIMESTAMPTZ(3) NOT NULL,
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "remind_at" TIMESTAMPTZ(3) NOT NULL,
    "reminded_at" TIMESTAMPTZ(3),
    "expired_at" TIMESTAMPTZ(3),

    CONSTRAINT "turn_deadlines_pkey" PRIMARY KEY ("game_id","seat")
);

-- CreateIndex
CREATE INDEX "notifications_status_user_id_idx" ON "notifications"("status", "user_id");

-- CreateIndex
CREATE INDEX "notifications_digest_id_idx" ON "notifications"("digest_id");

-- CreateIndex
CREATE UNIQUE INDEX "notifications_game_id_game_version_user_id_kind_key" ON "notifications"("game_id", "game_version", "user_id", "kind");

-- CreateIndex
CREATE INDEX "vacations_user_id_starts_at_idx" ON "vacations"("user_id", "starts_at");

-- CreateIndex
CREATE INDEX "turn_deadlines_remind_at_idx" ON "turn_deadlines"("remind_at");

-- CreateIndex
CREATE INDEX "turn_deadlines_due_at_idx" ON "turn_deadlines"("due_at");

-- CreateIndex
CREATE INDEX "turn_deadlines_user_id_idx" ON "turn_deadlines"("user_id");

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vacations" ADD CONSTRAINT "vacations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
