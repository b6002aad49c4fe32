-- AlterEnum
ALTER TYPE "PushMessageStatus" ADD VALUE 'SUPERSEDED';
ALTER TYPE "PushMessageStatus" ADD VALUE 'SEEN';
