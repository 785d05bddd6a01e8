package dev.tollgate.registry.http;

import java.util.List;
import java.util.function.ToIntFunction;
import org.jspecify.annotations.Nullable;

/**
 * A request that sends a credential header on more than one line is refused (400 {@code
 * BAD_REQUEST}) from its headers, on {@code /graphql} ({@link UnknownKeyGuard}) and on the {@code
 * /v1} routes ({@link AdminAuth}): which of two keys or tokens speaks for the caller would be a
 * guess, and taking the first would let a proxy that appends one be overruled by the client.
 */
final class RepeatedCredentials {

  /** The credential headers, as their refusals name them. */
  static final List<String> HEADERS = List.of("X-API-Key", "Authorization");

  private RepeatedCredentials() {}

  /**
   * The refusal's message, {@code send one X-API-Key header, not 2} (the values are never in it),
   * or {@code null} when each credential header comes once at most.
   *
   * @param lines how many header lines of a name (any case) the request has
   */
  static @Nullable String refusal(ToIntFunction<String> lines) {
    for (String name : HEADERS) {
      int count = lines.applyAsInt(name);
      if (count > 1) {
        return "send one " + name + " header, not " + count;
      }
    }
    return null;
  }
}
