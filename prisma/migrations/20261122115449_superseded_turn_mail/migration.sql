-- AlterEnum
ALTER TYPE "NotificationStatus" ADD VALUE 'SUPERSEDED';
