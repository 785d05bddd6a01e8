package dev.tollgate.registry.publish;

import java.util.regex.Pattern;

/**
 * An {@code (app, version)} pair as clients name it: each 1 to 100 of {@code [A-Za-z0-9._-]}.
 *
 * @throws PublishException {@code INVALID_APP_NAME} or {@code INVALID_VERSION_NAME}, naming the
 *     value
 */
public record VersionRef(String app, String version) {

  static final String NAME_PATTERN = "[A-Za-z0-9._-]{1,100}";
  private static final Pattern NAME = Pattern.compile(NAME_PATTERN);

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
  }
}
