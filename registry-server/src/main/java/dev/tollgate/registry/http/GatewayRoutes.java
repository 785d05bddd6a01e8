package dev.tollgate.registry.http;

import dev.tollgate.registry.admission.TextLimit;
import dev.tollgate.registry.admission.Transport;
import dev.tollgate.registry.gateway.Gateway;
import dev.tollgate.registry.gateway.GatewayAnswer;
import dev.tollgate.registry.gateway.GatewayCall;
import dev.tollgate.registry.http.GatewayRequestReader.ParsedRequest;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.io.IOException;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /graphql} and {@code GET /graphql}: reads the request, asks the {@link Gateway}, and
 * writes its answer, or the refusal {@link UnknownKeyGuard} decided before the body was read. The
 * contract of the answers is the gateway's; they are all written here.
 */
public final class GatewayRoutes {

  private final Gateway gateway;
  private final GatewayRequestReader reader;

  public GatewayRoutes(Gateway gateway, long maxBodyBytes) {
    this.gateway = gateway;
    this.reader = new GatewayRequestReader(maxBodyBytes, false);
  }

  public void register(JavalinConfig javalin) {
    javalin.routes.post("/graphql", this::post);
    javalin.routes.get("/graphql", this::get);
  }

  private void post(Context ctx) {
    if (refused(ctx)) {
      return;
    }
    write(
        ctx,
        gateway.execute(
            call(
                ctx,
                Transport.POST,
                limit ->
                    reader.readPost(
                        ctx.header("Content-Type"),
                        ctx.req().getContentLengthLong(),
                        ctx.bodyInputStream(),
                        limit))));
  }

  private void get(Context ctx) {
    if (refused(ctx)) {
      return;
    }
    write(
        ctx,
        gateway.execute(
            call(ctx, Transport.GET, limit -> reader.readGet(ctx.queryParamMap(), limit))));
  }

  /** Writes the refusal {@link UnknownKeyGuard} decided from the headers, if it did. */
  private static boolean refused(Context ctx) {
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
        name -> Collections.list(ctx.req().getHeaders(name)));
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

  private static void write(Context ctx, GatewayAnswer answer) {
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
   * Writes the answer straight to the response stream (Javalin's compression still applies). {@code
   * ctx.result(bytes)} would have Javalin copy it through a fresh 32 KiB buffer per request:
   * measured, that buffer was two thirds of all the bytes a registered GET allocated (49 KB).
   */
  private static void writeBody(Context ctx, byte[] body) {
    try {
      ctx.outputStream().write(body);
    } catch (IOException e) {
      // the client has gone: there is no one left to answer
    }
  }
}
