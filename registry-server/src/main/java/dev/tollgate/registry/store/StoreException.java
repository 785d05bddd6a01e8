package dev.tollgate.registry.store;

import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.TollgateException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** A refusal of the store: a conflicting or retired version, or a version that does not exist. */
final class StoreException extends TollgateException {

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

  static StoreException aliasConflict(String app, List<VersionAliases.Conflict> conflicts) {
    List<VersionAliases.Conflict> sorted = new ArrayList<>(conflicts);
    sorted.sort(Comparator.comparing(VersionAliases.Conflict::alias));
    VersionAliases.Conflict first = sorted.get(0);
    List<Map<String, String>> extension = new ArrayList<>();
    sorted.forEach(conflict -> extension.add(conflict.asExtension()));
    return new StoreException(
        ErrorCode.ALIAS_CONFLICT,
        "custom document id "
            + first.alias()
            + " of app "
            + app
            + " names document "
            + first.activeId()
            + " in an active version and "
            + first.manifestId()
            + " in this manifest"
            + (sorted.size() > 1 ? " (and " + (sorted.size() - 1) + " more)" : ""),
        Map.of("app", app, "conflicts", extension));
  }

  static StoreException keyNotFound(String id) {
    return new StoreException(ErrorCode.KEY_NOT_FOUND, "no key with id " + id, Map.of("id", id));
  }

  static StoreException keyRevoked(String id) {
    return new StoreException(
        ErrorCode.KEY_REVOKED,
        "key " + id + " is revoked and cannot be rotated: issue a new one",
        Map.of("id", id));
  }

  static StoreException tokenNotFound(String id) {
    return new StoreException(
        ErrorCode.TOKEN_NOT_FOUND, "no token with id " + id, Map.of("id", id));
  }
}
