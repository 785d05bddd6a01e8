package dev.tollgate.registry.http;

import dev.tollgate.registry.gateway.Callers;
import dev.tollgate.registry.gateway.Gateway;
import dev.tollgate.registry.gateway.GatewayAnswer;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Set;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.EagerContentHandler;
import org.eclipse.jetty.util.Callback;
import org.jspecify.annotations.Nullable;

/**
 * Refuses a {@code /graphql} request whose {@code X-API-Key} names no key from its headers alone
 * (neither one of the config file nor a valid one issued at runtime: a revoked or expired key is
 * unknown; the gateway's {@code Callers} looks it up in memory, without a store read), with the
 * gateway's own 401 ({@link Gateway#refuseUnknownKey}), before the {@link EagerContentHandler}
 * inside it waits for the body (issue 10, item 2): an unknown caller's body is never waited for or
 * buffered. The request skips that handler, and its route writes the refusal ({@link #refusalOf})
 * as it writes every answer of the gateway. When the body has not all arrived, the answer says
 * {@code Connection: close}, and the rest is read and dropped after it ({@link BodyDrain}) before
 * the connection is closed. A request with two {@code X-API-Key} or two {@code Authorization} lines
 * is refused alike, with the gateway's 400 ({@link RepeatedCredentials}). With {@code auth.jwt}, an
 * {@code Authorization: Bearer} token is checked here too ({@link Gateway#refuseCaller}): a token
 * that does not verify (401), keys past their max age (503), a key and a token at once (400).
 * Anything else (no credential, a known key, a verified token, another route) is passed on, with
 * the caller its headers name kept on the request ({@link #identityOf}): the gateway identifies a
 * request once (a key revoked while the body of a request it sent is still arriving does not refuse
 * that request; the next one is refused).
 */
final class UnknownKeyGuard extends Handler.Wrapper {

  /** The gateway's routes, as Javalin matches them (a trailing slash is ignored). */
  private static final Set<String> PATHS = Set.of("/graphql", "/graphql/");

  /** The request attribute that holds the refusal decided here ({@link #refusalOf}). */
  private static final String REFUSAL = UnknownKeyGuard.class.getName() + ".refusal";

  /** The request attribute that holds the caller identified here ({@link #identityOf}). */
  private static final String IDENTITY = UnknownKeyGuard.class.getName() + ".identity";

  private final Gateway gateway;
  private final HttpSettings bounds;
  private final EagerContentHandler bodyLoader;

  /**
   * @param bounds those of the rest of a refused body, read and dropped after the answer
   * @param bodyLoader the handler that waits for a body, which a refused request skips
   */
  UnknownKeyGuard(Gateway gateway, HttpSettings bounds, EagerContentHandler bodyLoader) {
    super(bodyLoader);
    this.gateway = gateway;
    this.bounds = bounds;
    this.bodyLoader = bodyLoader;
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    GatewayAnswer refusal = gatewayRequest(request) ? refusal(request) : null;
    if (refusal == null) {
      return super.handle(request, response, callback);
    }
    request.setAttribute(REFUSAL, refusal);
    // past the body loader, to the gateway's routes, which write the refusal
    Handler routes = bodyLoader.getHandler();
    if (BodyDrain.dropArrived(request)) {
      return routes.handle(request, response, callback);
    }
    // no other request on this connection: the rest of this body is read and dropped after the
    // answer, then the connection closed
    response.getHeaders().put(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString());
    return routes.handle(
        new BodyLeft(request), response, BodyDrain.afterAnswer(request, callback, bounds));
  }

  /**
   * A refused request as its route sees it when its body is still arriving: without a body, which
   * is drained once the route has answered. Handed the request itself, the servlet layer left its
   * content failed once the route was done, so that none of it could be drained, and the client saw
   * a broken pipe again ({@code UnknownKeyGuardTest.unknownKey_bodyStillArriving_401Read}).
   */
  private static final class BodyLeft extends Request.Wrapper {

    BodyLeft(Request request) {
      super(request);
    }

    @Override
    public Content.Chunk read() {
      return Content.Chunk.EOF;
    }

    @Override
    public void demand(Runnable demandCallback) {
      demandCallback.run();
    }

    @Override
    public boolean consumeAvailable() {
      return true;
    }
  }

  /** The refusal of {@code request} decided from its headers, for its route to write. */
  static @Nullable GatewayAnswer refusalOf(HttpServletRequest request) {
    return (GatewayAnswer) request.getAttribute(REFUSAL);
  }

  private static boolean gatewayRequest(Request request) {
    String method = request.getMethod();
    // QUERY too: without its route (gateway.httpQueryMethod off) the refusal is never written
    return (HttpMethod.POST.is(method) || HttpMethod.GET.is(method) || "QUERY".equals(method))
        && PATHS.contains(Request.getPathInContext(request));
  }

  /**
   * The refusal of {@code request}'s credential headers, or {@code null}; a caller they name is
   * kept on the request for its route ({@link #identityOf}), so the gateway does not identify it
   * again.
   */
  private @Nullable GatewayAnswer refusal(Request request) {
    HttpFields headers = request.getHeaders();
    String repeated = RepeatedCredentials.refusal(name -> lines(headers, name));
    if (repeated != null) {
      return gateway.refuseHeaders(repeated, headers.get(HttpHeader.ACCEPT));
    }
    String key = headers.get("X-API-Key");
    String authorization = headers.get(HttpHeader.AUTHORIZATION);
    if (key == null && authorization == null) {
      return null;
    }
    Callers.Identity identity = gateway.identify(key, authorization);
    GatewayAnswer refusal = gateway.refusal(identity, headers.get(HttpHeader.ACCEPT));
    if (refusal == null) {
      request.setAttribute(IDENTITY, identity);
    }
    return refusal;
  }

  /** Who {@code request}'s credential headers named when they were checked, else {@code null}. */
  static Callers.@Nullable Identity identityOf(HttpServletRequest request) {
    return (Callers.Identity) request.getAttribute(IDENTITY);
  }

  /** How many lines of {@code name} (any case) {@code headers} has; no list is made. */
  private static int lines(HttpFields headers, String name) {
    int lines = 0;
    for (HttpField field : headers) {
      if (field.is(name)) {
        lines++;
      }
    }
    return lines;
  }
}
