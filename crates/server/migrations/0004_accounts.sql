-- Accounts without passwords. A device account is made with a generated name (`guest-…`) and
-- becomes named once its player chooses a name. Names are unique ignoring case (`name_key`,
-- the name in lower case) and by their look (`skeleton`: `b0b` looks like `bob`), so two
-- servers making the same name at once are decided by these keys: one wins, the other is told
-- the name is taken. Ids are random (128 bits as hex), the same on SQLite and PostgreSQL.
CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    skeleton TEXT NOT NULL UNIQUE,
    named INTEGER NOT NULL,
    created BIGINT NOT NULL
);

-- Each device's secret, as its SHA-256 in hex (never the secret): several per account, one per
-- device.
CREATE TABLE account_secrets (
    hash TEXT PRIMARY KEY,
    account TEXT NOT NULL REFERENCES accounts (id),
    created BIGINT NOT NULL
);

CREATE INDEX account_secrets_account ON account_secrets (account);

-- Pairing codes, as their SHA-256 in hex: valid until `expires` (seconds since 1970), spent
-- once (`spent` is when).
CREATE TABLE pairing_codes (
    hash TEXT PRIMARY KEY,
    account TEXT NOT NULL REFERENCES accounts (id),
    expires BIGINT NOT NULL,
    spent BIGINT
);
