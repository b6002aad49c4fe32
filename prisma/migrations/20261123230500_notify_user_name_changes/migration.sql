-- Every server process keeps players' public names in memory (src/public-names/).
-- A change of name, by any statement of any process (a profile edit, an account's
-- deletion, an operator's UPDATE), is announced at commit on user_names with the
-- user's id, so that every process forgets its copy. A trigger rather than the
-- code that writes: no path that changes a name can forget to say so.
CREATE FUNCTION notify_user_name_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_names', NEW.id::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER users_name_changed
  AFTER UPDATE OF display_name ON "users"
  FOR EACH ROW WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name)
  EXECUTE FUNCTION notify_user_name_change();
