-- A game created in a group posts its turns to the group's webhook when it
-- has none of its own (src/groups/): the trigger that queues webhook posts
-- (20261127164500_webhook_posts_by_index) looks the group's up through the
-- game's row and the unique index on webhooks.group_id.
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
    UNION
    SELECT gw.id FROM games g JOIN webhooks gw ON gw.group_id = g.group_id
    WHERE g.id = told.game_id AND gw.switched_off_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM webhooks own WHERE own.game_id = told.game_id)
  ) w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
