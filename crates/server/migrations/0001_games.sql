-- A game is its options and its move list; seats hold the SHA-256 of their secret tokens.
CREATE TABLE games (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    first_token TEXT,
    second_token TEXT,
    created BIGINT NOT NULL
);

CREATE TABLE moves (
    code TEXT NOT NULL REFERENCES games (code),
    ply INTEGER NOT NULL,
    mv TEXT NOT NULL,
    PRIMARY KEY (code, ply)
);
