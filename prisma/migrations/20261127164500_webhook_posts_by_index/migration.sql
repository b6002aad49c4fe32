-- The trigger that queues webhook posts as each turn's mail is written
-- (20261127151838_webhooks_of_players) runs on a move's path: it finds the
-- game's webhook and the players' own each through its unique index, where
-- one join on "game_id = … OR player_id = ANY (…)" read the whole table.
CREATE OR REPLACE FUNCTION queue_webhook_posts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (id, webhook_id, game_id, game_version, created_at)
  SELECT gen_random_uuid(), w.id, told.game_id, told.game_version, told.created_at
  FROM (SELECT game_id, game_version, min(created_at) AS created_at, array_agg(user_id) AS players
        FROM added
        WHERE kind IN ('YOUR_TURN', 'GAME_FINISHED') AND game_id IS NOT NULL
        GROUP BY game_id, game_version) told
  CROSS JOIN LATERAL (
    SELECT id FROM webhooks WHERE game_id = told.game_id AND switched_off_at IS NULL
    UNION
    SELECT id FROM webhooks WHERE player_id = ANY (told.players) AND switched_off_at IS NULL
  ) w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
