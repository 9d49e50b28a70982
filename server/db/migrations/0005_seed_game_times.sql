-- The round lengths the Time Master offers at first.
INSERT INTO game_times (timecount) VALUES (30), (60), (90), (120), (180) ON CONFLICT DO NOTHING;
