package dev.tollgate.registry.http;

import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.ErrorKind;
import dev.tollgate.registry.error.TollgateException;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.router.EndpointNotFound;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place where exceptions of the {@code /v1} API become HTTP responses: a JSON body {@code
 * {code, message, extensions}} and the status of the exception's {@link ErrorCode} (its {@link
 * ErrorKind}'s). The gateway renders GraphQL-shaped errors itself. A method and path that no route
 * serves is a 404 {@code ROUTE_NOT_FOUND} in the same shape, saying where the API is.
 */
public final class HttpErrors {

  private static final Logger LOG = LoggerFactory.getLogger(HttpErrors.class);

  private HttpErrors() {}

  public static void register(JavalinConfig config) {
    config.routes.exception(TollgateException.class, HttpErrors::render);
    config.routes.exception(EndpointNotFound.class, (e, ctx) -> render(noRoute(ctx), ctx));
    config.routes.exception(Exception.class, HttpErrors::renderUnexpected);
  }

  /** The request attribute holding the refusal rendered, for the audit trail. */
  static final String REFUSAL = "tollgate.refusal";

  static void render(TollgateException e, Context ctx) {
    ctx.attribute(REFUSAL, e);
    ctx.status(e.errorCode().status());
    ctx.json(ErrorBody.of(e));
  }

  private static RouteException noRoute(Context ctx) {
    return RouteException.noRoute(ctx.method().name(), ctx.path());
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
