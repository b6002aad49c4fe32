-- Each player's time zone, which mail writes times in. Existing accounts keep
-- none (read as UTC) rather than UTC written down: their next login fills it
-- with the browser's guess, which a zone written here would hide as a choice.
-- AlterTable
ALTER TABLE "account_tokens" ADD COLUMN     "time_zone" TEXT;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "time_zone" TEXT;
