-- Offers between the two seats of a game (issue 74): a draw, a takeback, a rematch. Each names
-- the ply (moves played) it was made at. At most one is pending per game (`offers_pending`, a
-- unique partial index: two offers made at once on two servers, one wins), and a seat makes at
-- most one offer of a kind at a ply (the primary key). `answer` is set once, by the conditional
-- UPDATE ... WHERE answer IS NULL in the transaction that acts on it: `accepted`, `declined`, or
-- `cancelled` (a move was played after it). An accepted draw or takeback is also a row of
-- `moves` (`draw agreed`, `takeback <moves kept>`) at the place the next move would take, so a
-- move and an accepted offer can never both happen at the same place; an accepted rematch names
-- the game it made in `rematch`.
CREATE TABLE offers (
    code TEXT NOT NULL REFERENCES games (code),
    seat TEXT NOT NULL,
    kind TEXT NOT NULL,
    ply INTEGER NOT NULL,
    created BIGINT NOT NULL,
    answer TEXT,
    rematch TEXT,
    PRIMARY KEY (code, seat, kind, ply)
);

CREATE UNIQUE INDEX offers_pending ON offers (code) WHERE answer IS NULL;
