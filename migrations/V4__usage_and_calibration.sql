-- Measured cost (issue 14): the calibration counters of the price list and the usage of every
-- registered operation, flushed by each gateway every few seconds as deltas that add up. Written
-- for both H2 (MODE=PostgreSQL, DATABASE_TO_LOWER=TRUE) and PostgreSQL.

-- Mergeable histograms in fixed buckets (exact below 1024, then 16 a power of two):
-- kind 'field' (subject a schema coordinate, measure 'observed' or 'requested') or 'operation'
-- (subject '<document id>/<operation name>', measure 'estimated', 'actual' or 'ratio' in 1/1000).
CREATE TABLE calibration_buckets (
    kind     VARCHAR(16)   NOT NULL,
    subject  VARCHAR(1100) NOT NULL,
    measure  VARCHAR(16)   NOT NULL,
    bucket   INTEGER       NOT NULL,
    count    BIGINT        NOT NULL,
    PRIMARY KEY (kind, subject, measure, bucket)
);

-- The exact maximum of each histogram.
CREATE TABLE calibration_maxima (
    kind       VARCHAR(16)   NOT NULL,
    subject    VARCHAR(1100) NOT NULL,
    measure    VARCHAR(16)   NOT NULL,
    max_value  BIGINT        NOT NULL,
    PRIMARY KEY (kind, subject, measure)
);

-- Admitted requests per registered operation ('' for an anonymous one), and when last seen.
CREATE TABLE operation_usage (
    document_id  VARCHAR(64)              NOT NULL,
    operation    VARCHAR(1000)            NOT NULL,
    requests     BIGINT                   NOT NULL,
    last_seen    TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (document_id, operation)
);
