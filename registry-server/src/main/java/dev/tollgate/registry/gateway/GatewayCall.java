package dev.tollgate.registry.gateway;

import dev.tollgate.registry.admission.AdmissionRequest;
import dev.tollgate.registry.admission.TextLimit;
import dev.tollgate.registry.admission.Transport;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One {@code /graphql} request as the HTTP adapter hands it to the {@link Gateway}: who is calling,
 * how, the headers the answer depends on, and the operations, read only once the caller is known.
 *
 * @param apiKey the {@code X-API-Key} header; {@code null} for the anonymous caller
 * @param accept the {@code Accept} header, which picks the answer's media type
 * @param ifNoneMatch the {@code If-None-Match} header
 * @param operations reads the request's operations; may throw a {@code TollgateException} naming
 *     what is malformed, which the gateway answers as a refusal
 * @param headers the request's headers, read by name: those of {@code upstream.forwardHeaders} are
 *     forwarded to the upstream
 * @param identity who {@code apiKey} and {@code Authorization} name, when the transport has asked
 *     the gateway already ({@link Gateway#identify}, from the same headers, before the body), so
 *     that a request is identified once; {@code null}: the gateway identifies the caller
 */
public record GatewayCall(
    @Nullable String apiKey,
    Transport transport,
    @Nullable String accept,
    @Nullable String ifNoneMatch,
    Operations operations,
    Headers headers,
    Callers.@Nullable Identity identity) {

  /** For a caller the gateway identifies itself, from {@code apiKey} and {@code headers}. */
  public GatewayCall(
      @Nullable String apiKey,
      Transport transport,
      @Nullable String accept,
      @Nullable String ifNoneMatch,
      Operations operations,
      Headers headers) {
    this(apiKey, transport, accept, ifNoneMatch, operations, headers, null);
  }

  /** Without headers to forward. */
  public GatewayCall(
      @Nullable String apiKey,
      Transport transport,
      @Nullable String accept,
      @Nullable String ifNoneMatch,
      Operations operations) {
    this(apiKey, transport, accept, ifNoneMatch, operations, Headers.NONE);
  }

  /** A request's headers, by name, case-insensitively. */
  @FunctionalInterface
  public interface Headers {
    /** No headers. */
    Headers NONE = name -> List.of();

    /** Every value of the header {@code name}, in order; empty when absent. */
    List<String> values(String name);
  }

  /** Reads the operations of a request. */
  @FunctionalInterface
  public interface Operations {
    Read read();

    /**
     * Reads them for a caller whose query texts are bounded by {@code limit}: a reader that can
     * count a text before keeping it leaves one over the limit out ({@link
     * AdmissionRequest#textOverTokens()}); by default every text is read.
     */
    default Read read(TextLimit limit) {
      return read();
    }
  }

  /**
   * @param batch true when the request was a JSON array, even of one operation
   */
  public record Read(List<AdmissionRequest> operations, boolean batch) {
    public Read {
      operations = List.copyOf(operations);
    }
  }
}
