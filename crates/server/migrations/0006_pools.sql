-- Quick pairing (issue 74's "Play now"), after lichess's pools. Members wait in a table, one
-- entry per account (the primary key: joining a pool leaves any other); a wave pairs a pool's
-- members in one transaction (PostgreSQL: under pg_try_advisory_xact_lock, so one server
-- process at a time; SQLite: the write transaction), deleting the paired entries, making their
-- games and counting a miss for every member left waiting.

-- `pool` is `rated:<rating key>` or `casual:<rating key>`; `id` is random (below 2^53, as a
-- seek's); `heartbeat` is rewritten by the member's connection, and a silent entry (its server
-- was killed) is never paired and is deleted by the next wave. Only the SHA-256 of the member's
-- seat token is kept.
CREATE TABLE pool_members (
    account TEXT PRIMARY KEY REFERENCES accounts (id),
    id BIGINT NOT NULL UNIQUE,
    pool TEXT NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    rating_key TEXT NOT NULL,
    rated INTEGER NOT NULL,
    token_hash TEXT NOT NULL,
    misses INTEGER NOT NULL,
    joined BIGINT NOT NULL,
    heartbeat BIGINT NOT NULL
);

CREATE INDEX pool_members_pool ON pool_members (pool, heartbeat);

-- A paired entry: the game it was paired into and its member's seat, read by the member's
-- connection (which tells it `matched`). The primary key is the entry's id: an entry is paired
-- at most once. Rows older than an hour are deleted by the waves.
CREATE TABLE pool_pairs (
    id BIGINT PRIMARY KEY,
    account TEXT NOT NULL REFERENCES accounts (id),
    code TEXT NOT NULL REFERENCES games (code),
    seat TEXT NOT NULL,
    rating INTEGER NOT NULL,
    waited BIGINT NOT NULL,
    created BIGINT NOT NULL
);

CREATE INDEX pool_pairs_created ON pool_pairs (created);

-- When each pool's last wave ran (Unix milliseconds): the waves' interval holds across every
-- server process on the database.
CREATE TABLE pool_waves (
    pool TEXT PRIMARY KEY,
    at BIGINT NOT NULL
);
