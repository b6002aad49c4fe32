-- AlterEnum
ALTER TYPE "NotificationKind" ADD VALUE 'SEAT_OFFER_DECLINED';
