-- Operator answers (issue 26): usage per version and per-operation traffic by the hour, flushed by
-- each gateway with the measured-cost batch as deltas that add up (as V4's tables are). Written for
-- both H2 (MODE=PostgreSQL, DATABASE_TO_LOWER=TRUE) and PostgreSQL.

-- Admitted requests of one operation of a document counted for the version each was admitted under
-- (the newest active version of the caller's app holding the document), and when last seen.
CREATE TABLE version_usage (
    app          VARCHAR(100)             NOT NULL,
    version      VARCHAR(100)             NOT NULL,
    document_id  VARCHAR(64)              NOT NULL,
    operation    VARCHAR(1000)            NOT NULL,
    requests     BIGINT                   NOT NULL,
    last_seen    TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (app, version, document_id, operation)
);

-- Per hour, policy, version ('' app and version for open-mode text) and operation: answered
-- requests (cache hits included), units charged (after refunds) and the latest request.
CREATE TABLE operation_hours (
    hour_start     TIMESTAMP WITH TIME ZONE NOT NULL,
    policy         VARCHAR(200)             NOT NULL,
    app            VARCHAR(100)             NOT NULL,
    version        VARCHAR(100)             NOT NULL,
    document_id    VARCHAR(64)              NOT NULL,
    operation      VARCHAR(1000)            NOT NULL,
    requests       BIGINT                   NOT NULL,
    units_charged  BIGINT                   NOT NULL,
    last_seen      TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (hour_start, policy, app, version, document_id, operation)
);

-- Counts of the same rows: measure 'estimated' or 'actual' (a cost histogram in V4's buckets) or
-- 'refused:<CODE>' (bucket 0).
CREATE TABLE operation_hour_counts (
    hour_start   TIMESTAMP WITH TIME ZONE NOT NULL,
    policy       VARCHAR(200)             NOT NULL,
    app          VARCHAR(100)             NOT NULL,
    version      VARCHAR(100)             NOT NULL,
    document_id  VARCHAR(64)              NOT NULL,
    operation    VARCHAR(1000)            NOT NULL,
    measure      VARCHAR(64)              NOT NULL,
    bucket       INTEGER                  NOT NULL,
    count        BIGINT                   NOT NULL,
    PRIMARY KEY (hour_start, policy, app, version, document_id, operation, measure, bucket)
);

CREATE INDEX operation_hours_hour ON operation_hours (hour_start);
CREATE INDEX operation_hour_counts_hour ON operation_hour_counts (hour_start);
