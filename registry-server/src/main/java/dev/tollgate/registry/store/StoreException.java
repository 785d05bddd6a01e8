package dev.tollgate.registry.store;

import dev.tollgate.registry.ErrorKind;
import dev.tollgate.registry.TollgateException;
import java.util.Map;

/** A refusal of the store: a conflicting or retired version, or a version that does not exist. */
public final class StoreException extends TollgateException {

  private final Map<String, Object> extensions;

  private StoreException(String code, ErrorKind kind, String message, Map<String, Object> extensions) {
    super(code, kind, message);
    this.extensions = Map.copyOf(extensions);
  }

  static StoreException versionConflict(String app, String version) {
    return new StoreException("VERSION_CONFLICT", ErrorKind.CONFLICT,
        "app " + app + " version " + version + " is already published with a different manifest",
        Map.of("app", app, "version", version));
  }

  static StoreException versionRetired(String app, String version) {
    return new StoreException("VERSION_RETIRED", ErrorKind.CONFLICT,
        "app " + app + " version " + version + " is retired and cannot be published again",
        Map.of("app", app, "version", version));
  }

  static StoreException versionNotFound(String app, String version) {
    return new StoreException("VERSION_NOT_FOUND", ErrorKind.NOT_FOUND,
        "app " + app + " has no version " + version, Map.of("app", app, "version", version));
  }

  @Override
  public Map<String, Object> extensions() {
    return extensions;
  }
}
