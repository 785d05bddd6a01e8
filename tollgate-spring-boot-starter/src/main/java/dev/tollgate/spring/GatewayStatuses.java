package dev.tollgate.spring;

import dev.tollgate.graphqljava.TollgateGraphQL;
import dev.tollgate.registry.admission.Decision;
import dev.tollgate.registry.admission.Refusal;
import dev.tollgate.registry.answer.Headers;
import dev.tollgate.registry.error.ErrorCode;
import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.GraphQLError;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Which in-process answers are Tollgate refusals, so that they get the gateway's status per media
 * type (the core's {@code answer.Statuses}; {@code docs/gateway.md}, "Every code and its status"):
 * an answer with no {@code data} whose first error's {@code extensions.code} is a Tollgate {@link
 * ErrorCode}; and the gateway's headers of the decision ({@link #headers}).
 */
final class GatewayStatuses {

  private static final Map<String, ErrorCode> BY_CODE = new HashMap<>();

  static {
    for (ErrorCode code : ErrorCode.values()) {
      BY_CODE.put(code.code(), code);
    }
  }

  private GatewayStatuses() {}

  /**
   * The gateway's headers of the answer {@code result} to {@code input} (the core's {@link
   * Headers}): those of Tollgate's decision, those of a refusal decided without a policy (an
   * unknown key), or none when Tollgate decided nothing.
   */
  static Map<String, String> headers(ExecutionInput input, ExecutionResult result) {
    Decision decision = TollgateGraphQL.decision(input.getGraphQLContext());
    if (decision != null) {
      return Headers.of(decision);
    }
    ErrorCode refusal = refusal(result);
    return refusal == null ? Map.of() : Headers.withoutPolicy(new Refusal(refusal, ""));
  }

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
}
