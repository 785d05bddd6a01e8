package dev.tollgate.registry.upstream;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The JSON object an upstream answered: either the bytes it sent, read once with a streaming parser
 * that notes where {@code extensions} sits (so the gateway writes its own extensions into those
 * bytes instead of re-serialising the whole answer) and builds only {@code data}, which the actual
 * cost walks; or, from the in-process demo service, a map.
 *
 * <p>An answer the scan cannot splice safely (a repeated {@code data} or {@code extensions} member,
 * an {@code extensions} that is neither an object nor {@code null}) is served as before: parsed
 * whole ({@link #asMap}) and re-serialised.
 */
public final class UpstreamBody {

  private static final byte[] NAME = "\"extensions\":".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] COMMA_NAME = ",\"extensions\":".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] NO_BYTES = new byte[0];

  private final byte @Nullable [] bytes;
  private final @Nullable ObjectReader reader;
  private final @Nullable Object data;
  private final boolean errors;
  private final boolean dataOrErrors;
  private final boolean spliceable;

  /** The value of {@code extensions}: [start, end) in {@link #bytes}; -1 when absent. */
  private final int extensionsStart;

  private final int extensionsEnd;

  /** The top-level closing brace; whether a member precedes it. */
  private final int close;

  private final boolean members;

  private @Nullable Map<String, @Nullable Object> map;

  private UpstreamBody(Map<String, @Nullable Object> map) {
    this.bytes = null;
    this.reader = null;
    this.map = map;
    this.data = map.get("data");
    this.errors = map.get("errors") != null;
    this.dataOrErrors = map.containsKey("data") || map.containsKey("errors");
    this.spliceable = false;
    this.extensionsStart = -1;
    this.extensionsEnd = -1;
    this.close = -1;
    this.members = !map.isEmpty();
  }

  private UpstreamBody(byte[] bytes, ObjectReader reader, Scan scan) {
    this.bytes = bytes;
    this.reader = reader;
    this.data = scan.data;
    this.errors = scan.errors;
    this.dataOrErrors = scan.hasData || scan.hasErrors;
    this.spliceable = !scan.odd;
    this.extensionsStart = scan.extensionsStart;
    this.extensionsEnd = scan.extensionsEnd;
    this.close = scan.close;
    this.members = scan.members;
  }

  /** An answer held as a map (the in-process demo service's). */
  public static UpstreamBody of(Map<String, @Nullable Object> map) {
    return new UpstreamBody(map);
  }

  /**
   * The answer {@code bytes}, read once; {@code null} when they are not one JSON object.
   *
   * @param reader reads JSON objects as {@code LinkedHashMap}s ({@link UpstreamAnswers#reader})
   */
  static @Nullable UpstreamBody read(ObjectReader reader, byte[] bytes) {
    try (JsonParser parser = reader.createParser(bytes)) {
      Scan scan = Scan.of(parser, reader);
      return scan == null ? null : new UpstreamBody(bytes, reader, scan);
    } catch (IOException e) {
      return null;
    }
  }

  /** The answer's {@code data}: a map when it is an object, else {@code null} or what it was. */
  public @Nullable Object data() {
    return data;
  }

  /** Whether the answer has a {@code data} or an {@code errors} member: a GraphQL response. */
  boolean dataOrErrors() {
    return dataOrErrors;
  }

  /** Whether the answer has {@code errors} (a member that is not {@code null}). */
  public boolean hasErrors() {
    return errors;
  }

  /** The whole answer as a map, parsed on first use when it came as bytes. */
  public Map<String, @Nullable Object> asMap() {
    Map<String, @Nullable Object> current = map;
    if (current == null) {
      current = parse(0, bytes().length);
      map = current;
    }
    return current;
  }

  /** Whether {@link #withExtensions} may be used: the answer came as bytes the scan could cut. */
  public boolean spliceable() {
    return spliceable;
  }

  /** The upstream's own {@code extensions} object, or {@code null} when it sent none. */
  public @Nullable Map<String, @Nullable Object> extensions() {
    if (!spliceable) {
      return asMap().get("extensions") instanceof Map<?, ?> ext ? cast(ext) : null;
    }
    if (extensionsStart < 0 || bytes()[extensionsStart] != '{') {
      return null;
    }
    return parse(extensionsStart, extensionsEnd - extensionsStart);
  }

  /**
   * The answer's bytes with {@code value} (a JSON object) as the value of {@code extensions}: in
   * place of the upstream's own, or as a last member. Only when {@link #spliceable}.
   */
  public byte[] withExtensions(byte[] value) {
    byte[] body = bytes();
    if (!spliceable) {
      throw new IllegalStateException("this answer cannot be spliced");
    }
    if (extensionsStart >= 0) {
      return concat(body, extensionsStart, value, NO_BYTES, extensionsEnd);
    }
    byte[] name = members ? COMMA_NAME : NAME;
    return concat(body, close, name, value, close);
  }

  /** {@code body[0, upTo) + a + b + body[from, end)}. */
  private static byte[] concat(byte[] body, int upTo, byte[] a, byte[] b, int from) {
    byte[] out = new byte[upTo + a.length + b.length + body.length - from];
    System.arraycopy(body, 0, out, 0, upTo);
    System.arraycopy(a, 0, out, upTo, a.length);
    System.arraycopy(b, 0, out, upTo + a.length, b.length);
    System.arraycopy(body, from, out, upTo + a.length + b.length, body.length - from);
    return out;
  }

  private byte[] bytes() {
    byte[] current = bytes;
    if (current == null) {
      throw new IllegalStateException("an answer held as a map has no bytes");
    }
    return current;
  }

  private Map<String, @Nullable Object> parse(int offset, int length) {
    ObjectReader current = reader;
    if (current == null) {
      throw new IllegalStateException("an answer held as a map has no bytes");
    }
    try {
      return current.readValue(bytes(), offset, length);
    } catch (IOException e) {
      throw new UncheckedIOException("an answer read once cannot be read again", e);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, @Nullable Object> cast(Map<?, ?> map) {
    return (Map<String, @Nullable Object>) map;
  }

  /** What one pass over the answer found. */
  private static final class Scan {
    @Nullable Object data;
    boolean hasData;
    boolean hasErrors;
    boolean errors;
    boolean odd;
    boolean members;
    int extensionsStart = -1;
    int extensionsEnd = -1;
    int close = -1;

    /** Reads the object {@code parser} starts with; {@code null} when it does not start one. */
    static @Nullable Scan of(JsonParser parser, ObjectReader reader) throws IOException {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return null;
      }
      Scan scan = new Scan();
      for (JsonToken token = parser.nextToken();
          token == JsonToken.FIELD_NAME;
          token = parser.nextToken()) {
        scan.members = true;
        String name = parser.currentName();
        JsonToken value = parser.nextToken();
        switch (name) {
          case "data" -> scan.data(parser, reader, value);
          case "errors" -> scan.errors(parser, value);
          case "extensions" -> scan.extensions(parser, value);
          default -> parser.skipChildren();
        }
      }
      if (parser.currentToken() != JsonToken.END_OBJECT) {
        return null;
      }
      scan.close = offset(parser);
      return scan;
    }

    private void data(JsonParser parser, ObjectReader reader, JsonToken value) throws IOException {
      odd |= hasData;
      hasData = true;
      if (value == JsonToken.START_OBJECT) {
        data = reader.readValue(parser);
      } else {
        data = null;
        parser.skipChildren();
      }
    }

    private void errors(JsonParser parser, JsonToken value) throws IOException {
      hasErrors = true;
      errors = value != JsonToken.VALUE_NULL;
      parser.skipChildren();
    }

    private void extensions(JsonParser parser, JsonToken value) throws IOException {
      odd |= extensionsStart >= 0;
      extensionsStart = offset(parser);
      if (value == JsonToken.START_OBJECT) {
        parser.skipChildren();
        extensionsEnd = offset(parser) + 1;
      } else if (value == JsonToken.VALUE_NULL) {
        extensionsEnd = extensionsStart + 4;
      } else {
        odd = true;
        parser.skipChildren();
      }
    }

    /** Where the current token starts: a byte offset, as the parser reads a byte array. */
    private static int offset(JsonParser parser) {
      return (int) parser.currentTokenLocation().getByteOffset();
    }
  }
}
