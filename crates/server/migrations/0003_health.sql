-- One row the health check rewrites: a real, committed write, so a full disk or a read-only
-- database shows on /health (and stops the server from starting) instead of only in refused
-- moves. `room` takes 32 KB of fresh random bytes each time (SQLite skips a write that changes
-- nothing), so a disk with only a few pages left counts as full.
CREATE TABLE health (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    at BIGINT NOT NULL,
    room TEXT
);
