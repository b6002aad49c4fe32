-- Whether a game starts by itself is in its creation event now (`autoStart`), and its
-- start is written with the seat that fills it: the games row no longer needs to know.
ALTER TABLE "games" DROP COLUMN "start_when_full";
