-- The server's readiness check (/health/ready) compares the migrations it
-- knows with those applied, so pbw_app may read the migrations' record; it
-- still may not change it (written by hand: Prisma's schema language has no
-- grants; a check, as Prisma's shadow database has no such table).
DO $$
BEGIN
  IF to_regclass('_prisma_migrations') IS NOT NULL THEN
    GRANT SELECT ON "_prisma_migrations" TO pbw_app;
  END IF;
END
$$;
