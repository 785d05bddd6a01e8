package dev.tollgate.registry.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.admission.Transport;
import dev.tollgate.registry.gateway.Gateway;
import dev.tollgate.registry.gateway.GatewayAnswer;
import dev.tollgate.registry.gateway.GatewayCall;
import dev.tollgate.registry.http.GatewayRequestReader.ParsedRequest;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code POST /graphql} and {@code GET /graphql}: reads the request, asks the {@link Gateway}, and
 * writes its answer. The contract of the answers is the gateway's.
 */
public final class GatewayRoutes {

  private final Gateway gateway;
  private final GatewayRequestReader reader;

  public GatewayRoutes(Gateway gateway, ObjectMapper json, long maxBodyBytes) {
    this.gateway = gateway;
    this.reader = new GatewayRequestReader(json, maxBodyBytes);
  }

  public void register(JavalinConfig javalin) {
    javalin.routes.post("/graphql", this::post);
    javalin.routes.get("/graphql", this::get);
  }

  private void post(Context ctx) {
    write(
        ctx,
        gateway.execute(
            call(
                ctx,
                Transport.POST,
                () ->
                    read(
                        reader.readPost(
                            ctx.header("Content-Type"),
                            ctx.req().getContentLengthLong(),
                            ctx.bodyInputStream())))));
  }

  private void get(Context ctx) {
    write(
        ctx,
        gateway.execute(call(ctx, Transport.GET, () -> read(reader.readGet(ctx.queryParamMap())))));
  }

  private static GatewayCall call(
      Context ctx, Transport transport, GatewayCall.Operations operations) {
    return new GatewayCall(
        ctx.header("X-API-Key"),
        transport,
        ctx.header("Accept"),
        ctx.header("If-None-Match"),
        headers(ctx),
        operations);
  }

  /** Every request header by its lower-cased name, with all its values. */
  private static Map<String, List<String>> headers(Context ctx) {
    Map<String, List<String>> headers = new HashMap<>();
    Enumeration<String> names = ctx.req().getHeaderNames();
    while (names.hasMoreElements()) {
      String name = names.nextElement();
      headers
          .computeIfAbsent(name.toLowerCase(Locale.ROOT), lower -> new ArrayList<>())
          .addAll(Collections.list(ctx.req().getHeaders(name)));
    }
    return headers;
  }

  private static GatewayCall.Read read(ParsedRequest parsed) {
    return new GatewayCall.Read(parsed.operations(), parsed.batch());
  }

  private static void write(Context ctx, GatewayAnswer answer) {
    for (Map.Entry<String, String> header : answer.headers().entrySet()) {
      ctx.header(header.getKey(), header.getValue());
    }
    ctx.status(answer.status());
    if (answer.contentType() != null) {
      ctx.contentType(answer.contentType());
    }
    if (answer.body() != null) {
      ctx.result(answer.body());
    }
  }
}
