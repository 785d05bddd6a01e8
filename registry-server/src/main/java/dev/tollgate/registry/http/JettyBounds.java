package dev.tollgate.registry.http;

import dev.tollgate.registry.gateway.Gateway;
import io.javalin.config.JavalinConfig;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.EagerContentHandler;

/**
 * How Jetty reads requests, so that slow or broken clients cannot starve the server (issue 10).
 *
 * <ul>
 *   <li>A body is read before any server thread runs the request: Jetty's {@link
 *       EagerContentHandler}, with a {@link BodyLoader}, waits for the whole body (up to {@code
 *       http.maxBodyBytes}) asynchronously, so 250 connections dripping a byte every few seconds
 *       hold no thread, and requests that are ready run at once. (Measured: with blocking reads,
 *       250 such connections held all 250 of Jetty's threads and {@code /health} timed out.)
 *   <li>A connection that sends nothing for {@code http.bodyReadTimeoutMillis} is closed, between
 *       requests as in a body (answered 408 there), and a body slower than {@code
 *       http.minRequestDataRate} bytes per second is answered 408 ({@link BodyLoader}).
 *   <li>A {@code /graphql} request with an unknown {@code X-API-Key} is refused from its headers
 *       ({@link UnknownKeyGuard}, outside the {@code EagerContentHandler}), so its body is never
 *       waited for.
 *   <li>A request line with a version Jetty does not take is answered 400, not 505 ({@link
 *       ClientErrorHandler}).
 *   <li>Every header is read from the request's own bytes: Jetty's parser has no field cache here
 *       (issue 23, item 1).
 * </ul>
 */
public final class JettyBounds {

  private JettyBounds() {}

  /**
   * @param gateway answers unknown keys before their bodies are read
   */
  public static void apply(JavalinConfig javalin, HttpSettings http, Gateway gateway) {
    javalin.jetty.modifyHttpConfiguration(
        configuration -> {
          configuration.setIdleTimeout(http.bodyReadTimeoutMillis());
          configuration.setMinRequestDataRate(http.minRequestDataRate());
          // Jetty's HTTP/1 parser caches, per connection, the Authorization, Cookie, Accept*,
          // Cache-Control, User-Agent and Host fields of earlier requests, and by default matches
          // later ones against them ignoring case: `Bearer CAROL-1` after `Bearer carol-1` was
          // handed on as `Bearer carol-1`, forwarded upstream and keyed in the response cache as
          // that other credential (issue 23). Case-sensitive, the cache (and Jetty's static table
          // of common fields, `Cache-Control: no-cache`) gives back a field only for the same
          // bytes, so every value is the request's own as sent; the cache is kept, as a repeated
          // header then costs no allocation (size 0 cost the registered GET about 4 us of CPU).
          configuration.setHeaderCacheCaseSensitive(true);
        });
    javalin.jetty.modifyServer(
        server -> {
          // Javalin puts its servlet context inside the innermost wrapper it finds here
          server.setHandler(
              new UnknownKeyGuard(
                  gateway, http, new EagerContentHandler(BodyLoader.factory(http))));
          server.setErrorHandler(new ClientErrorHandler());
        });
    // Javalin's own connector would keep Jetty's 30 s idle timeout (it is made after modifyServer
    // runs, so a loop there over the connectors sees none): this one is Javalin's, with ours.
    javalin.jetty.addConnector(
        (server, configuration) -> {
          ServerConnector connector =
              new ServerConnector(server, new HttpConnectionFactory(configuration));
          connector.setHost(javalin.jetty.host);
          connector.setPort(javalin.jetty.port);
          connector.setIdleTimeout(http.bodyReadTimeoutMillis());
          return connector;
        });
  }
}
