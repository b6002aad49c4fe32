-- A password reset asked for an address without an account gets a mail too
-- (src/accounts/accounts.service.ts): the answer then takes as long as for an
-- address with one, and tells nobody but the address's owner which it was.
-- AlterEnum
ALTER TYPE "NotificationKind" ADD VALUE 'PASSWORD_RESET_NO_ACCOUNT';
