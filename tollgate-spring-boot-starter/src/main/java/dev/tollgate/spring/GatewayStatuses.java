package dev.tollgate.spring;

import dev.tollgate.registry.error.ErrorCode;
import graphql.ExecutionResult;
import graphql.GraphQLError;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The gateway's status of a refusal in each media type ({@code docs/gateway.md}, "Every code and
 * its status"; the gateway's {@code GatewayHeaders.status}), read from an in-process answer: a
 * refusal is an answer with no {@code data} whose first error's {@code extensions.code} is a
 * Tollgate {@link ErrorCode}.
 *
 * <p>In {@code application/graphql-response+json}: the code's status, except that an APQ miss is a
 * 200 and a document that does not parse or validate is a 400. In {@code application/json}: 200,
 * except what is about HTTP itself (an unknown key, a mutation by GET, ...) and the 5xx, which keep
 * their status in both.
 */
final class GatewayStatuses {

  /** The refusals that keep their status in both media types, as in the gateway. */
  private static final Set<ErrorCode> HTTP_LEVEL =
      EnumSet.of(
          ErrorCode.UNAUTHENTICATED,
          ErrorCode.METHOD_NOT_ALLOWED,
          ErrorCode.PAYLOAD_TOO_LARGE,
          ErrorCode.UNSUPPORTED_MEDIA_TYPE,
          ErrorCode.BAD_REQUEST);

  private static final Map<String, ErrorCode> BY_CODE = new HashMap<>();

  static {
    for (ErrorCode code : ErrorCode.values()) {
      BY_CODE.put(code.code(), code);
    }
  }

  private GatewayStatuses() {}

  /** The refusal's code, or null when {@code result} is not a Tollgate refusal. */
  static @Nullable ErrorCode refusal(ExecutionResult result) {
    List<GraphQLError> errors = result.getErrors();
    if (result.isDataPresent() || errors.isEmpty()) {
      return null;
    }
    Map<String, Object> extensions = errors.get(0).getExtensions();
    Object code = extensions == null ? null : extensions.get("code");
    return code instanceof String name ? BY_CODE.get(name) : null;
  }

  /** The gateway's status for a refusal with {@code code} in the answer's media type. */
  static int status(ErrorCode code, boolean graphqlResponse) {
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
