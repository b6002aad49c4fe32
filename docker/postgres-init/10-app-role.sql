-- Run once by the postgres image when it creates its data (docker-compose.yml):
-- the role the app server connects as. The migrations, run as the owner (pbw,
-- MIGRATION_DATABASE_URL), grant it what it needs: it may add events to a
-- game's history but never change or remove them (README, Migrations).
CREATE ROLE pbw_app LOGIN PASSWORD 'pbw_app';
