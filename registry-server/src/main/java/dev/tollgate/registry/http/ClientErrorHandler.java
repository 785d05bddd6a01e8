package dev.tollgate.registry.http;

import java.util.Set;
import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty's error page for requests it refuses before any route sees them, with a request line whose
 * version Jetty does not take ({@code HTTP/9.9}, {@code HTPT/1.1}, {@code HTTP/0.9}, {@code
 * HTTP/2.0} without h2c) answered 400 rather than 505 or 426: a malformed request is the client's
 * mistake, on every route (issue 10, item 6). Jetty's parser logs these at DEBUG only.
 */
final class ClientErrorHandler extends ErrorHandler {

  private static final Set<Integer> BAD_VERSION =
      Set.of(HttpStatus.HTTP_VERSION_NOT_SUPPORTED_505, HttpStatus.UPGRADE_REQUIRED_426);

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    if (request.getAttribute(ERROR_EXCEPTION) instanceof HttpException failure
        && BAD_VERSION.contains(failure.getCode())) {
      String reason =
          failure.getCode() == HttpStatus.UPGRADE_REQUIRED_426
              ? "Unsupported Version"
              : failure.getReason();
      Throwable badRequest = new HttpException.RuntimeException(HttpStatus.BAD_REQUEST_400, reason);
      return super.handle(
          new ErrorRequest(request, HttpStatus.BAD_REQUEST_400, reason, badRequest),
          response,
          callback);
    }
    return super.handle(request, response, callback);
  }
}
