-- The server's own role, pbw_app (written by hand: Prisma's schema language has
-- no roles). Migrations run as the owner of the tables; the server runs as
-- pbw_app, or as a login role that is a member of it, and may add events but
-- never change or remove them: it does not own game_events, so it cannot
-- switch off its trigger either. The embedded PostgreSQL and docker-compose
-- create pbw_app as a login role before migrating; elsewhere this makes it
-- (without login) if the owner may create roles.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'pbw_app') THEN
    CREATE ROLE pbw_app NOLOGIN;
  END IF;
END
$$;

GRANT USAGE ON SCHEMA public TO pbw_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO pbw_app;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO pbw_app;
-- The migrations' own record is the owner's (a check, as Prisma's shadow database has none).
DO $$
BEGIN
  IF to_regclass('_prisma_migrations') IS NOT NULL THEN
    REVOKE ALL ON "_prisma_migrations" FROM pbw_app;
  END IF;
END
$$;
REVOKE UPDATE, DELETE, TRUNCATE ON "game_events" FROM pbw_app;

-- Tables and sequences later migrations create get the same rights (as long
-- as the same owner runs them); an append-only table revokes UPDATE and
-- DELETE in its own migration, as above.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO pbw_app;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO pbw_app;
