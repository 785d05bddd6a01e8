package dev.tollgate.registry.http;

import dev.tollgate.registry.ErrorKind;
import dev.tollgate.registry.TollgateException;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place where exceptions of the {@code /v1} API become HTTP responses: a JSON body
 * {@code {code, message, extensions}} and the status of the exception's {@link ErrorKind}.
 * The gateway renders GraphQL-shaped errors itself.
 */
public final class HttpErrors {

  private static final Logger LOG = LoggerFactory.getLogger(HttpErrors.class);

  private HttpErrors() {}

  public static void register(JavalinConfig config) {
    config.routes.exception(TollgateException.class, HttpErrors::render);
    config.routes.exception(Exception.class, HttpErrors::renderUnexpected);
  }

  public static int status(ErrorKind kind) {
    return switch (kind) {
      case BAD_REQUEST -> 400;
      case UNAUTHENTICATED -> 401;
      case FORBIDDEN -> 403;
      case NOT_FOUND -> 404;
      case METHOD_NOT_ALLOWED -> 405;
      case CONFLICT -> 409;
      case TOO_LARGE -> 413;
      case UNSUPPORTED_MEDIA_TYPE -> 415;
      case UNPROCESSABLE -> 422;
      case RATE_LIMITED -> 429;
      case UPSTREAM -> 502;
      case INTERNAL -> 500;
    };
  }

  static void render(TollgateException e, Context ctx) {
    ctx.status(status(e.kind()));
    ctx.json(ErrorBody.of(e));
  }

  private static void renderUnexpected(Exception e, Context ctx) {
    LOG.error("unexpected error on {} {}", ctx.method(), ctx.path(), e);
    ctx.status(HttpStatus.INTERNAL_SERVER_ERROR);
    ctx.json(new ErrorBody("INTERNAL_SERVER_ERROR", "internal server error", Map.of()));
  }

  /** The wire form of an error of the {@code /v1} API. */
  public record ErrorBody(String code, String message, Map<String, Object> extensions) {
    static ErrorBody of(TollgateException e) {
      return new ErrorBody(e.code(), e.getMessage(), new LinkedHashMap<>(e.extensions()));
    }
  }
}
