package dev.tollgate.registry.store;

import dev.tollgate.registry.store.Measurements.Bucket;
import dev.tollgate.registry.store.Measurements.DocumentVersion;
import dev.tollgate.registry.store.Measurements.Maximum;
import dev.tollgate.registry.store.Measurements.OperationCount;
import dev.tollgate.registry.store.Measurements.OperationHour;
import dev.tollgate.registry.store.Measurements.Usage;
import dev.tollgate.registry.store.Measurements.VersionUsage;
import java.sql.Timestamp;
import java.util.List;
import org.jdbi.v3.sqlobject.config.RegisterConstructorMapper;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.statement.SqlBatch;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * The measured-cost statements. Deltas are added with the SQL standard {@code MERGE}, which both H2
 * and PostgreSQL (15+) run: a row that exists gets the delta added, a new one is inserted.
 */
@RegisterConstructorMapper(Bucket.class)
@RegisterConstructorMapper(Maximum.class)
@RegisterConstructorMapper(Usage.class)
@RegisterConstructorMapper(DocumentVersion.class)
@RegisterConstructorMapper(VersionUsage.class)
@RegisterConstructorMapper(OperationHour.class)
@RegisterConstructorMapper(OperationCount.class)
interface MeasurementDao {

  /** The columns of one row of {@code operation_hours} and of {@code operation_hour_counts}. */
  String HOUR_KEY =
      "CAST(:hourStart AS TIMESTAMP WITH TIME ZONE) AS hour_start, CAST(:policy AS VARCHAR(200)) AS policy,"
          + " CAST(:app AS VARCHAR(100)) AS app, CAST(:version AS VARCHAR(100)) AS version,"
          + " CAST(:documentId AS VARCHAR(64)) AS document_id,"
          + " CAST(:operation AS VARCHAR(1000)) AS operation";

  String HOUR_MATCH =
      " ON t.hour_start = s.hour_start AND t.policy = s.policy AND t.app = s.app AND t.version = s.version"
          + " AND t.document_id = s.document_id AND t.operation = s.operation";

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

  @SqlBatch(
      "MERGE INTO version_usage t USING (SELECT CAST(:app AS VARCHAR(100)) AS app,"
          + " CAST(:version AS VARCHAR(100)) AS version,"
          + " CAST(:documentId AS VARCHAR(64)) AS document_id,"
          + " CAST(:operation AS VARCHAR(1000)) AS operation, CAST(:requests AS BIGINT) AS requests,"
          + " CAST(:lastSeen AS TIMESTAMP WITH TIME ZONE) AS last_seen) s"
          + " ON t.app = s.app AND t.version = s.version AND t.document_id = s.document_id"
          + " AND t.operation = s.operation"
          + " WHEN MATCHED THEN UPDATE SET requests = t.requests + s.requests,"
          + " last_seen = GREATEST(t.last_seen, s.last_seen)"
          + " WHEN NOT MATCHED THEN INSERT (app, version, document_id, operation, requests,"
          + " last_seen) VALUES (s.app, s.version, s.document_id, s.operation, s.requests,"
          + " s.last_seen)")
  void addVersionUsage(@BindMethods List<VersionUsage> usage);

  @SqlBatch(
      "MERGE INTO operation_hours t USING (SELECT "
          + HOUR_KEY
          + ", CAST(:requests AS BIGINT) AS requests, CAST(:unitsCharged AS BIGINT) AS units_charged,"
          + " CAST(:lastSeen AS TIMESTAMP WITH TIME ZONE) AS last_seen) s"
          + HOUR_MATCH
          + " WHEN MATCHED THEN UPDATE SET requests = t.requests + s.requests,"
          + " units_charged = t.units_charged + s.units_charged,"
          + " last_seen = GREATEST(t.last_seen, s.last_seen)"
          + " WHEN NOT MATCHED THEN INSERT (hour_start, policy, app, version, document_id, operation,"
          + " requests, units_charged, last_seen) VALUES (s.hour_start, s.policy, s.app, s.version,"
          + " s.document_id, s.operation, s.requests, s.units_charged, s.last_seen)")
  void addOperationHours(@BindMethods List<OperationHour> hours);

  @SqlBatch(
      "MERGE INTO operation_hour_counts t USING (SELECT "
          + HOUR_KEY
          + ", CAST(:measure AS VARCHAR(64)) AS measure, CAST(:bucket AS INTEGER) AS bucket,"
          + " CAST(:count AS BIGINT) AS count) s"
          + HOUR_MATCH
          + " AND t.measure = s.measure AND t.bucket = s.bucket"
          + " WHEN MATCHED THEN UPDATE SET count = t.count + s.count"
          + " WHEN NOT MATCHED THEN INSERT (hour_start, policy, app, version, document_id, operation,"
          + " measure, bucket, count) VALUES (s.hour_start, s.policy, s.app, s.version, s.document_id,"
          + " s.operation, s.measure, s.bucket, s.count)")
  void addOperationCounts(@BindMethods List<OperationCount> counts);

  @SqlQuery("SELECT app, version, document_id, operation, requests, last_seen FROM version_usage")
  List<VersionUsage> versionUsage();

  @SqlQuery(
      "SELECT hour_start, policy, app, version, document_id, operation, requests, units_charged,"
          + " last_seen FROM operation_hours WHERE hour_start >= :since")
  List<OperationHour> operationHours(@Bind("since") Timestamp since);

  @SqlQuery(
      "SELECT hour_start, policy, app, version, document_id, operation, measure, bucket, count"
          + " FROM operation_hour_counts WHERE hour_start >= :since")
  List<OperationCount> operationCounts(@Bind("since") Timestamp since);

  @SqlQuery(
      "SELECT COALESCE(SUM(requests), 0) FROM operation_hours"
          + " WHERE app = :app AND version = :version AND hour_start >= :since")
  long versionRequestsSince(
      @Bind("app") String app, @Bind("version") String version, @Bind("since") Timestamp since);

  /** The active versions' documents, newest version first. */
  @SqlQuery(
      "SELECT vd.document_id, v.app, v.version, v.status FROM version_documents vd"
          + " JOIN app_versions v ON v.id = vd.version_id WHERE v.status = 'active'"
          + " ORDER BY v.id DESC")
  List<DocumentVersion> activeDocumentVersions();

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

  @SqlUpdate("DELETE FROM operation_hours WHERE hour_start < :before")
  int deleteOperationHoursBefore(@Bind("before") Timestamp before);

  @SqlUpdate("DELETE FROM operation_hour_counts WHERE hour_start < :before")
  int deleteOperationCountsBefore(@Bind("before") Timestamp before);
}
