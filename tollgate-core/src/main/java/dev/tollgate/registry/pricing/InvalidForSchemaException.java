package dev.tollgate.registry.pricing;

import dev.tollgate.registry.error.ErrorCode;
import java.util.List;
import java.util.Map;

/**
 * A registered operation that does not validate against the active schema (activated with {@code
 * force}): refused at runtime until its version is retired, without calling the upstream.
 */
final class InvalidForSchemaException extends PricingException {

  InvalidForSchemaException(List<String> errors) {
    super(
        ErrorCode.OPERATION_INVALID_FOR_SCHEMA,
        "this registered operation does not validate against the active schema: "
            + String.join("; ", errors),
        Map.of("errors", List.copyOf(errors)));
  }
}
