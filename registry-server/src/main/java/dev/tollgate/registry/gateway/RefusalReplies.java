package dev.tollgate.registry.gateway;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.admission.Refusal;
import dev.tollgate.registry.error.ErrorCode;
import java.util.Collections;
import java.util.Map;

/**
 * The gateway's refusals as answers: the error body with its code, the status for the media type,
 * {@code Cache-Control: no-cache} and, when a bucket is known, its balance in {@code
 * X-RateLimit-*}.
 */
final class RefusalReplies {

  private final ObjectMapper json;

  RefusalReplies(ObjectMapper json) {
    this.json = json;
  }

  GatewayAnswer refuse(Reply reply, Decision.Rejected rejected) {
    return refuse(reply, rejected, 0);
  }

  /**
   * @param elements when positive, the refused request was a JSON array of that many operations,
   *     answered with an array of as many copies of the error, so the code reaches each operation
   *     (Apollo's batch link hands element i to operation i)
   */
  GatewayAnswer refuse(Reply reply, Decision.Rejected rejected, int elements) {
    Refusal refusal = rejected.refusal();
    GatewayHeaders.rateLimit(reply.headers(), rejected.budget());
    GatewayHeaders.refusal(reply.headers(), refusal, rejected.budget());
    reply.header("Cache-Control", GatewayHeaders.NO_CACHE);
    Map<String, Object> error = GatewayBodies.error(refusal, rejected);
    Object body = elements > 0 ? Collections.nCopies(elements, error) : error;
    return reply.body(
        refusal.code(),
        GatewayHeaders.status(refusal, reply.graphqlResponse()),
        GatewayBodies.encode(json, body));
  }

  /**
   * The answer to a request whose credentials name nobody: nothing is charged and no balance is
   * reported, since no bucket is known.
   */
  GatewayAnswer unidentified(Reply reply, Callers.Unidentified nobody) {
    Refusal refusal = nobody.refusal();
    reply.header("Cache-Control", GatewayHeaders.NO_CACHE);
    if (nobody.retryAfterSeconds() > 0) {
      reply.header("Retry-After", Long.toString(nobody.retryAfterSeconds()));
    }
    return reply.body(
        refusal.code(),
        nobody.status(),
        GatewayBodies.encode(json, GatewayBodies.error(refusal, null)));
  }

  /** A 400 {@code BAD_REQUEST} saying {@code message}: no caller known, nothing charged. */
  GatewayAnswer badHeaders(Reply reply, String message) {
    Refusal refusal = new Refusal(ErrorCode.BAD_REQUEST, message);
    reply.header("Cache-Control", GatewayHeaders.NO_CACHE);
    return reply.body(
        refusal.code(),
        GatewayHeaders.status(refusal, reply.graphqlResponse()),
        GatewayBodies.encode(json, GatewayBodies.error(refusal, null)));
  }

  /** The 500 of a bug or a broken dependency, in the same shape, naming nothing internal. */
  GatewayAnswer internalError(Reply reply) {
    Refusal refusal = new Refusal(ErrorCode.INTERNAL_SERVER_ERROR, "internal server error");
    reply.header("Cache-Control", GatewayHeaders.NO_CACHE);
    return reply.body(
        refusal.code(), 500, GatewayBodies.encode(json, GatewayBodies.error(refusal, null)));
  }
}
