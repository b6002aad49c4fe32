-- CreateEnum
CREATE TYPE "WebhookKind" AS ENUM ('DISCORD', 'SLACK', 'MATRIX', 'JSON');

-- CreateEnum
CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('PENDING', 'SENT', 'SUPERSEDED', 'FAILED');

-- AlterEnum
ALTER TYPE "NotificationKind" ADD VALUE 'WEBHOOK_SWITCHED_OFF';

-- CreateTable
CREATE TABLE "game_webhooks" (
    "id" UUID NOT NULL,
    "game_id" UUID NOT NULL,
    "owner_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "kind" "WebhookKind" NOT NULL,
    "secret" TEXT NOT NULL,
    "message_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "failing_since" TIMESTAMPTZ(3),
    "switched_off_at" TIMESTAMPTZ(3),

    CONSTRAINT "game_webhooks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL,
    "webhook_id" UUID NOT NULL,
    "game_version" INTEGER NOT NULL,
    "status" "WebhookDeliveryStatus" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "sent_at" TIMESTAMPTZ(3),
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lease_until" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "game_webhooks_game_id_key" ON "game_webhooks"("game_id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_webhook_id_game_version_key" ON "webhook_deliveries"("webhook_id", "game_version");

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "game_webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
