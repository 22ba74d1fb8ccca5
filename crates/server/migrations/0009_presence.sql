-- Presence (issue 75, abandonment): each seat's connection writes `seen_ms` every few seconds
-- from whichever server holds it, and `closed` = 1 when its client said goodbye (a closed tab),
-- so the other seat, on any server, sees it gone within seconds and may claim the game after
-- the grace. Only the latest heartbeat of a seat is kept.
CREATE TABLE presence (
    code TEXT NOT NULL REFERENCES games (code),
    seat TEXT NOT NULL,
    seen_ms BIGINT NOT NULL,
    closed INTEGER NOT NULL,
    PRIMARY KEY (code, seat)
);
