package dev.tollgate.registry.publish;

import java.util.regex.Pattern;

/**
 * An {@code (app, version)} pair as clients name it: each 1 to 100 of {@code [A-Za-z0-9._-]}, and
 * not only dots ({@code .}, {@code ..} and {@code ...} are path segments that clients and proxies
 * normalise away, so a version named so could not be addressed).
 *
 * @throws PublishException {@code INVALID_APP_NAME} or {@code INVALID_VERSION_NAME}, naming the
 *     value
 */
public record VersionRef(String app, String version) {

  static final String NAME_PATTERN = "[A-Za-z0-9._-]{1,100}";
  private static final Pattern NAME = Pattern.compile(NAME_PATTERN);
  private static final Pattern ONLY_DOTS = Pattern.compile("\\.+");

  public VersionRef {
    requireName("app", app);
    requireName("version", version);
  }

  /**
   * @throws PublishException {@code INVALID_APP_NAME}
   */
  public static String requireApp(String app) {
    requireName("app", app);
    return app;
  }

  private static void requireName(String what, String value) {
    if (!NAME.matcher(value).matches()) {
      throw PublishException.invalidName(what, value);
    }
    if (ONLY_DOTS.matcher(value).matches()) {
      throw PublishException.onlyDots(what, value);
    }
  }
}
