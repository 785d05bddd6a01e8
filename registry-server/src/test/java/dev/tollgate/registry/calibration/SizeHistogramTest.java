package dev.tollgate.registry.calibration;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SizeHistogramTest {

  @Test
  void record_outOfOrder_bucketsAscendingWithCountsAndMax() {
    SizeHistogram histogram = new SizeHistogram();
    for (long value : new long[] {40, 3, 40, -2, 3000, 40}) {
      histogram.record(value);
    }

    // -2 counts in bucket 0; 3000 = 0b1011_1011_1000: exponent 11, next four bits 0111 = 7,
    // so bucket 1024 + (11 - 10) * 16 + 7 = 1047
    assertThat(buckets(histogram)).containsExactly("0:1", "3:1", "40:3", "1047:1");
    assertThat(histogram.count()).isEqualTo(6);
    assertThat(histogram.max()).isEqualTo(3000);
    assertThat(histogram.countIn(40)).isEqualTo(3);
    assertThat(histogram.countIn(41)).isZero();
  }

  @Test
  void percentile_nearestRank_neverAboveTheMax() {
    SizeHistogram histogram = new SizeHistogram();
    for (long value = 1; value <= 10; value++) {
      histogram.record(value);
    }
    histogram.record(3000); // 11 values

    // rank ceil(0.5 * 11) = 6: the sixth smallest, 6 (exact below 1024); rank ceil(0.95 * 11) = 11:
    // 3000's bucket 1047, whose upper bound ((16 + 7 + 1) << (11 - 4)) - 1 = 3071 is capped at the
    // max, 3000
    assertThat(histogram.percentile(0.5)).isEqualTo(6);
    assertThat(histogram.percentile(0.95)).isEqualTo(3000);
  }

  @Test
  void merge_addsBucketByBucketAndKeepsTheLargerMax() {
    SizeHistogram a = new SizeHistogram();
    a.record(5);
    a.record(9);
    SizeHistogram b = new SizeHistogram();
    b.record(9);
    b.record(1);
    b.record(200);

    a.merge(b);

    assertThat(buckets(a)).containsExactly("1:1", "5:1", "9:2", "200:1");
    assertThat(a.count()).isEqualTo(5);
    assertThat(a.max()).isEqualTo(200);
  }

  @Test
  void add_manyBuckets_growsAndStaysSorted() {
    SizeHistogram histogram = new SizeHistogram();
    for (int bucket = 50; bucket > 0; bucket--) {
      histogram.add(bucket, bucket);
    }

    List<String> seen = buckets(histogram);
    assertThat(seen).hasSize(50);
    for (int bucket = 1; bucket <= 50; bucket++) {
      assertThat(seen.get(bucket - 1)).isEqualTo(bucket + ":" + bucket);
    }
    assertThat(histogram.count()).isEqualTo(50 * 51 / 2);
  }

  private static List<String> buckets(SizeHistogram histogram) {
    List<String> seen = new ArrayList<>();
    histogram.forEachBucket((bucket, n) -> seen.add(bucket + ":" + n));
    return seen;
  }
}
