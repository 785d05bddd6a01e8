package dev.tollgate.registry.gateway;

import dev.tollgate.registry.admission.AdmissionRequest;
import dev.tollgate.registry.admission.Transport;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One {@code /graphql} request as the HTTP adapter hands it to the {@link Gateway}: who is calling,
 * how, the headers the answer depends on, and the operations, read only once the caller is known.
 *
 * @param apiKey the {@code X-API-Key} header; {@code null} for the anonymous caller
 * @param accept the {@code Accept} header, which picks the answer's media type
 * @param ifNoneMatch the {@code If-None-Match} header
 * @param headers every request header by its lower-cased name, each with its values in order: the
 *     credentials the upstream's answer depends on (the response cache keys on them)
 * @param operations reads the request's operations; may throw a {@code TollgateException} naming
 *     what is malformed, which the gateway answers as a refusal
 */
public record GatewayCall(
    @Nullable String apiKey,
    Transport transport,
    @Nullable String accept,
    @Nullable String ifNoneMatch,
    Map<String, List<String>> headers,
    Operations operations) {

  public GatewayCall {
    headers = Map.copyOf(headers);
  }

  /** Without any other request header. */
  public GatewayCall(
      @Nullable String apiKey,
      Transport transport,
      @Nullable String accept,
      @Nullable String ifNoneMatch,
      Operations operations) {
    this(apiKey, transport, accept, ifNoneMatch, Map.of(), operations);
  }

  /** Reads the operations of a request. */
  @FunctionalInterface
  public interface Operations {
    Read read();
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
