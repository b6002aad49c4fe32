-- A turn's start, kept through extensions (active_since moves with them): its
-- calendar event keeps one UID for the whole turn. Running deadlines count
-- from their latest extension, the best start known for them.
ALTER TABLE "turn_deadlines" ADD COLUMN     "turn_started_at" TIMESTAMPTZ(3);
UPDATE "turn_deadlines" SET "turn_started_at" = "active_since";
ALTER TABLE "turn_deadlines" ALTER COLUMN "turn_started_at" SET NOT NULL;

-- CreateTable
CREATE TABLE "calendar_addresses" (
    "user_id" UUID NOT NULL,
    "address_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "calendar_addresses_pkey" PRIMARY KEY ("user_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "calendar_addresses_address_id_key" ON "calendar_addresses"("address_id");
