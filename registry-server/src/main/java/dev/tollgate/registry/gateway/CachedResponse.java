package dev.tollgate.registry.gateway;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.util.RawValue;
import dev.tollgate.registry.admission.BudgetCharge;
import dev.tollgate.registry.admission.Decision;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One upstream answer as the {@link ResponseCache} holds it: the response body serialised once and
 * cut around the values of {@code extensions.cost} and {@code extensions.rateLimit}, which change
 * with each request and are written in between, so a hit never re-serialises the body. The result
 * is byte for byte what {@link GatewayBodies#result} serialises to, and the ETag is the same hash
 * of it without {@code extensions.rateLimit}. Immutable: the arrays are never handed out.
 */
final class CachedResponse {

  /**
   * Stand-ins for our two values, written raw: Jackson escapes every control character inside
   * strings, so these bytes cannot occur anywhere else in its output.
   */
  private static final byte COST = 1;

  private static final byte RATE_LIMIT = 2;

  /** The body up to the value of {@code extensions.cost}; the ETag's input starts the same way. */
  private final byte[] head;

  /** Between the values of {@code extensions.cost} and {@code extensions.rateLimit}. */
  private final byte[] middle;

  private final byte[] tail;

  /** What follows {@code extensions.cost} in the body without {@code extensions.rateLimit}. */
  private final byte[] etagTail;

  private final @Nullable Long actual;
  private final long etagCost;
  private final long etagMaxCost;
  private final @Nullable String etagWouldRefuse;
  private final String etag;
  private final long storedAtNanos;
  private final int maxAgeSeconds;

  private CachedResponse(
      byte[] body,
      int cost,
      int rateLimit,
      byte[] etagSource,
      Decision.Admitted admitted,
      long storedAtNanos,
      int maxAgeSeconds) {
    this.head = Arrays.copyOfRange(body, 0, cost);
    this.middle = Arrays.copyOfRange(body, cost + 1, rateLimit);
    this.tail = Arrays.copyOfRange(body, rateLimit + 1, body.length);
    this.etagTail = Arrays.copyOfRange(etagSource, cost + 1, etagSource.length);
    this.actual = admitted.actual();
    this.etagCost = admitted.cost();
    this.etagMaxCost = admitted.maxCost();
    this.etagWouldRefuse = admitted.wouldRefuse();
    this.etag = GatewayHeaders.etag(concat(head, cost(admitted), etagTail));
    this.storedAtNanos = storedAtNanos;
    this.maxAgeSeconds = maxAgeSeconds;
  }

  /** {@link #of(ObjectMapper, Map, Decision.Admitted, long, int)} with no max-age of its own. */
  static CachedResponse of(
      ObjectMapper json,
      Map<String, @Nullable Object> body,
      Decision.Admitted admitted,
      long storedAtNanos) {
    return of(json, body, admitted, storedAtNanos, Integer.MAX_VALUE);
  }

  /**
   * The upstream's {@code body}, ready to be answered to {@code admitted} and to later requests.
   *
   * @param maxAgeSeconds the longest it may be served (the upstream's {@code max-age} or the
   *     caller's, whichever is shorter)
   */
  static CachedResponse of(
      ObjectMapper json,
      Map<String, @Nullable Object> body,
      Decision.Admitted admitted,
      long storedAtNanos,
      int maxAgeSeconds) {
    Map<String, @Nullable Object> template =
        GatewayBodies.resultWith(
            body,
            new RawValue(String.valueOf((char) COST)),
            new RawValue(String.valueOf((char) RATE_LIMIT)));
    byte[] bytes = GatewayBodies.encode(json, template);
    byte[] etagSource = GatewayBodies.encode(json, GatewayBodies.withoutRateLimit(template));
    int cost = onlyIndexOf(bytes, COST);
    int rateLimit = onlyIndexOf(bytes, RATE_LIMIT);
    // Our extensions come last, cost first, and everything before them is the same in both.
    boolean cut =
        cost >= 0
            && rateLimit > cost
            && onlyIndexOf(etagSource, COST) == cost
            && onlyIndexOf(etagSource, RATE_LIMIT) == -1
            && Arrays.equals(bytes, 0, cost, etagSource, 0, cost);
    if (!cut) {
      throw new IllegalStateException("cannot cut a response body around its extensions");
    }
    return new CachedResponse(
        bytes, cost, rateLimit, etagSource, admitted, storedAtNanos, maxAgeSeconds);
  }

  /** The body answered to {@code admitted}: the stored bytes with its cost and rate limit. */
  byte[] body(Decision.Admitted admitted) {
    return concat(
        head, cost(admitted), middle, rateLimit(admitted.budget(), admitted.refunded()), tail);
  }

  /** The actual cost measured on the answer when it was stored, reused by every hit. */
  @Nullable Long actual() {
    return actual;
  }

  /**
   * The strong ETag of the body answered to {@code admitted} (it holds the caller's cost limit).
   */
  String etag(Decision.Admitted admitted) {
    if (admitted.cost() == etagCost
        && Objects.equals(admitted.actual(), actual)
        && admitted.maxCost() == etagMaxCost
        && Objects.equals(admitted.wouldRefuse(), etagWouldRefuse)) {
      return etag;
    }
    return GatewayHeaders.etag(concat(head, cost(admitted), etagTail));
  }

  long storedAtNanos() {
    return storedAtNanos;
  }

  /** How long this answer may be served, in seconds, whoever asks. */
  int maxAgeSeconds() {
    return maxAgeSeconds;
  }

  /** Roughly the bytes this entry holds, for the cache's weigher. */
  int weight() {
    return head.length + middle.length + tail.length + etagTail.length + etag.length() + 64;
  }

  /**
   * {@code {"estimated":..,"max":..,"wouldRefuse"?:..}}, as Jackson writes {@link
   * GatewayBodies#extensions}.
   */
  private static byte[] cost(Decision.Admitted admitted) {
    // a refusal code is upper-case ASCII letters and underscores: nothing to escape
    String wouldRefuse =
        admitted.wouldRefuse() == null ? "" : ",\"wouldRefuse\":\"" + admitted.wouldRefuse() + '"';
    String actual = admitted.actual() == null ? "" : ",\"actual\":" + admitted.actual();
    return ascii(
        "{\"estimated\":"
            + admitted.cost()
            + ",\"max\":"
            + admitted.maxCost()
            + actual
            + wouldRefuse
            + '}');
  }

  /**
   * {@code {"cost":..,"remaining":..,"resetIn":..}}, as Jackson writes {@link
   * GatewayBodies#extensions}.
   */
  private static byte[] rateLimit(BudgetCharge budget, @Nullable Long refunded) {
    return ascii(
        "{\"cost\":"
            + budget.charged()
            + ",\"remaining\":"
            + budget.remaining()
            + ",\"resetIn\":"
            + budget.resetInSeconds()
            + (refunded == null ? "" : ",\"refunded\":" + refunded)
            + '}');
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  private static byte[] concat(byte[]... parts) {
    int length = 0;
    for (byte[] part : parts) {
      length += part.length;
    }
    byte[] out = new byte[length];
    int at = 0;
    for (byte[] part : parts) {
      System.arraycopy(part, 0, out, at, part.length);
      at += part.length;
    }
    return out;
  }

  /**
   * The index of the one {@code value} in {@code bytes}; -1 when there is none or more than one.
   */
  private static int onlyIndexOf(byte[] bytes, byte value) {
    int found = -1;
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] != value) {
        continue;
      }
      if (found >= 0) {
        return -1;
      }
      found = i;
    }
    return found;
  }
}
