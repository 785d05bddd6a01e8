package dev.tollgate.registry.http;

import dev.tollgate.registry.admission.TextLimit;
import dev.tollgate.registry.admission.Transport;
import dev.tollgate.registry.gateway.Gateway;
import dev.tollgate.registry.gateway.GatewayAnswer;
import dev.tollgate.registry.gateway.GatewayCall;
import dev.tollgate.registry.gateway.GatewaySettings;
import dev.tollgate.registry.http.GatewayRequestReader.ParsedRequest;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.io.IOException;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * {@code POST /graphql} and {@code GET /graphql}, and {@code QUERY /graphql} when enabled: reads
 * the request, asks the {@link Gateway}, and writes its answer, or the refusal {@link
 * UnknownKeyGuard} decided before the body was read. The contract of the answers is the gateway's;
 * they are all written here.
 */
public final class GatewayRoutes {

  private final Gateway gateway;
  private final GatewayRequestReader reader;
  private final boolean queryMethod;
  private final @Nullable String acceptQuery;

  /**
   * The size from which Javalin compresses an answer, from its config when the routes are added.
   */
  private int compressionFrom;

  /**
   * @param settings whether the HTTP {@code QUERY} method and the {@code
   *     application/graphql-request+json} body are accepted ({@link GatewaySettings})
   */
  public GatewayRoutes(Gateway gateway, long maxBodyBytes, GatewaySettings settings) {
    this.gateway = gateway;
    this.reader = new GatewayRequestReader(maxBodyBytes, settings.graphqlRequestMediaType());
    this.queryMethod = settings.httpQueryMethod();
    this.acceptQuery = queryMethod ? reader.mediaTypes() : null;
  }

  public void register(JavalinConfig javalin) {
    compressionFrom = javalin.http.compressionStrategy.getDefaultMinSizeForCompression();
    javalin.routes.post("/graphql", ctx -> body(ctx, Transport.POST));
    javalin.routes.get("/graphql", this::get);
    if (queryMethod) {
      javalin.routes.query("/graphql", ctx -> body(ctx, Transport.QUERY));
    }
  }

  /** A POST, or a QUERY: the request is the body. */
  private void body(Context ctx, Transport transport) {
    if (refused(ctx)) {
      return;
    }
    write(
        ctx,
        gateway.execute(
            call(
                ctx,
                transport,
                limit ->
                    reader.readPost(
                        ctx.header("Content-Type"),
                        ctx.req().getContentLengthLong(),
                        ctx.bodyInputStream(),
                        transport,
                        limit))));
  }

  private void get(Context ctx) {
    if (refused(ctx)) {
      return;
    }
    write(
        ctx,
        gateway.execute(
            call(
                ctx,
                Transport.GET,
                limit -> reader.readGet(QueryParameters.of(ctx.queryString()), limit))));
  }

  /** Writes the refusal {@link UnknownKeyGuard} decided from the headers, if it did. */
  private boolean refused(Context ctx) {
    GatewayAnswer refusal = UnknownKeyGuard.refusalOf(ctx.req());
    if (refusal == null) {
      return false;
    }
    write(ctx, refusal);
    return true;
  }

  private static GatewayCall call(Context ctx, Transport transport, Reading reading) {
    return new GatewayCall(
        ctx.header("X-API-Key"),
        transport,
        ctx.header("Accept"),
        ctx.header("If-None-Match"),
        new Operations(reading),
        name -> Collections.list(ctx.req().getHeaders(name)),
        UnknownKeyGuard.identityOf(ctx.req()));
  }

  /** Reads a request's operations under the caller's text limit. */
  @FunctionalInterface
  private interface Reading {
    ParsedRequest read(TextLimit limit);
  }

  /** The operations of a request, read once the gateway knows the caller's text limit. */
  private record Operations(Reading reading) implements GatewayCall.Operations {
    @Override
    public GatewayCall.Read read() {
      return read(TextLimit.NONE);
    }

    @Override
    public GatewayCall.Read read(TextLimit limit) {
      ParsedRequest parsed = reading.read(limit);
      return new GatewayCall.Read(parsed.operations(), parsed.batch());
    }
  }

  /**
   * Writes the answer; with {@code QUERY} on, every answer says which bodies it takes ({@code
   * Accept-Query}, as the HTTP working group's draft for the method proposes).
   */
  private void write(Context ctx, GatewayAnswer answer) {
    if (acceptQuery != null) {
      ctx.header("Accept-Query", acceptQuery);
    }
    for (Map.Entry<String, String> header : answer.headers().entrySet()) {
      ctx.header(header.getKey(), header.getValue());
    }
    for (Map.Entry<String, List<String>> header : answer.upstreamHeaders().entrySet()) {
      for (String value : header.getValue()) {
        ctx.res().addHeader(header.getKey(), value);
      }
    }
    ctx.status(answer.status());
    if (answer.contentType() != null) {
      ctx.contentType(answer.contentType());
    }
    byte[] body = answer.body();
    if (body != null) {
      writeBody(ctx, body);
    }
  }

  /**
   * Writes the answer straight to the response stream. {@code ctx.result(bytes)} would have Javalin
   * copy it through a fresh 32 KiB buffer per request: measured, that buffer was two thirds of all
   * the bytes a registered GET allocated (49 KB). An answer Javalin may compress goes through its
   * stream; a smaller one, which it would never compress, skips it: Javalin decides whether the
   * content type may be compressed (ten case-insensitive searches in it) before it looks at the
   * size, 6% of a registered GET's CPU in a profile of the load test.
   */
  private void writeBody(Context ctx, byte[] body) {
    try {
      (body.length < compressionFrom ? ctx.res().getOutputStream() : ctx.outputStream())
          .write(body);
    } catch (IOException e) {
      // the client has gone: there is no one left to answer
    }
  }
}
