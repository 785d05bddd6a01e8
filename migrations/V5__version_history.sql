-- The history of a version whose manifest was replaced: a version matching the registry's snapshot
-- pattern (default *-SNAPSHOT) may be published again with a different manifest; each replaced
-- publication is kept here. Release versions are never replaced (409 VERSION_CONFLICT).
CREATE TABLE version_history (
    version_id           BIGINT                   NOT NULL REFERENCES app_versions (id),
    manifest_fingerprint VARCHAR(64)              NOT NULL,
    published_by         VARCHAR(200)             NOT NULL,
    published            TIMESTAMP WITH TIME ZONE NOT NULL,
    replaced_by          VARCHAR(200)             NOT NULL,
    replaced             TIMESTAMP WITH TIME ZONE NOT NULL
);

CREATE INDEX version_history_version ON version_history (version_id);
