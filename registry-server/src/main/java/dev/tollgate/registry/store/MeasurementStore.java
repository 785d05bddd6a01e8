package dev.tollgate.registry.store;

import dev.tollgate.registry.store.Measurements.Batch;
import dev.tollgate.registry.store.Measurements.Bucket;
import dev.tollgate.registry.store.Measurements.DocumentVersion;
import dev.tollgate.registry.store.Measurements.Maximum;
import dev.tollgate.registry.store.Measurements.OperationCount;
import dev.tollgate.registry.store.Measurements.OperationHour;
import dev.tollgate.registry.store.Measurements.Usage;
import dev.tollgate.registry.store.Measurements.VersionUsage;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.jdbi.v3.core.Jdbi;

/**
 * The measured-cost tables of the registry's store ({@link RegistryStore#measurements()}): a flush
 * adds one gateway's deltas in one transaction, retried on a conflict with another gateway's
 * concurrent first insert of the same row; reads return everything, for the calibration report and
 * the usage routes. Not journaled: after an unclean shutdown of an embedded H2 store the rebuilt
 * file starts these tables empty.
 */
public final class MeasurementStore {

  private static final int MAX_ATTEMPTS = 3;

  private final Jdbi jdbi;

  MeasurementStore(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  /** Adds {@code batch} to the stored counters, atomically. */
  public void add(Batch batch) {
    if (batch.isEmpty()) {
      return;
    }
    for (int attempt = 1; ; attempt++) {
      try {
        jdbi.useTransaction(
            handle -> {
              MeasurementDao dao = handle.attach(MeasurementDao.class);
              dao.addBuckets(batch.buckets());
              dao.addMaxima(batch.maxima());
              dao.addUsage(batch.usage());
              dao.addVersionUsage(batch.versionUsage());
              dao.addOperationHours(batch.operationHours());
              dao.addOperationCounts(batch.operationCounts());
            });
        return;
      } catch (RuntimeException e) {
        if (attempt >= MAX_ATTEMPTS || !TransientFailures.isTransient(e)) {
          throw e;
        }
      }
    }
  }

  public List<Bucket> buckets() {
    return jdbi.withExtension(MeasurementDao.class, MeasurementDao::buckets);
  }

  public List<Maximum> maxima() {
    return jdbi.withExtension(MeasurementDao.class, MeasurementDao::maxima);
  }

  public List<Usage> usage() {
    return jdbi.withExtension(MeasurementDao.class, MeasurementDao::usage);
  }

  /** Every (document, app, version, status), versions in publication order. */
  public List<DocumentVersion> documentVersions() {
    return jdbi.withExtension(MeasurementDao.class, MeasurementDao::documentVersions);
  }

  /** Requests per (app, version, document, operation), each counted for one version. */
  public List<VersionUsage> versionUsage() {
    return jdbi.withExtension(MeasurementDao.class, MeasurementDao::versionUsage);
  }

  /** The hours of per-operation traffic starting at {@code since} or later. */
  public List<OperationHour> operationHours(Instant since) {
    return jdbi.withExtension(
        MeasurementDao.class, dao -> dao.operationHours(Timestamp.from(since)));
  }

  /** The per-operation counts of the hours starting at {@code since} or later. */
  public List<OperationCount> operationCounts(Instant since) {
    return jdbi.withExtension(
        MeasurementDao.class, dao -> dao.operationCounts(Timestamp.from(since)));
  }

  /** Every document of an active version, with its app and version, newest version first. */
  public List<DocumentVersion> activeDocumentVersions() {
    return jdbi.withExtension(MeasurementDao.class, MeasurementDao::activeDocumentVersions);
  }

  /** Answered requests counted for a version in the hours starting at {@code since} or later. */
  public long versionRequestsSince(String app, String version, Instant since) {
    return jdbi.withExtension(
        MeasurementDao.class, dao -> dao.versionRequestsSince(app, version, Timestamp.from(since)));
  }

  /**
   * Deletes the per-operation traffic of the hours that started before {@code before} (both its
   * tables, in one transaction).
   *
   * @return the rows deleted
   */
  public int deleteTrafficBefore(Instant before) {
    Timestamp at = Timestamp.from(before);
    return jdbi.inTransaction(
        handle -> {
          MeasurementDao dao = handle.attach(MeasurementDao.class);
          return dao.deleteOperationHoursBefore(at) + dao.deleteOperationCountsBefore(at);
        });
  }
}
