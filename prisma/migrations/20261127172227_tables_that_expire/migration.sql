-- AlterEnum
ALTER TYPE "GameStatus" ADD VALUE 'EXPIRED';

-- AlterEnum
ALTER TYPE "NotificationKind" ADD VALUE 'TABLE_EXPIRED';
