-- Clocks (issue 75). A game's clock is a pure function of its move log: `pace` (NULL untimed,
-- else as written in a seek: `5+3` or `days=3`), `started_ms` (Unix milliseconds the game was
-- made: the first move's deadline counts from it) and each move's `at_ms` (the server's time it
-- was stored) and `think_ms` (the thinking time its client reported) rebuild it exactly on any
-- server. A fall or an abort is a row after the last move (`time first`, `abort second`), so a
-- move and a fall can never both be stored. `check_at` is when a server must look at the game
-- without a move (the next fall with its grace, or the first moves' deadline), written in the
-- transaction that stores the move that sets it; every server polls for overdue ones.
ALTER TABLE games ADD COLUMN pace TEXT;
ALTER TABLE games ADD COLUMN started_ms BIGINT;
ALTER TABLE games ADD COLUMN check_at BIGINT;
CREATE INDEX games_check_at ON games (check_at);
ALTER TABLE moves ADD COLUMN at_ms BIGINT;
ALTER TABLE moves ADD COLUMN think_ms BIGINT;
ALTER TABLE seeks ADD COLUMN pace TEXT;
ALTER TABLE pool_members ADD COLUMN pace TEXT;
