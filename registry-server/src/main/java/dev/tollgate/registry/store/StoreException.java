package dev.tollgate.registry.store;

import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.TollgateException;
import java.util.Map;

/** A refusal of the store: a conflicting or retired version, or a version that does not exist. */
public final class StoreException extends TollgateException {

  private StoreException(ErrorCode code, String message, Map<String, Object> extensions) {
    super(code, message, extensions);
  }

  static StoreException versionConflict(String app, String version) {
    return new StoreException(
        ErrorCode.VERSION_CONFLICT,
        "app " + app + " version " + version + " is already published with a different manifest",
        Map.of("app", app, "version", version));
  }

  static StoreException versionRetired(String app, String version) {
    return new StoreException(
        ErrorCode.VERSION_RETIRED,
        "app " + app + " version " + version + " is retired and cannot be published again",
        Map.of("app", app, "version", version));
  }

  static StoreException versionNotFound(String app, String version) {
    return new StoreException(
        ErrorCode.VERSION_NOT_FOUND,
        "app " + app + " has no version " + version,
        Map.of("app", app, "version", version));
  }
}
