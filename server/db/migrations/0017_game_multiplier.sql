-- The payout multiplier of a game made in Game Master (a pick-one game played from its row), in
-- hundredths like every odds of the engine. NULL: the default, floor(90 % × nodigit) × 100, which
-- follows the number of digits. Declared games keep their registry odds and ignore it.
ALTER TABLE games ADD COLUMN IF NOT EXISTS odds_x100 integer;--> statement-breakpoint
ALTER TABLE games ADD CONSTRAINT games_odds_x100_range CHECK (odds_x100 IS NULL OR odds_x100 BETWEEN 100 AND 100000);
