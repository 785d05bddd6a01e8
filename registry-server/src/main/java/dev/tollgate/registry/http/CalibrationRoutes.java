package dev.tollgate.registry.http;

import dev.tollgate.registry.calibration.Calibration;
import dev.tollgate.registry.calibration.OperationFilter;
import dev.tollgate.registry.calibration.OperationWindow;
import dev.tollgate.registry.calibration.UnusedReport;
import dev.tollgate.registry.http.CalibrationBodies.CalibrationBody;
import dev.tollgate.registry.http.CalibrationBodies.OperationsBody;
import dev.tollgate.registry.http.CalibrationBodies.UnusedBody;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Measured cost on {@code /v1}: the calibration report ({@code GET /v1/calibration}, JSON or {@code
 * ?format=sdl}), what of an app went unused ({@code GET /v1/apps/{app}/unused?days=N}) and the
 * traffic per operation ({@code GET /v1/operations}); any valid admin token reads them.
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
    config.routes.get("/v1/operations", this::operations);
  }

  /**
   * Per-operation traffic over {@code ?window=} ({@code 1h}, {@code 1d} (default), {@code 7d},
   * {@code 30d}), of {@code ?app=} (the app the requests were admitted under) and {@code ?policy=}
   * when given.
   */
  private void operations(Context ctx) {
    auth.reader(ctx);
    @Nullable String text = ctx.queryParam("window");
    OperationWindow window =
        text == null
            ? OperationWindow.DAY
            : OperationWindow.parse(text).orElseThrow(() -> RouteException.badWindow(text));
    OperationFilter filter = new OperationFilter(ctx.queryParam("app"), ctx.queryParam("policy"));
    ctx.json(OperationsBody.of(window, calibration.operations(window, filter)));
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

  /**
   * The whole-number query parameter {@code name}, {@code fallback} when absent.
   *
   * @throws RouteException {@code INVALID_PARAMETER} when it is not a number from {@code min} to
   *     {@code max}
   */
  static int number(Context ctx, String name, int fallback, int min, int max) {
    @Nullable String value = ctx.queryParam(name);
    if (value == null) {
      return fallback;
    }
    try {
      int number = Integer.parseInt(value);
      if (number >= min && number <= max) {
        return number;
      }
    } catch (NumberFormatException e) {
      // refused below
    }
    throw RouteException.badRange(name, value, min, max);
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
