-- Custom document ids (issue 11): a manifest id that is not the SHA-256 of its body (a Relay md5,
-- an Apollo createOperationId, a codegen hash) is an alias of that document within the version's
-- app. One row per (version, alias); an alias names one of its version's documents. Written for
-- both H2 (MODE=PostgreSQL, DATABASE_TO_LOWER=TRUE) and PostgreSQL. Never edit once merged.
CREATE TABLE version_aliases (
    version_id   BIGINT       NOT NULL,
    alias        VARCHAR(200) NOT NULL,
    document_id  VARCHAR(64)  NOT NULL,
    PRIMARY KEY (version_id, alias),
    CONSTRAINT version_aliases_document FOREIGN KEY (version_id, document_id)
        REFERENCES version_documents (version_id, document_id)
);

CREATE INDEX version_aliases_alias ON version_aliases (alias);
