package dev.tollgate.registry.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.registry.document.DocumentHash;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

final class MeasurementJsonTest {

  private static final String ID = DocumentHash.of("{ a }").hex();

  @Test
  void write_thenRead_sameBatch() {
    MeasurementCounters counters = new MeasurementCounters();
    counters.record(MeasurementBatch.FIELD, "Query.cargos", "observed", 7);
    counters.record(MeasurementBatch.FIELD, "Query.cargos", "observed", 7);
    // 2000 is above the exact range: bucket 1024 + (10 - 10) * 16 + (2000 >> 6 & 15) = 1039
    counters.record(MeasurementBatch.OPERATION, ID + "/A", "actual", 2000);
    counters.used(ID, "A", Instant.parse("2026-12-01T00:00:00Z"));
    counters.used(ID, "A", Instant.parse("2026-12-01T00:00:05Z"));
    MeasurementBatch batch = counters.drain();

    MeasurementBatch read = MeasurementJson.read(MeasurementJson.write(batch));

    assertThat(read).isEqualTo(batch);
    assertThat(read.buckets())
        .contains(
            new MeasurementBatch.Bucket("field", "Query.cargos", "observed", 7, 2),
            new MeasurementBatch.Bucket("operation", ID + "/A", "actual", 1039, 1));
    assertThat(read.usage())
        .containsExactly(
            new MeasurementBatch.Usage(ID, "A", 2, Instant.parse("2026-12-01T00:00:05Z")));
    assertThat(counters.drain().isEmpty()).isTrue();
  }

  @Test
  void plus_addsCountsAndKeepsTheLargerMaximumAndLastUse() {
    MeasurementBatch first =
        new MeasurementBatch(
            java.util.List.of(new MeasurementBatch.Bucket("field", "Q.f", "observed", 3, 2)),
            java.util.List.of(new MeasurementBatch.Maximum("field", "Q.f", "observed", 3)),
            java.util.List.of(new MeasurementBatch.Usage(ID, "", 3, Instant.ofEpochSecond(10))));
    MeasurementBatch later =
        new MeasurementBatch(
            java.util.List.of(
                new MeasurementBatch.Bucket("field", "Q.f", "observed", 3, 1),
                new MeasurementBatch.Bucket("field", "Q.f", "observed", 9, 1)),
            java.util.List.of(new MeasurementBatch.Maximum("field", "Q.f", "observed", 9)),
            java.util.List.of(new MeasurementBatch.Usage(ID, "", 2, Instant.ofEpochSecond(20))));

    MeasurementBatch merged = first.plus(later);

    // bucket 3: 2 + 1; bucket 9: 1; max(3, 9); requests 3 + 2, the later last use
    assertThat(merged.buckets())
        .containsExactly(
            new MeasurementBatch.Bucket("field", "Q.f", "observed", 3, 3),
            new MeasurementBatch.Bucket("field", "Q.f", "observed", 9, 1));
    assertThat(merged.maxima())
        .containsExactly(new MeasurementBatch.Maximum("field", "Q.f", "observed", 9));
    assertThat(merged.usage())
        .containsExactly(new MeasurementBatch.Usage(ID, "", 5, Instant.ofEpochSecond(20)));
    assertThat(merged.rows()).isEqualTo(4);
  }

  @Test
  void read_wrongMeasureForItsKind_badRequestNamingIt() {
    String body =
        "{\"buckets\":[{\"kind\":\"field\",\"subject\":\"Q.f\",\"measure\":\"actual\",\"bucket\":1,"
            + "\"count\":1}],\"maxima\":[],\"usage\":[]}";

    assertThatThrownBy(() -> MeasurementJson.read(body.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(InvalidMeasurementsException.class)
        .hasMessage(
            "measurement batch: buckets[0].measure of kind field must be one of [observed,"
                + " requested], got \"actual\"")
        .extracting(e -> ((InvalidMeasurementsException) e).code())
        .isEqualTo("BAD_REQUEST");
  }

  @Test
  void sizeBuckets_lastBucketHoldsLongMax() {
    assertThat(SizeBuckets.upperBound(SizeBuckets.LAST)).isEqualTo(Long.MAX_VALUE);
    assertThat(SizeBuckets.bucketOf(1023)).isEqualTo(1023);
    // 1024 = 2^10: the first step of exponent 10
    assertThat(SizeBuckets.bucketOf(1024)).isEqualTo(1024);
  }
}
