-- The lobby (issue 74). Every decision is one transaction or one conditional write, the same on
-- SQLite and PostgreSQL, so several servers on one database agree without talking.

-- Open seeks. `id` is random (below 2^53, so a browser reads it exactly). A seek is taken by the
-- one UPDATE that finds `code` still NULL and sets it, in the transaction that makes the game;
-- `heartbeat` is rewritten by the seeker's connection every few seconds, and a seek whose
-- heartbeat is old (its server was killed) is never listed nor taken. Only the SHA-256 of the
-- seeker's seat token is kept.
CREATE TABLE seeks (
    id BIGINT PRIMARY KEY,
    account TEXT NOT NULL REFERENCES accounts (id),
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    rating_key TEXT NOT NULL,
    rated INTEGER NOT NULL,
    side TEXT NOT NULL,
    lo INTEGER,
    hi INTEGER,
    token_hash TEXT NOT NULL,
    created BIGINT NOT NULL,
    heartbeat BIGINT NOT NULL,
    taken_by TEXT REFERENCES accounts (id),
    code TEXT,
    seat TEXT
);

CREATE INDEX seeks_open ON seeks (code, created);
CREATE INDEX seeks_account ON seeks (account);

-- Which account sits in each seat of a game made in the lobby, whether it is rated and under
-- which rating key; `result` (`first`, `second`, `draw`) and `ended` are set once, by the
-- conditional UPDATE ... WHERE result IS NULL that also rates the game in the same transaction:
-- a game is rated exactly once whichever server sees its end.
CREATE TABLE game_players (
    code TEXT PRIMARY KEY REFERENCES games (code),
    first_account TEXT REFERENCES accounts (id),
    second_account TEXT REFERENCES accounts (id),
    rated INTEGER NOT NULL,
    rating_key TEXT NOT NULL,
    created BIGINT NOT NULL,
    result TEXT,
    ended BIGINT
);

CREATE INDEX game_players_first ON game_players (first_account);
CREATE INDEX game_players_second ON game_players (second_account);
CREATE INDEX game_players_live ON game_players (result, created);

-- One Glicko-2 rating per account and rating key, as it stood right after the last rated game.
CREATE TABLE ratings (
    account TEXT NOT NULL REFERENCES accounts (id),
    rating_key TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    last_game BIGINT NOT NULL,
    PRIMARY KEY (account, rating_key)
);

CREATE INDEX ratings_board ON ratings (rating_key, rating);

-- A rating after each rated game (the player's graph); one row per account and game.
CREATE TABLE rating_history (
    account TEXT NOT NULL REFERENCES accounts (id),
    code TEXT NOT NULL REFERENCES games (code),
    rating_key TEXT NOT NULL,
    at BIGINT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (account, code)
);
