package dev.tollgate.spring;

import java.nio.file.Path;
import org.jspecify.annotations.Nullable;

/**
 * {@code tollgate.registry.*}: the running registry this instance follows (snapshot and change feed
 * over HTTP).
 */
public class RegistryProperties {
  /** The registry's base URL, e.g. {@code http://127.0.0.1:8080}. */
  private @Nullable String url;

  /** A registry token with the read scope. */
  private @Nullable String token;

  /** Where the last snapshot is kept, to start from when the registry cannot be reached. */
  private @Nullable Path snapshotFile;

  /** Refuse to start, rather than start from the snapshot file, when the registry is down. */
  private boolean failClosed;

  /**
   * How often the catalog looks for a newer snapshot (a field read: the change feed fetches it);
   * with the feed's answer at once, a publication or retirement takes effect within about this.
   */
  private long refreshMillis = 100;

  /**
   * How often the usage per document and the calibration measurements counted in process are sent
   * to the registry ({@code POST /v1/registry/measurements}); 0 counts and sends nothing.
   */
  private long measurementFlushMillis = 5_000;

  public long getMeasurementFlushMillis() {
    return measurementFlushMillis;
  }

  public void setMeasurementFlushMillis(long measurementFlushMillis) {
    this.measurementFlushMillis = measurementFlushMillis;
  }

  public long getRefreshMillis() {
    return refreshMillis;
  }

  public void setRefreshMillis(long refreshMillis) {
    this.refreshMillis = refreshMillis;
  }

  public @Nullable String getUrl() {
    return url;
  }

  public void setUrl(@Nullable String url) {
    this.url = url;
  }

  public @Nullable String getToken() {
    return token;
  }

  public void setToken(@Nullable String token) {
    this.token = token;
  }

  public @Nullable Path getSnapshotFile() {
    return snapshotFile;
  }

  public void setSnapshotFile(@Nullable Path snapshotFile) {
    this.snapshotFile = snapshotFile;
  }

  public boolean isFailClosed() {
    return failClosed;
  }

  public void setFailClosed(boolean failClosed) {
    this.failClosed = failClosed;
  }
}
