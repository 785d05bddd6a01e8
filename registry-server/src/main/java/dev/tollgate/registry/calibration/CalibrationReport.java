package dev.tollgate.registry.calibration;

import dev.tollgate.registry.calibration.Aggregates.Subject;
import dev.tollgate.registry.pricing.CostDirectives.ListSize;
import dev.tollgate.registry.pricing.CostDirectives.Price;
import dev.tollgate.registry.pricing.OperationPricer;
import dev.tollgate.registry.pricing.SchemaPrices;
import dev.tollgate.registry.store.MeasurementStore;
import dev.tollgate.registry.store.Measurements.Bucket;
import dev.tollgate.registry.store.Measurements.DocumentVersion;
import dev.tollgate.registry.store.Measurements.Maximum;
import dev.tollgate.registry.store.RegistryStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * The calibration report: per priced list field of the price list, the sizes its answers returned
 * against what the price list assumed and what the requests asked for, with a suggested {@code
 * assumedSize}; per registered operation, its estimated and actual costs and their ratio (actual /
 * estimated). Percentiles are nearest-rank over the stored buckets ({@link SizeHistogram}): exact
 * up to 1,023, within about 6% above.
 *
 * <p>The suggestion rule: {@code @listSize(assumedSize: p95)} when the observed p95 exceeds the
 * assumed size, or when requests ask for at least four times the observed p95 (a paginated field
 * that routinely returns far fewer than asked); none before any observation.
 */
