-- AlterEnum
ALTER TYPE "PushMessageStatus" ADD VALUE 'SUPERSEDED';
