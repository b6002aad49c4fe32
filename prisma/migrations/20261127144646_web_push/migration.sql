-- CreateEnum
CREATE TYPE "PushMessageStatus" AS ENUM ('PENDING', 'SENT', 'FAILED');

-- AlterEnum
ALTER TYPE "NotificationStatus" ADD VALUE 'PUSHED';

-- AlterTable
ALTER TABLE "notification_settings" ADD COLUMN     "channels" JSONB NOT NULL DEFAULT '{}';

-- CreateTable
CREATE TABLE "push_subscriptions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT NOT NULL,
    "auth" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "push_subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "push_messages" (
    "id" UUID NOT NULL,
    "notification_id" UUID,
    "subscription_id" UUID NOT NULL,
    "payload" JSONB NOT NULL,
    "status" "PushMessageStatus" NOT NULL DEFAULT 'PENDING',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lease_until" TIMESTAMPTZ(3),

    CONSTRAINT "push_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions"("endpoint");

-- CreateIndex
CREATE INDEX "push_subscriptions_user_id_idx" ON "push_subscriptions"("user_id");

-- CreateIndex
CREATE INDEX "push_messages_status_next_attempt_at_idx" ON "push_messages"("status", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "push_messages_notification_id_subscription_id_key" ON "push_messages"("notification_id", "subscription_id");

-- AddForeignKey
ALTER TABLE "push_messages" ADD CONSTRAINT "push_messages_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "push_subscriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
