package dev.tollgate.registry.http;

import dev.tollgate.registry.calibration.Calibration;
import dev.tollgate.registry.calibration.UnusedReport;
import dev.tollgate.registry.http.CalibrationBodies.CalibrationBody;
import dev.tollgate.registry.http.CalibrationBodies.UnusedBody;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Measured cost on {@code /v1}: the calibration report ({@code GET /v1/calibration}, JSON or {@code
 * ?format=sdl}) and what of an app went unused ({@code GET /v1/apps/{app}/unused?days=N}); any
 * valid admin token reads them.
 */
public final class CalibrationRoutes {

  private static final int DEFAULT_DAYS = 30;

  private final Calibration calibration;
  private final AdminAuth auth;

  public CalibrationRoutes(Calibration calibration, List<AdminToken> tokens) {
    this.calibration = calibration;
    this.auth = new AdminAuth(tokens);
  }

  public void register(JavalinConfig config) {
    config.routes.get("/v1/calibration", this::calibration);
    config.routes.get("/v1/apps/{app}/unused", this::unused);
  }

  private void calibration(Context ctx) {
    auth.reader(ctx);
    @Nullable String format = ctx.queryParam("format");
    if (format == null || format.equals("json")) {
      ctx.json(CalibrationBody.of(calibration.report()));
      return;
    }
    if (!format.equals("sdl")) {
      throw RouteException.badFormat(format);
    }
    ctx.contentType("text/plain; charset=utf-8").result(calibration.sdl());
  }

  private void unused(Context ctx) {
    auth.reader(ctx);
    String app = ctx.pathParam("app");
    UnusedReport report = calibration.unused(app, days(ctx.queryParam("days")));
    if (!report.found()) {
      throw RouteException.appNotFound(app);
    }
    ctx.json(UnusedBody.of(report));
  }

  private static int days(@Nullable String value) {
    if (value == null) {
      return DEFAULT_DAYS;
    }
    try {
      int days = Integer.parseInt(value);
      if (days >= 0) {
        return days;
      }
    } catch (NumberFormatException e) {
      // refused below
    }
    throw RouteException.badNumber("days", value);
  }
}
