-- API keys issued at runtime through the admin API (issue 27). The secret itself is never stored:
-- secret_hash is the lowercase hex SHA-256 of the whole secret a caller presents
-- (tg_<prefix>_<43 characters of url-safe base64 of 32 random bytes>). A fast hash is enough for
-- a 256-bit random secret: guessing one preimage costs about 2^256 hashes, however fast each is;
-- slow password hashes (bcrypt, Argon2) exist for low-entropy secrets chosen by people.
-- prefix is public (lists, logs) and stays the same across rotations. A key names a policy of the
-- config file by name (policies are not stored). created_by and revoked_by are admin token names.
CREATE TABLE api_keys (
    id             VARCHAR(32)              NOT NULL PRIMARY KEY,
    prefix         VARCHAR(16)              NOT NULL,
    secret_hash    VARCHAR(64)              NOT NULL,
    policy         VARCHAR(200)             NOT NULL,
    created_by     VARCHAR(200)             NOT NULL,
    created        TIMESTAMP WITH TIME ZONE NOT NULL,
    expires        TIMESTAMP WITH TIME ZONE,
    revoked_by     VARCHAR(200),
    revoked        TIMESTAMP WITH TIME ZONE,
    -- written coarsely: each gateway keeps it in memory to the minute and writes it once a minute
    last_used      TIMESTAMP WITH TIME ZONE,
    -- after a rotation, the previous secret's hash, valid until previous_until (the overlap)
    rotated        TIMESTAMP WITH TIME ZONE,
    previous_hash  VARCHAR(64),
    previous_until TIMESTAMP WITH TIME ZONE,
    CONSTRAINT api_keys_prefix UNIQUE (prefix),
    CONSTRAINT api_keys_secret_hash UNIQUE (secret_hash)
);

-- One more kind in the change log: a key issued, rotated or revoked ('key', the key's id in
-- version, app empty), so that gateways polling the change id reload their keys as they reload
-- versions.
ALTER TABLE changes DROP CONSTRAINT changes_kind;
ALTER TABLE changes ADD CONSTRAINT changes_kind
    CHECK (kind IN ('publish', 'retire', 'schema', 'activate', 'key'));
