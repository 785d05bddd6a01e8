package dev.tollgate.registry.store;

import dev.tollgate.registry.store.Measurements.Batch;
import dev.tollgate.registry.store.Measurements.Bucket;
import dev.tollgate.registry.store.Measurements.DocumentVersion;
import dev.tollgate.registry.store.Measurements.Maximum;
import dev.tollgate.registry.store.Measurements.Usage;
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
}
