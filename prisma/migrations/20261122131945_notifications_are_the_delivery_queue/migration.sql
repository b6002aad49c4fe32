-- AlterTable
ALTER TABLE "notifications" ADD COLUMN     "lease_until" TIMESTAMPTZ(3),
ADD COLUMN     "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "notifications_status_next_attempt_at_idx" ON "notifications"("status", "next_attempt_at");

-- The queue used to be pg-boss, in a schema of its own. Every notification it still had to send
-- is PENDING here and due at once, so the worker sends it; its jobs and schema are no longer used.
DROP SCHEMA IF EXISTS "pgboss" CASCADE;
