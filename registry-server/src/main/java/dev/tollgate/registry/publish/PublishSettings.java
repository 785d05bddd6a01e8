package dev.tollgate.registry.publish;

import java.util.regex.Pattern;

/**
 * The {@code registry} section: what publishing and retiring allow.
 *
 * @param retireProtectionDays retiring a version that served requests within this many days is
 *     refused (409 {@code VERSION_IN_USE}) unless forced ({@code ?force=true}); 0 protects none
 * @param snapshotVersions a glob ({@code *} any run of characters, {@code ?} one) naming the
 *     versions whose manifest a later publication may replace (recorded in the version's history);
 *     every other version is immutable (409 {@code VERSION_CONFLICT}). Empty: none.
 */
public record PublishSettings(String snapshotVersions, int retireProtectionDays) {

  public static final PublishSettings DEFAULTS = new PublishSettings("*-SNAPSHOT", 7);

  public PublishSettings {
    if (retireProtectionDays < 0) {
      throw new IllegalArgumentException(
          "registry.retireProtectionDays must not be negative: " + retireProtectionDays);
    }
  }

  /** Whether {@code version} matches {@link #snapshotVersions}. */
  public boolean isSnapshot(String version) {
    if (snapshotVersions.isEmpty()) {
      return false;
    }
    StringBuilder regex = new StringBuilder();
    for (char c : snapshotVersions.toCharArray()) {
      switch (c) {
        case '*' -> regex.append(".*");
        case '?' -> regex.append('.');
        default -> regex.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return version.matches(regex.toString());
  }
}
