package dev.tollgate.registry.http;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A {@code GET /graphql}'s query string as parameters: {@code name=value} pairs split at {@code &},
 * each part decoded as UTF-8 ({@code +} a space, {@code %XX} a byte; a malformed escape such as
 * {@code %zz} kept as it is and a malformed UTF-8 sequence as U+FFFD, so the parameter it spoils is
 * refused by what reads it, never dropped). A part with nothing to decode is a substring.
 *
 * <p>Written here because it is on every registered GET: Javalin's {@code ctx.queryParamMap()}
 * (Kotlin splits, a {@code URLDecoder} per part) was 6.6% of a registered GET's CPU in a profile of
 * the load test, and Jetty's {@code UrlEncoded} 5.4%, with a fifth of the request's allocated bytes
 * (a {@code char[]} copy of the query and a growing builder per value).
 */
final class QueryParameters {

  private QueryParameters() {}

  /** Each parameter's values, in order; empty for a request without a query string. */
  static Map<String, List<String>> of(@Nullable String query) {
    Map<String, List<String>> parameters = new HashMap<>(8);
    if (query == null) {
      return parameters;
    }
    int start = 0;
    while (start < query.length()) {
      int end = query.indexOf('&', start);
      if (end < 0) {
        end = query.length();
      }
      if (end > start) {
        int equals = query.indexOf('=', start);
        boolean valued = equals >= 0 && equals < end;
        String name = decode(query, start, valued ? equals : end);
        String value = valued ? decode(query, equals + 1, end) : "";
        parameters.computeIfAbsent(name, n -> new ArrayList<>(1)).add(value);
      }
      start = end + 1;
    }
    return parameters;
  }

  /** {@code text[from, to)} decoded. */
  static String decode(String text, int from, int to) {
    int plain = from;
    while (plain < to && isPlain(text.charAt(plain))) {
      plain++;
    }
    if (plain == to) {
      return text.substring(from, to);
    }
    byte[] bytes = new byte[(to - from) * 3]; // a char is at most three UTF-8 bytes
    int length = 0;
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      int high;
      int low;
      if (c == '+') {
        bytes[length++] = ' ';
      } else if (c == '%'
          && i + 2 < to
          && (high = Character.digit(text.charAt(i + 1), 16)) >= 0
          && (low = Character.digit(text.charAt(i + 2), 16)) >= 0) {
        bytes[length++] = (byte) (high << 4 | low);
        i += 2;
      } else if (c < 0x80) {
        bytes[length++] = (byte) c;
      } else {
        // a character the client sent unescaped: its UTF-8 bytes (a surrogate pair's together)
        int chars = Character.isHighSurrogate(c) && i + 1 < to ? 2 : 1;
        byte[] encoded = text.substring(i, i + chars).getBytes(StandardCharsets.UTF_8);
        System.arraycopy(encoded, 0, bytes, length, encoded.length);
        length += encoded.length;
        i += chars - 1;
      }
    }
    return new String(bytes, 0, length, StandardCharsets.UTF_8);
  }

  private static boolean isPlain(char c) {
    return c != '%' && c != '+' && c < 0x80;
  }
}
