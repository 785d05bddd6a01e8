package dev.tollgate.registry.answer;

import dev.tollgate.registry.error.ErrorCode;
import java.util.EnumSet;
import java.util.Set;

/**
 * The HTTP status of a refusal in the media type the answer is written in (GraphQL over HTTP), the
 * same for both ways in: the gateway and the Spring Boot starter.
 *
 * <p>In {@code application/graphql-response+json}: its kind's status, except that an APQ miss is a
 * 200 (Apollo clients resend the text on it) and a document that does not parse or validate is a
 * 400.
 *
 * <p>In {@code application/json}, which clients that do not know the new media type ask for (Apollo
 * Client 3 sends {@code *}{@code /*}) and read only with a 2xx: every refusal of a well-formed
 * request is a 200 with the same body and headers, so {@code extensions.code} reaches the client's
 * error handling, as GitHub and Shopify answer their rate limits. What stays is what is about HTTP
 * itself or about the server: {@link #HTTP_LEVEL} (an unknown key, a mutation by GET, a body too
 * large, not JSON, or not a GraphQL request: the spec's 400 for invalid parameters) and every 5xx
 * (the server, its upstream or its budget store failed, not the request).
 */
public final class Statuses {

  /**
   * Refusals about HTTP itself, answered with their own status in both media types; {@code
   * BAD_REQUEST} is a body that is not JSON (or not UTF-8) or JSON that is not a GraphQL request.
   */
  private static final Set<ErrorCode> HTTP_LEVEL =
      EnumSet.of(
          ErrorCode.UNAUTHENTICATED,
          ErrorCode.METHOD_NOT_ALLOWED,
          ErrorCode.PAYLOAD_TOO_LARGE,
          ErrorCode.UNSUPPORTED_MEDIA_TYPE,
          ErrorCode.BAD_REQUEST);

  private Statuses() {}

  /** The status of a refusal with {@code code}; {@code graphqlResponse}: in that media type. */
  public static int of(ErrorCode code, boolean graphqlResponse) {
    int status =
        switch (code) {
          case PERSISTED_QUERY_NOT_FOUND -> 200;
          case GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED -> 400;
          default -> code.status();
        };
    if (graphqlResponse || status >= 500 || HTTP_LEVEL.contains(code)) {
      return status;
    }
    return 200;
  }
}
