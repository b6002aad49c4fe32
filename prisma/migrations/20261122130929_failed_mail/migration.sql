-- AlterEnum
ALTER TYPE "NotificationStatus" ADD VALUE 'FAILED';
