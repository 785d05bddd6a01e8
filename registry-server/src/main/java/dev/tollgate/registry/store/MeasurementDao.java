package dev.tollgate.registry.store;

import dev.tollgate.registry.store.Measurements.Bucket;
import dev.tollgate.registry.store.Measurements.DocumentVersion;
import dev.tollgate.registry.store.Measurements.Maximum;
import dev.tollgate.registry.store.Measurements.Usage;
import java.util.List;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.SqlBatch;
import org.jdbi.v3.sqlobject.statement.SqlQuery;

/**
 * The measured-cost statements. Deltas are added with the SQL standard {@code MERGE}, which both H2
 * and PostgreSQL (15+) run: a row that exists gets the delta added, a new one is inserted.
 */
@RegisterConstructorMapper(Bucket.class)
@RegisterConstructorMapper(Maximum.class)
@RegisterConstructorMapper(Usage.class)
@RegisterConstructorMapper(DocumentVersion.class)
interface MeasurementDao {

  @SqlBatch(
      "MERGE INTO calibration_buckets t USING (SELECT CAST(:kind AS VARCHAR(16)) AS kind,"
          + " CAST(:subject AS VARCHAR(1100)) AS subject, CAST(:measure AS VARCHAR(16)) AS measure,"
          + " CAST(:bucket AS INTEGER) AS bucket, CAST(:count AS BIGINT) AS count) s"
          + " ON t.kind = s.kind AND t.subject = s.subject AND t.measure = s.measure"
          + " AND t.bucket = s.bucket"
          + " WHEN MATCHED THEN UPDATE SET count = t.count + s.count"
          + " WHEN NOT MATCHED THEN INSERT (kind, subject, measure, bucket, count)"
          + " VALUES (s.kind, s.subject, s.measure, s.bucket, s.count)")
  void addBuckets(@BindMethods List<Bucket> buckets);

  @SqlBatch(
      "MERGE INTO calibration_maxima t USING (SELECT CAST(:kind AS VARCHAR(16)) AS kind,"
          + " CAST(:subject AS VARCHAR(1100)) AS subject, CAST(:measure AS VARCHAR(16)) AS measure,"
          + " CAST(:maxValue AS BIGINT) AS max_value) s"
          + " ON t.kind = s.kind AND t.subject = s.subject AND t.measure = s.measure"
          + " WHEN MATCHED THEN UPDATE SET max_value = GREATEST(t.max_value, s.max_value)"
          + " WHEN NOT MATCHED THEN INSERT (kind, subject, measure, max_value)"
          + " VALUES (s.kind, s.subject, s.measure, s.max_value)")
  void addMaxima(@BindMethods List<Maximum> maxima);

  @SqlBatch(
      "MERGE INTO operation_usage t USING (SELECT CAST(:documentId AS VARCHAR(64)) AS document_id,"
          + " CAST(:operation AS VARCHAR(1000)) AS operation, CAST(:requests AS BIGINT) AS requests,"
          + " CAST(:lastSeen AS TIMESTAMP WITH TIME ZONE) AS last_seen) s"
          + " ON t.document_id = s.document_id AND t.operation = s.operation"
          + " WHEN MATCHED THEN UPDATE SET requests = t.requests + s.requests,"
          + " last_seen = GREATEST(t.last_seen, s.last_seen)"
          + " WHEN NOT MATCHED THEN INSERT (document_id, operation, requests, last_seen)"
          + " VALUES (s.document_id, s.operation, s.requests, s.last_seen)")
  void addUsage(@BindMethods List<Usage> usage);

  @SqlQuery("SELECT kind, subject, measure, bucket, count FROM calibration_buckets")
  List<Bucket> buckets();

  @SqlQuery("SELECT kind, subject, measure, max_value FROM calibration_maxima")
  List<Maximum> maxima();

  @SqlQuery("SELECT document_id, operation, requests, last_seen FROM operation_usage")
  List<Usage> usage();

  @SqlQuery(
      "SELECT vd.document_id, v.app, v.version, v.status FROM version_documents vd"
          + " JOIN app_versions v ON v.id = vd.version_id ORDER BY v.id")
  List<DocumentVersion> documentVersions();
}