public record CalibrationReport(
    List<FieldFigures> fields, List<OperationFigures> operations, @Nullable Quality overall) {

  /** How many times the observed p95 a request must ask for to count as "far fewer returned". */
  static final int FAR_FEWER = 4;

  public CalibrationReport {
    fields = List.copyOf(fields);
    operations = List.copyOf(operations);
  }

  public record Percentiles(long p50, long p95, long max) {}

  /** A ratio's p50 and p90. */
  public record Spread(double p50, double p90) {}

  public record Observed(long count, @Nullable Long p50, @Nullable Long p95, @Nullable Long max) {}

  public record FieldFigures(
      String coordinate,
      @Nullable Integer assumedSize,
      @Nullable Percentiles requested,
      Observed observed,
      @Nullable Long suggestedSize,
      @Nullable Quality quality) {

    /** {@code @listSize(assumedSize: N)}, or {@code null}. */
    public @Nullable String suggestion() {
      return suggestedSize == null ? null : "@listSize(assumedSize: " + suggestedSize + ")";
    }
  }

  public record Ratios(double p50, double p95, double max) {}

  public record OperationFigures(
      @Nullable String app,
      @Nullable String version,
      String id,
      @Nullable String name,
      long count,
      Percentiles estimated,
      Percentiles actual,
      @Nullable Ratios ratio) {}

  static CalibrationReport of(RegistryStore store, OperationPricer pricer) {
    MeasurementStore measurements = store.measurements();
    Map<Subject, SizeHistogram> histograms = histograms(measurements);
    List<FieldFigures> fields = new ArrayList<>();
    for (Price price : SchemaPrices.of(pricer.schema())) {
      if (price.listSize() != null && !price.coordinate().contains("(")) {
        fields.add(field(price.coordinate(), price.listSize(), histograms));
      }
    }
    Map<String, DocumentVersion> versions = latestVersions(measurements.documentVersions());
    List<OperationFigures> operations = new ArrayList<>();
    for (Map.Entry<Subject, SizeHistogram> entry : histograms.entrySet()) {
      Subject subject = entry.getKey();
      if (subject.kind().equals(Aggregates.OPERATION) && subject.measure().equals("estimated")) {
        operations.add(operation(subject.subject(), entry.getValue(), histograms, versions));
      }
    }
    return new CalibrationReport(fields, operations, overall(histograms));
  }

  /** {@link Quality} over every registered operation's answers. */
  private static @Nullable Quality overall(Map<Subject, SizeHistogram> histograms) {
    SizeHistogram under = new SizeHistogram();
    SizeHistogram within = new SizeHistogram();
    SizeHistogram ratio = new SizeHistogram();
    for (Map.Entry<Subject, SizeHistogram> entry : histograms.entrySet()) {
      Subject subject = entry.getKey();
      if (!subject.kind().equals(Aggregates.OPERATION)) {
        continue;
      }
      switch (subject.measure()) {
        case Quality.UNDER -> under.merge(entry.getValue());
        case Quality.WITHIN_2X -> within.merge(entry.getValue());
        case Quality.RATIO -> ratio.merge(entry.getValue());
        default -> {
          // the other measures are not about quality
        }
      }
    }
    return Quality.of(under, within, ratio);
  }

  private static @Nullable Quality quality(
      Map<Subject, SizeHistogram> histograms, String kind, String subject) {
    return Quality.of(
        histogram(histograms, kind, subject, Quality.UNDER),
        histogram(histograms, kind, subject, Quality.WITHIN_2X),
        histogram(histograms, kind, subject, Quality.RATIO));
  }

  private static FieldFigures field(
      String coordinate, ListSize listSize, Map<Subject, SizeHistogram> histograms) {
    SizeHistogram observed = histogram(histograms, Aggregates.FIELD, coordinate, "observed");
    SizeHistogram requested = histogram(histograms, Aggregates.FIELD, coordinate, "requested");
    Percentiles asked = requested.isEmpty() ? null : percentiles(requested);
    Observed seen =
        observed.isEmpty()
            ? new Observed(0, null, null, null)
            : new Observed(
                observed.count(),
                observed.percentile(0.5),
                observed.percentile(0.95),
                observed.max());
    return new FieldFigures(
        coordinate,
        listSize.assumedSize(),
        asked,
        seen,
        suggest(listSize, asked, seen),
        quality(histograms, Aggregates.FIELD, coordinate));
  }

  private static @Nullable Long suggest(
      ListSize listSize, @Nullable Percentiles requested, Observed observed) {
    Long p95 = observed.p95();
    if (p95 == null) {
      return null;
    }
    Integer assumed = listSize.assumedSize();
    boolean overAssumed = assumed != null && p95 > assumed;
    boolean farFewer = requested != null && requested.p50() >= FAR_FEWER * Math.max(1, p95);
    return overAssumed || farFewer ? Math.max(1, p95) : null;
  }

  private static OperationFigures operation(
      String subject,
      SizeHistogram estimated,
      Map<Subject, SizeHistogram> histograms,
      Map<String, DocumentVersion> versions) {
    int slash = subject.indexOf('/');
    String id = subject.substring(0, slash);
    String name = subject.substring(slash + 1);
    SizeHistogram actual = histogram(histograms, Aggregates.OPERATION, subject, "actual");
    SizeHistogram ratio = histogram(histograms, Aggregates.OPERATION, subject, "ratio");
    DocumentVersion version = versions.get(id);
    return new OperationFigures(
        version == null ? null : version.app(),
        version == null ? null : version.version(),
        id,
        name.isEmpty() ? null : name,
        estimated.count(),
        percentiles(estimated),
        percentiles(actual),
        ratio.isEmpty()
            ? null
            : new Ratios(
                ratio.percentile(0.5) / 1000.0,
                ratio.percentile(0.95) / 1000.0,
                ratio.max() / 1000.0));
  }

  private static Percentiles percentiles(SizeHistogram histogram) {
    return new Percentiles(
        histogram.percentile(0.5), histogram.percentile(0.95), Math.max(0, histogram.max()));
  }

  /** Per document, its latest active version (else its latest), by publication order. */
  private static Map<String, DocumentVersion> latestVersions(List<DocumentVersion> rows) {
    Map<String, DocumentVersion> latest = new HashMap<>();
    for (DocumentVersion row : rows) {
      DocumentVersion known = latest.get(row.documentId());
      if (known == null || row.status().equals("active") || !known.status().equals("active")) {
        latest.put(row.documentId(), row);
      }
    }
    return latest;
  }

  private static SizeHistogram histogram(
      Map<Subject, SizeHistogram> histograms, String kind, String subject, String measure) {
    SizeHistogram histogram = histograms.get(new Subject(kind, subject, measure));
    return histogram == null ? new SizeHistogram() : histogram;
  }

  private static Map<Subject, SizeHistogram> histograms(MeasurementStore measurements) {
    Map<Subject, SizeHistogram> histograms = new TreeMap<>(CalibrationReport::compare);
    for (Bucket bucket : measurements.buckets()) {
      Subject subject = new Subject(bucket.kind(), bucket.subject(), bucket.measure());
      histograms
          .computeIfAbsent(subject, s -> new SizeHistogram())
          .add(bucket.bucket(), bucket.count());
    }
    for (Maximum maximum : measurements.maxima()) {
      Subject subject = new Subject(maximum.kind(), maximum.subject(), maximum.measure());
      histograms.computeIfAbsent(subject, s -> new SizeHistogram()).addMax(maximum.maxValue());
    }
    return histograms;
  }

  private static int compare(Subject a, Subject b) {
    int kind = a.kind().compareTo(b.kind());
    if (kind != 0) {
      return kind;
    }
    int subject = a.subject().compareTo(b.subject());
    return subject != 0 ? subject : a.measure().compareTo(b.measure());
  }
}
