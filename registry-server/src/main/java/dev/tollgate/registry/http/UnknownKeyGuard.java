package dev.tollgate.registry.http;

import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.gateway.Gateway;
import dev.tollgate.registry.gateway.GatewayAnswer;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http.MimeTypes;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.jspecify.annotations.Nullable;

/**
 * Refuses a {@code /graphql} request whose {@code X-API-Key} names no configured key from its
 * headers alone, with the gateway's own 401 ({@link Gateway#refuseUnknownKey}), before the {@link
 * org.eclipse.jetty.server.handler.EagerContentHandler} inside it waits for the body (issue 10,
 * item 2): an unknown caller's body is never waited for or buffered. When it has not all arrived,
 * the answer says {@code Connection: close}, and the rest is read and dropped after it ({@link
 * BodyDrain}) before the connection is closed. A request with two {@code X-API-Key} or two {@code
 * Authorization} lines is refused alike, with the gateway's 400 ({@link RepeatedCredentials}).
 * Anything else (no key, a known key, another route) is passed on unchanged.
 */
final class UnknownKeyGuard extends Handler.Wrapper {

  /** The gateway's routes, as Javalin matches them (a trailing slash is ignored). */
  private static final Set<String> PATHS = Set.of("/graphql", "/graphql/");

  private final Gateway gateway;
  private final ServerConfig.Http bounds;

  /**
   * @param bounds those of the rest of a refused body, read and dropped after the answer
   */
  UnknownKeyGuard(Gateway gateway, ServerConfig.Http bounds, Handler handler) {
    super(handler);
    this.gateway = gateway;
    this.bounds = bounds;
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    GatewayAnswer refusal = gatewayRequest(request) ? refusal(request) : null;
    if (refusal == null) {
      return super.handle(request, response, callback);
    }
    if (BodyDrain.dropArrived(request)) {
      write(refusal, response, callback);
    } else {
      // no other request on this connection: the rest of this body is read and dropped after the
      // answer, then the connection closed
      response.getHeaders().put(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString());
      write(refusal, response, BodyDrain.afterAnswer(request, callback, bounds));
    }
    return true;
  }

  private static boolean gatewayRequest(Request request) {
    String method = request.getMethod();
    return (HttpMethod.POST.is(method) || HttpMethod.GET.is(method))
        && PATHS.contains(Request.getPathInContext(request));
  }

  private @Nullable GatewayAnswer refusal(Request request) {
    HttpFields headers = request.getHeaders();
    String repeated = RepeatedCredentials.refusal(name -> headers.getFields(name).size());
    if (repeated != null) {
      return gateway.refuseHeaders(repeated, headers.get(HttpHeader.ACCEPT));
    }
    String key = headers.get("X-API-Key");
    return key == null ? null : gateway.refuseUnknownKey(key, headers.get(HttpHeader.ACCEPT));
  }

  /** As {@code GatewayRoutes} writes an answer through the servlet response, byte for byte. */
  private static void write(GatewayAnswer answer, Response response, Callback callback) {
    response.setStatus(answer.status());
    HttpFields.Mutable headers = response.getHeaders();
    String type = answer.contentType();
    if (type != null) {
      // as the servlet response spells the types Jetty knows: "application/json;charset=utf-8"
      MimeTypes.Type known = MimeTypes.CACHE.get(type);
      headers.put(
          known == null
              ? new HttpField(HttpHeader.CONTENT_TYPE, type)
              : known.getContentTypeField());
    }
    for (Map.Entry<String, String> header : answer.headers().entrySet()) {
      headers.put(header.getKey(), header.getValue());
    }
    for (Map.Entry<String, List<String>> header : answer.upstreamHeaders().entrySet()) {
      for (String value : header.getValue()) {
        headers.add(header.getKey(), value);
      }
    }
    byte[] body = answer.body();
    response.write(true, body == null ? null : ByteBuffer.wrap(body), callback);
  }
}
