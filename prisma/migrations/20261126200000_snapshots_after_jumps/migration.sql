-- Snapshots are a cache. Since this change, going back to an earlier state
-- (a rollback, an agreed takeback, an undo) ends any pending proposal and, for
-- a rollback or takeback, every overdue deadline (src/play/game-life.ts,
-- lifeAfterJump): snapshots folded before it may hold the old state, so they
-- go (the loader writes new ones as it folds).
DELETE FROM "game_snapshots";
