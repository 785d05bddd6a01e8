package dev.tollgate.registry.store;

import java.net.URI;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The store cannot be opened: its database cannot be reached (the message names the JDBC URL's host
 * and database and the root cause, never the credentials), or its H2 data folder is in use by
 * another process. Thrown at start; {@code main} prints the message as one line.
 */
public final class StoreUnavailableException extends RuntimeException {

  private StoreUnavailableException(String message, @Nullable Throwable cause) {
    super(message, cause);
  }

  static StoreUnavailableException folderInUse(H2Files files) {
    return new StoreUnavailableException(
        "the data folder "
            + folder(files)
            + " is in use by another Tollgate process (it holds "
            + files.lock()
            + "); stop it or choose another folder with --data-dir",
        null);
  }

  static StoreUnavailableException unreachable(String jdbcUrl, Throwable failure) {
    Throwable root = rootCause(failure);
    return new StoreUnavailableException(
        "cannot reach the store at "
            + where(jdbcUrl)
            + ": "
            + root.getClass().getSimpleName()
            + ": "
            + root.getMessage(),
        failure);
  }

  private static String folder(H2Files files) {
    return String.valueOf(files.base().getParent());
  }

  /** {@code host:port/database} of a {@code jdbc:postgresql:} URL, without its parameters. */
  static String where(String jdbcUrl) {
    if (!jdbcUrl.toLowerCase(Locale.ROOT).startsWith("jdbc:postgresql:")) {
      int options = jdbcUrl.indexOf(';');
      return options < 0 ? jdbcUrl : jdbcUrl.substring(0, options);
    }
    try {
      URI uri = URI.create(jdbcUrl.substring("jdbc:".length()));
      String host = uri.getHost() == null ? "localhost" : uri.getHost();
      String port = uri.getPort() < 0 ? "" : ":" + uri.getPort();
      String path = uri.getPath() == null ? "" : uri.getPath();
      return "host " + host + port + ", database " + path.replaceFirst("^/", "");
    } catch (IllegalArgumentException e) {
      int query = jdbcUrl.indexOf('?');
      return query < 0 ? jdbcUrl : jdbcUrl.substring(0, query);
    }
  }

  private static Throwable rootCause(Throwable failure) {
    Throwable root = failure;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root;
  }
}
