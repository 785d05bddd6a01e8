package dev.tollgate.registry.http;

import dev.tollgate.registry.calibration.Calibration;
import dev.tollgate.registry.measure.MeasurementBatch;
import dev.tollgate.registry.measure.MeasurementJson;
import dev.tollgate.registry.store.MeasurementStore;
import dev.tollgate.registry.store.Measurements;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.util.List;

/**
 * What in-process instances send back (issue 25): {@code POST /v1/registry/measurements}, a batch
 * of usage and calibration deltas ({@link MeasurementJson}, read strictly), added to the store as a
 * gateway's own flush adds its counters ({@link MeasurementStore#add}), so the calibration report,
 * the usage in the version routes, {@code /v1/apps/{app}/unused} and the console count in-process
 * traffic too. The one write a token of scope read may make (its follower's token).
 */
public final class RegistryMeasurementRoutes {

  private final MeasurementStore measurements;
  private final Calibration calibration;
  private final AdminAuth auth;
  private final long maxBodyBytes;

  public RegistryMeasurementRoutes(
      MeasurementStore measurements,
      Calibration calibration,
      List<AdminToken> tokens,
      long maxBodyBytes) {
    this.measurements = measurements;
    this.calibration = calibration;
    this.auth = new AdminAuth(tokens);
    this.maxBodyBytes = maxBodyBytes;
  }

  public void register(JavalinConfig config) {
    config.routes.post("/v1/registry/measurements", this::record);
  }

  private void record(Context ctx) {
    auth.follower(ctx);
    MeasurementBatch batch = MeasurementJson.read(RequestBodies.read(ctx, maxBodyBytes));
    measurements.add(calibration.attributed(Measurements.Batch.of(batch)));
    ctx.json(new Recorded(batch.buckets().size(), batch.maxima().size(), batch.usage().size()));
  }

  /** How many rows of each kind were added. */
  record Recorded(int buckets, int maxima, int usage) {}
}
