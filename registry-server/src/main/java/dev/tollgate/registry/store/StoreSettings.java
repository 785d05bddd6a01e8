package dev.tollgate.registry.store;

import java.nio.file.Path;

/**
 * The {@code store} section: the database the registry keeps its documents in.
 *
 * @param jdbcUrl H2 ({@code jdbc:h2:...}) or PostgreSQL ({@code jdbc:postgresql:...})
 * @param poolSize the most connections the store's pool opens
 * @param checkpointMegabytes the embedded H2 store's journal growth, in megabytes, after which it
 *     writes a new checkpoint ({@code Checkpointer}); 0 never does
 */
public record StoreSettings(
    String jdbcUrl, String user, String password, int poolSize, int checkpointMegabytes) {

  public static final int DEFAULT_POOL_SIZE = 8;
  public static final int DEFAULT_CHECKPOINT_MEGABYTES = 0;

  public StoreSettings {
    if (!jdbcUrl.startsWith("jdbc:h2:") && !jdbcUrl.startsWith("jdbc:postgresql:")) {
      throw new IllegalArgumentException(
          "store.jdbcUrl must be a jdbc:h2: or jdbc:postgresql: URL: " + jdbcUrl);
    }
    if (poolSize <= 0) {
      throw new IllegalArgumentException("store.poolSize must be positive: " + poolSize);
    }
    if (checkpointMegabytes < 0) {
      throw new IllegalArgumentException(
          "store.checkpointMegabytes must be 0 (no checkpoints) or positive: "
              + checkpointMegabytes);
    }
  }

  /** With the default pool size. */
  public static StoreSettings of(String jdbcUrl, String user, String password) {
    return new StoreSettings(
        jdbcUrl, user, password, DEFAULT_POOL_SIZE, DEFAULT_CHECKPOINT_MEGABYTES);
  }

  /** The embedded H2 file in {@code dataDir}, with the default pool size. */
  public static StoreSettings h2In(Path dataDir) {
    return h2In(dataDir, DEFAULT_POOL_SIZE);
  }

  /** The embedded H2 file in {@code dataDir}. */
  public static StoreSettings h2In(Path dataDir, int poolSize) {
    String file = dataDir.toAbsolutePath().resolve("registry").toString();
    return new StoreSettings(
        "jdbc:h2:file:"
            + file
            + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH;WRITE_DELAY=0",
        "sa",
        "",
        poolSize,
        DEFAULT_CHECKPOINT_MEGABYTES);
  }

  /** These settings with checkpoints every {@code megabytes} of journal (0: none). */
  public StoreSettings withCheckpointMegabytes(int megabytes) {
    return new StoreSettings(jdbcUrl, user, password, poolSize, megabytes);
  }
}
