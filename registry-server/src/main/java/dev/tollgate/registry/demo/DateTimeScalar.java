package dev.tollgate.registry.demo;

import graphql.GraphQLContext;
import graphql.execution.CoercedVariables;
import graphql.language.StringValue;
import graphql.language.Value;
import graphql.schema.Coercing;
import graphql.schema.CoercingParseLiteralException;
import graphql.schema.CoercingParseValueException;
import graphql.schema.CoercingSerializeException;
import graphql.schema.GraphQLScalarType;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/** {@code DateTime}: an ISO-8601 instant with an offset on the wire, an {@link Instant} inside. */
final class DateTimeScalar implements Coercing<Instant, String> {

  static final GraphQLScalarType TYPE =
      GraphQLScalarType.newScalar()
          .name("DateTime")
          .description("An ISO-8601 date-time with an offset, such as 2026-10-01T08:00:00Z.")
          .coercing(new DateTimeScalar())
          .build();

  @Override
  public String serialize(Object value, GraphQLContext context, Locale locale) {
    if (value instanceof Instant instant) {
      return instant.toString();
    }
    throw new CoercingSerializeException(
        "DateTime cannot serialize " + value.getClass().getSimpleName());
  }

  @Override
  public Instant parseValue(Object input, GraphQLContext context, Locale locale) {
    if (input instanceof String text) {
      return parse(text, CoercingParseValueException::new);
    }
    throw new CoercingParseValueException(
        "DateTime must be a string, not " + input.getClass().getSimpleName());
  }

  @Override
  public Instant parseLiteral(
      Value<?> input, CoercedVariables variables, GraphQLContext context, Locale locale) {
    if (input instanceof StringValue text) {
      return parse(String.valueOf(text.getValue()), CoercingParseLiteralException::new);
    }
    throw new CoercingParseLiteralException("DateTime must be a string literal");
  }

  private static Instant parse(
      String text, java.util.function.Function<String, RuntimeException> error) {
    try {
      return OffsetDateTime.parse(text).toInstant();
    } catch (DateTimeParseException e) {
      throw error.apply(
          "DateTime must be ISO-8601 with an offset, such as 2026-10-01T08:00:00Z: " + text);
    }
  }
}
