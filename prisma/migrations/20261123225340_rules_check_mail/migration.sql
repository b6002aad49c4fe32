-- AlterEnum
ALTER TYPE "NotificationKind" ADD VALUE 'RULES_CHECK_FAILED';
