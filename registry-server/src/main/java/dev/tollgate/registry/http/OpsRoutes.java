package dev.tollgate.registry.http;

import dev.tollgate.registry.metrics.GatewayMetrics;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.util.Map;
import java.util.function.IntSupplier;

/**
 * The operator's routes: {@code GET /metrics} (Prometheus text, or OpenMetrics when {@code Accept}
 * asks for it) and {@code GET /health} ({@code {"status":"ok","documents":N}}).
 */
public final class OpsRoutes {

  private final GatewayMetrics metrics;
  private final IntSupplier activeDocuments;

  /**
   * @param activeDocuments how many documents the gateway holds active, for {@code /health}
   */
  public OpsRoutes(GatewayMetrics metrics, IntSupplier activeDocuments) {
    this.metrics = metrics;
    this.activeDocuments = activeDocuments;
  }

  public void register(JavalinConfig javalin) {
    javalin.routes.get("/metrics", this::metrics);
    javalin.routes.get("/health", this::health);
  }

  private void metrics(Context ctx) {
    GatewayMetrics.Scrape scrape = metrics.scrape(ctx.header("Accept"));
    ctx.contentType(scrape.contentType()).result(scrape.text());
  }

  private void health(Context ctx) {
    ctx.json(Map.of("status", "ok", "documents", activeDocuments.getAsInt()));
  }
}
