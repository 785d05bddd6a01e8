package dev.tollgate.registry.http;

import static dev.tollgate.registry.http.RegistryBodies.text;

import dev.tollgate.registry.calibration.CalibrationReport;
import dev.tollgate.registry.calibration.CalibrationReport.FieldFigures;
import dev.tollgate.registry.calibration.CalibrationReport.OperationFigures;
import dev.tollgate.registry.calibration.CalibrationReport.Percentiles;
import dev.tollgate.registry.calibration.OperationTrafficFigures;
import dev.tollgate.registry.calibration.OperationWindow;
import dev.tollgate.registry.calibration.Quality;
import dev.tollgate.registry.calibration.UnusedReport;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * The JSON of {@code /v1/calibration}, {@code /v1/apps/{app}/unused} and {@code /v1/operations}.
 */
final class CalibrationBodies {

  private CalibrationBodies() {}

  /**
   * The report; {@code underEstimates}, {@code ratio} (estimate / actual, {@code p50}, {@code p90})
   * and {@code within2x} are over every registered operation's measured answers ({@code null}
   * before any).
   */
  record CalibrationBody(
      List<FieldBody> fields,
      List<OperationBody> operations,
      @Nullable Double underEstimates,
      @Nullable SpreadBody ratio,
      @Nullable Double within2x) {
    static CalibrationBody of(CalibrationReport report) {
      Quality overall = report.overall();
      return new CalibrationBody(
          report.fields().stream().map(FieldBody::of).toList(),
          report.operations().stream().map(OperationBody::of).toList(),
          overall == null ? null : overall.underEstimates(),
          overall == null ? null : SpreadBody.of(overall.ratio()),
          overall == null ? null : overall.within2x());
    }
  }

  /** A ratio's p50 and p90. */
  record SpreadBody(double p50, double p90) {
    static @Nullable SpreadBody of(CalibrationReport.@Nullable Spread spread) {
      return spread == null ? null : new SpreadBody(spread.p50(), spread.p90());
    }
  }

  record FieldBody(
      String coordinate,
      @Nullable Integer assumedSize,
      @Nullable PercentilesBody requested,
      ObservedBody observed,
      @Nullable String suggestion,
      @Nullable Double underEstimates,
      @Nullable SpreadBody ratio,
      @Nullable Double within2x) {
    static FieldBody of(FieldFigures field) {
      Quality quality = field.quality();
      return new FieldBody(
          field.coordinate(),
          field.assumedSize(),
          field.requested() == null ? null : PercentilesBody.of(field.requested()),
          new ObservedBody(
              field.observed().count(),
              field.observed().p50(),
              field.observed().p95(),
              field.observed().max()),
          field.suggestion(),
          quality == null ? null : quality.underEstimates(),
          quality == null ? null : SpreadBody.of(quality.ratio()),
          quality == null ? null : quality.within2x());
    }
  }

  record PercentilesBody(long p50, long p95, long max) {
    static PercentilesBody of(Percentiles percentiles) {
      return new PercentilesBody(percentiles.p50(), percentiles.p95(), percentiles.max());
    }
  }

  record ObservedBody(long count, @Nullable Long p50, @Nullable Long p95, @Nullable Long max) {}

  record RatioBody(double p50, double p95, double max) {}

  record OperationBody(
      @Nullable String app,
      @Nullable String version,
      String id,
      @Nullable String name,
      long count,
      PercentilesBody estimated,
      PercentilesBody actual,
      @Nullable RatioBody ratio) {
    static OperationBody of(OperationFigures operation) {
      return new OperationBody(
          operation.app(),
          operation.version(),
          operation.id(),
          operation.name(),
          operation.count(),
          PercentilesBody.of(operation.estimated()),
          PercentilesBody.of(operation.actual()),
          operation.ratio() == null
              ? null
              : new RatioBody(
                  operation.ratio().p50(), operation.ratio().p95(), operation.ratio().max()));
    }
  }

  /** {@code GET /v1/operations}: the window and its operations, most units charged first. */
  record OperationsBody(String window, long unitsCharged, List<OperationTrafficBody> operations) {
    static OperationsBody of(OperationWindow window, List<OperationTrafficFigures> figures) {
      long total = 0;
      for (OperationTrafficFigures figure : figures) {
        total += figure.unitsCharged();
      }
      return new OperationsBody(
          window.text(), total, figures.stream().map(OperationTrafficBody::of).toList());
    }
  }

  /**
   * One operation under one policy; {@code app} and {@code version} are {@code null} for open-mode
   * text, whose {@code id} is the document's hash.
   */
  record OperationTrafficBody(
      @Nullable String app,
      @Nullable String version,
      String id,
      @Nullable String name,
      String policy,
      long requests,
      long unitsCharged,
      double share,
      Map<String, Long> refusals,
      @Nullable CostBody estimated,
      @Nullable CostBody actual,
      @Nullable Double ratio,
      @Nullable String lastSeen) {
    static OperationTrafficBody of(OperationTrafficFigures figure) {
      return new OperationTrafficBody(
          figure.app(),
          figure.version(),
          figure.id(),
          figure.name(),
          figure.policy(),
          figure.requests(),
          figure.unitsCharged(),
          Math.round(figure.share() * 10_000) / 10_000.0,
          new TreeMap<>(figure.refusals()),
          CostBody.of(figure.estimated()),
          CostBody.of(figure.actual()),
          figure.ratio() == null ? null : Math.round(figure.ratio() * 1000) / 1000.0,
          text(figure.lastSeen()));
    }
  }

  /** The p50 and p95 of a cost. */
  record CostBody(long p50, long p95) {
    static @Nullable CostBody of(@Nullable Percentiles percentiles) {
      return percentiles == null ? null : new CostBody(percentiles.p50(), percentiles.p95());
    }
  }

  record UnusedBody(
      String app, int days, List<UnusedVersionBody> versions, List<UnusedDocumentBody> documents) {
    static UnusedBody of(UnusedReport report) {
      return new UnusedBody(
          report.app(),
          report.days(),
          report.versions().stream()
              .map(v -> new UnusedVersionBody(v.version(), text(v.lastSeen())))
              .toList(),
          report.documents().stream()
              .map(d -> new UnusedDocumentBody(d.id(), d.name(), d.version(), text(d.lastSeen())))
              .toList());
    }
  }

  record UnusedVersionBody(String version, @Nullable String lastSeen) {}

  record UnusedDocumentBody(
      String id, @Nullable String name, String version, @Nullable String lastSeen) {}
}
