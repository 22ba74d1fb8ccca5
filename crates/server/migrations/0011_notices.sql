-- Correspondence notices (issue 75, item 3): the outbox. A move in a game by correspondence
-- writes, in the transaction that stores it, the next mover's "your turn" notice (due at once)
-- and its reminder (due when 80 % of the turn's time has gone); a game made from a seek writes
-- the first mover's. `(code, ply, kind)` is unique, so a notice exists once however often it is
-- written. A server takes a notice by moving it from `due` to `sending` with the time it took
-- it (`claimed_ms`, a lease: one whose server died is taken again after a minute), sends it,
-- and marks it `sent` — or `skipped` with a reason (`moved`: the move came first; `watching`:
-- the player was at the table; `over`: the game ended; `nowhere`: no push subscription and no
-- address). `mailed_ms` is when an e-mail digest carried it.
CREATE TABLE notices (
    code TEXT NOT NULL REFERENCES games (code),
    ply INTEGER NOT NULL,
    kind TEXT NOT NULL,
    account TEXT NOT NULL REFERENCES accounts (id),
    seat TEXT NOT NULL,
    due_ms BIGINT NOT NULL,
    deadline_ms BIGINT NOT NULL,
    state TEXT NOT NULL,
    claimed_ms BIGINT,
    done_ms BIGINT,
    why TEXT,
    pushed INTEGER NOT NULL DEFAULT 0,
    mailed_ms BIGINT,
    PRIMARY KEY (code, ply, kind)
);
CREATE INDEX notices_due ON notices (state, due_ms);
CREATE INDEX notices_mail ON notices (account, mailed_ms);

-- Where an account's notices go: its browsers' Web Push subscriptions (several devices) and one
-- e-mail address with the time its last digest was sent (at most two a day).
CREATE TABLE push_subscriptions (
    account TEXT NOT NULL REFERENCES accounts (id),
    endpoint TEXT NOT NULL,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    created BIGINT NOT NULL,
    PRIMARY KEY (account, endpoint)
);
CREATE TABLE mail_addresses (
    account TEXT PRIMARY KEY REFERENCES accounts (id),
    address TEXT NOT NULL,
    last_mail_ms BIGINT,
    mails INTEGER NOT NULL DEFAULT 0
);

-- The server's own keys, shared by every server on the database (the VAPID key that signs Web
-- Push: a browser's subscription is bound to one key, whichever server sends).
CREATE TABLE server_keys (
    name TEXT PRIMARY KEY,
    key TEXT NOT NULL
);
