package dev.tollgate.registry.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

final class PackedTextTest {

  /* ---- pack ---- */

  @Test
  void pack_repetitiveText_deflatesBelowItsUtf8() {
    // 20 copies of a 17-character selection: 340 characters that deflate to a few dozen bytes
    String text = "{ cargo { id } } ".repeat(20);

    byte[] packed = PackedText.pack(text);

    assertThat(packed.length).isLessThan(100);
    assertThat(PackedText.unpack(packed)).isEqualTo(text);
  }

  @Test
  void pack_textTooShortToDeflate_isItsUtf8AfterOneByte() {
    // deflated, 5 bytes take 7 (a fixed-code block: 3 bits, 8 a literal, 7 to end) + 2 (form,
    // length) = 9: kept as is, 1 (form) + 5
    byte[] packed = PackedText.pack("{ a }");

    assertThat(packed).hasSize(6);
    assertThat(PackedText.unpack(packed)).isEqualTo("{ a }");
  }

  @Test
  void pack_emptyText_isOneByte() {
    assertThat(PackedText.pack("")).hasSize(1);
    assertThat(PackedText.unpack(PackedText.pack(""))).isEmpty();
  }

  /* ---- unpack ---- */

  @Test
  void unpack_nonAsciiText_givesTheExactText() {
    // characters of two and three UTF-8 bytes: the length kept is the UTF-8's, not the text's
    String text = "query Überblick { cargo(note: \"日本 ✓ é\") { id } }\n".repeat(3);

    String unpacked = PackedText.unpack(PackedText.pack(text));

    assertThat(unpacked).isEqualTo(text);
    assertThat(unpacked.getBytes(StandardCharsets.UTF_8))
        .isEqualTo(text.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void unpack_longText_givesTheExactText() {
    // 10,000 distinct numbered selections: a length of three varint bytes (over 16,383)
    StringBuilder text = new StringBuilder("{\n");
    for (int i = 0; i < 10_000; i++) {
      text.append("  a").append(i).append(": cargo { id }\n");
    }
    String document = text.append("}\n").toString();

    assertThat(PackedText.unpack(PackedText.pack(document))).isEqualTo(document);
  }

  @Test
  void unpack_manyThreadsAtOnce_eachGetsItsOwnText() throws Exception {
    // more threads than pooled inflaters, so some make their own and some are ended
    ExecutorService threads = Executors.newFixedThreadPool(PackedText.POOLED + 8);
    try {
      List<Future<Integer>> results = new ArrayList<>();
      for (int t = 0; t < PackedText.POOLED + 8; t++) {
        int thread = t;
        results.add(threads.submit(() -> roundTrips(thread)));
      }
      for (Future<Integer> result : results) {
        assertThat(result.get()).isEqualTo(500);
      }
    } finally {
      threads.shutdownNow();
    }
  }

  private static int roundTrips(int thread) {
    int same = 0;
    for (int i = 0; i < 500; i++) {
      String text = "query T" + thread + "_" + i + " { cargo { id trackingId id trackingId } }";
      if (PackedText.unpack(PackedText.pack(text)).equals(text)) {
        same++;
      }
    }
    return same;
  }
}
