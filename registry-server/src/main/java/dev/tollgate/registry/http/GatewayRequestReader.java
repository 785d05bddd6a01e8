package dev.tollgate.registry.http;

import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.StreamReadFeature;
import dev.tollgate.registry.admission.AdmissionRequest;
import dev.tollgate.registry.admission.TextLimit;
import dev.tollgate.registry.admission.Transport;
import dev.tollgate.registry.error.ErrorCode;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads a {@code /graphql} request into {@link AdmissionRequest}s: a POST body (JSON object, or an
 * array for a batch) or GET query parameters. The document id may come as {@code documentId},
 * Relay's {@code doc_id} or {@code id}, or {@code extensions.persistedQuery.sha256Hash}; a SHA-256
 * is an id, anything else of 1 to 200 printable ASCII characters a custom id (an alias). Every
 * malformed input is a {@link GatewayRequestException} naming what is wrong.
 *
 * <p>The body is read by Jackson's streaming parser ({@link JsonRequestBody}), never into a tree,
 * and a {@code query} text is counted against the caller's token limit before it becomes a {@code
 * String}: a token flood is refused without a copy or a hash of its text (issue 28).
 */
final class GatewayRequestReader {

  /** The persisted-document request media type of the GraphQL over HTTP draft. */
  static final String GRAPHQL_REQUEST_JSON = "application/graphql-request+json";

  private static final List<String> TEXT_PARAMETERS =
      List.of("documentId", "doc_id", "id", "operationName");
  private static final List<String> JSON_PARAMETERS = List.of("variables", "extensions");

  private static final VarHandle EIGHT_BYTES =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long HIGH_BITS = 0x8080808080808080L;

  private final JsonRequestBody json;
  private final long maxBodyBytes;
  private final boolean requestMediaType;

  /**
   * @param requestMediaType whether a body may also come as {@value #GRAPHQL_REQUEST_JSON}
   */
  GatewayRequestReader(long maxBodyBytes, boolean requestMediaType) {
    this.json =
        new JsonRequestBody(
            new JsonFactoryBuilder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build());
    this.maxBodyBytes = maxBodyBytes;
    this.requestMediaType = requestMediaType;
  }

  /**
   * The requests of a POST (or QUERY) body; {@code batch} when the body is an array. A {@code
   * query} text over {@code limit} is not kept ({@link AdmissionRequest#textOverTokens()}).
   */
  ParsedRequest readPost(
      @Nullable String contentType,
      long contentLength,
      InputStream body,
      Transport transport,
      TextLimit limit) {
    if (!isJson(contentType)) {
      throw new GatewayRequestException(
          ErrorCode.UNSUPPORTED_MEDIA_TYPE,
          "Content-Type must be "
              + (requestMediaType
                  ? "application/json or " + GRAPHQL_REQUEST_JSON
                  : "application/json")
              + ", got: "
              + (contentType == null ? "none" : contentType));
    }
    JsonRequestBody.Parsed parsed = parseBody(bounded(contentLength, body), limit);
    List<AdmissionRequest> requests = new ArrayList<>(parsed.requests().size());
    for (RequestFields fields : parsed.requests()) {
      requests.add(fields.request(transport));
    }
    return new ParsedRequest(requests, parsed.batch());
  }

  /** The media types a body may come as, comma-separated. */
  String mediaTypes() {
    return requestMediaType ? "application/json, " + GRAPHQL_REQUEST_JSON : "application/json";
  }

  /**
   * The request of GET query parameters ({@code variables} and {@code extensions} JSON-encoded).
   */
  ParsedRequest readGet(Map<String, List<String>> parameters, TextLimit limit) {
    RequestFields fields = new RequestFields();
    String query = single(parameters, "query");
    if (query != null) {
      int over = limit.exceededBy(query);
      if (over > 0) {
        fields.queryOverTokens(over);
      } else {
        fields.queryText(query);
      }
    }
    for (String name : TEXT_PARAMETERS) {
      fields.set(name, single(parameters, name));
    }
    for (String name : JSON_PARAMETERS) {
      String value = single(parameters, name);
      if (value != null && !value.isEmpty()) {
        fields.set(name, json.value(value, name));
      }
    }
    return new ParsedRequest(List.of(fields.request(Transport.GET)), false);
  }

  /**
   * The body as JSON. Jackson reads the bytes itself, without a decoded copy of them, once they are
   * known to be valid UTF-8: at once when they are all ASCII (every request we have seen), through
   * a strict decoder otherwise, since Jackson lets some malformed sequences through.
   */
  private JsonRequestBody.Parsed parseBody(byte[] body, TextLimit limit) {
    return isAscii(body) ? json.asciiRequests(body, limit) : json.requests(utf8(body), limit);
  }

  /**
   * Whether no byte has its high bit set, eight bytes at a time: half the time of a byte loop on
   * the 66 KB token flood (9 against 19 us, side by side on the shared machine).
   */
  private static boolean isAscii(byte[] bytes) {
    int i = 0;
    for (; i + Long.BYTES <= bytes.length; i += Long.BYTES) {
      if (((long) EIGHT_BYTES.get(bytes, i) & HIGH_BITS) != 0) {
        return false;
      }
    }
    for (; i < bytes.length; i++) {
      if (bytes[i] < 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * The body, read up to the size limit: 413 when the declared or the actual length is above it.
   */
  private byte[] bounded(long contentLength, InputStream body) {
    try {
      return RequestBodies.read(contentLength, body, maxBodyBytes);
    } catch (IOException | org.eclipse.jetty.http.BadMessageException e) {
      throw GatewayRequestException.badRequest("cannot read the request body");
    }
  }

  private static String utf8(byte[] body) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(body))
          .toString();
    } catch (CharacterCodingException e) {
      throw GatewayRequestException.badRequest("request body is not valid UTF-8");
    }
  }

  private static @Nullable String single(Map<String, List<String>> parameters, String name) {
    List<String> values = parameters.get(name);
    if (values == null || values.isEmpty()) {
      return null;
    }
    if (values.size() > 1) {
      throw GatewayRequestException.badRequest(
          "query parameter " + name + " is given more than once");
    }
    return values.get(0);
  }

  private boolean isJson(@Nullable String contentType) {
    if (contentType == null) {
      return false;
    }
    String mediaType = contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
    return mediaType.equals("application/json")
        || requestMediaType && mediaType.equals(GRAPHQL_REQUEST_JSON);
  }

  /** The operations of one HTTP request; {@code batch} when they came as a JSON array. */
  record ParsedRequest(List<AdmissionRequest> operations, boolean batch) {}
}
