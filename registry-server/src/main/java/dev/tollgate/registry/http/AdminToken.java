package dev.tollgate.registry.http;

/**
 * A bearer token for the {@code /v1} API, with its scope. The token is never logged.
 *
 * @param name for logs; in a config file it defaults to {@code token<index>}
 */
public record AdminToken(String name, String token, Scope scope) {

  /** What a token may do when the config file does not say. */
  public static final Scope DEFAULT_SCOPE = Scope.PUBLISH;

  public AdminToken {
    if (token.isBlank()) {
      throw new IllegalArgumentException("token must not be blank");
    }
  }

  /**
   * What an admin token may do: publish manifests, or also retire versions; or, {@code READ}, only
   * follow the registry (its snapshot and change feed, {@code /v1/registry/...}), as an in-process
   * instance does.
   */
  public enum Scope {
    PUBLISH,
    ADMIN,
    READ
  }

  @Override
  public String toString() {
    return "AdminToken[name=" + name + ", scope=" + scope + "]";
  }
}
