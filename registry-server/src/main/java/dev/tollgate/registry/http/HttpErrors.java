package dev.tollgate.registry.http;

import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.ErrorKind;
import dev.tollgate.registry.error.TollgateException;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place where exceptions of the {@code /v1} API become HTTP responses: a JSON body {@code
 * {code, message, extensions}} and the status of the exception's {@link ErrorCode} (its {@link
 * ErrorKind}'s). The gateway renders GraphQL-shaped errors itself.
 */
public final class HttpErrors {

  private static final Logger LOG = LoggerFactory.getLogger(HttpErrors.class);

  private HttpErrors() {}

  public static void register(JavalinConfig config) {
    config.routes.exception(TollgateException.class, HttpErrors::render);
    config.routes.exception(Exception.class, HttpErrors::renderUnexpected);
  }

  static void render(TollgateException e, Context ctx) {
    ctx.status(e.errorCode().status());
    ctx.json(ErrorBody.of(e));
  }

  private static void renderUnexpected(Exception e, Context ctx) {
    LOG.error("unexpected error on {} {}", ctx.method(), ctx.path(), e);
    ctx.status(ErrorCode.INTERNAL_SERVER_ERROR.status());
    ctx.json(
        new ErrorBody(ErrorCode.INTERNAL_SERVER_ERROR.code(), "internal server error", Map.of()));
  }

  /** The wire form of an error of the {@code /v1} API. */
  public record ErrorBody(String code, String message, Map<String, Object> extensions) {
    static ErrorBody of(TollgateException e) {
      return new ErrorBody(
          e.code(), String.valueOf(e.getMessage()), new LinkedHashMap<>(e.extensions()));
    }
  }
}
