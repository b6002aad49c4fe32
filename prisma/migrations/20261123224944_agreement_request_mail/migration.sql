-- AlterEnum
ALTER TYPE "NotificationKind" ADD VALUE 'AGREEMENT_REQUEST';
