package dev.tollgate.registry.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.measure.MeasurementBatch.Bucket;
import dev.tollgate.registry.measure.MeasurementBatch.Maximum;
import java.util.List;
import org.junit.jupiter.api.Test;

class MeasurementCountersTest {

  @Test
  void drain_valuesRecordedOutOfOrder_bucketsInOrderWithTheirCountsAndTheMaximum() {
    MeasurementCounters counters = new MeasurementCounters();
    MeasurementCounters.Histogram histogram = counters.histogram("actual", "doc:Op", "cost");
    // below 1024 a value is its own bucket; 2000 falls in 1024 + (10 - 10) * 16 + 15 = 1039
    // (2000 = 0b111_1101_0000: exponent 10, the four bits after the leading one are 1111)
    for (long value : new long[] {7, 2000, 3, 7, -5, 2000, 7}) {
      histogram.record(value);
    }

    MeasurementBatch batch = counters.drain();

    assertThat(batch.buckets())
        .containsExactly(
            new Bucket("actual", "doc:Op", "cost", 0, 1), // -5 counts in bucket 0
            new Bucket("actual", "doc:Op", "cost", 3, 1),
            new Bucket("actual", "doc:Op", "cost", 7, 3),
            new Bucket("actual", "doc:Op", "cost", 1039, 2));
    assertThat(batch.maxima()).containsExactly(new Maximum("actual", "doc:Op", "cost", 2000));
  }

  @Test
  void drain_twice_secondHoldsOnlyWhatCameAfterTheFirst() {
    MeasurementCounters counters = new MeasurementCounters();
    MeasurementCounters.Histogram histogram = counters.histogram("actual", "doc:Op", "cost");
    histogram.record(5);
    counters.drain();

    assertThat(counters.drain().buckets()).isEmpty();

    histogram.record(9); // the handle stays valid across drains
    histogram.record(1);
    MeasurementBatch third = counters.drain();
    assertThat(third.buckets())
        .containsExactly(
            new Bucket("actual", "doc:Op", "cost", 1, 1),
            new Bucket("actual", "doc:Op", "cost", 9, 1));
    assertThat(third.maxima()).containsExactly(new Maximum("actual", "doc:Op", "cost", 9));
  }

  @Test
  void record_manyDistinctBuckets_eachCounted() {
    MeasurementCounters counters = new MeasurementCounters();
    MeasurementCounters.Histogram histogram = counters.histogram("k", "s", "m");
    for (int round = 0; round < 2; round++) {
      for (long value = 99; value >= 0; value--) { // descending: every value inserted in front
        histogram.record(value);
      }
    }

    List<Bucket> buckets = counters.drain().buckets();

    assertThat(buckets).hasSize(100);
    for (int value = 0; value < 100; value++) {
      assertThat(buckets.get(value)).isEqualTo(new Bucket("k", "s", "m", value, 2));
    }
  }
}
