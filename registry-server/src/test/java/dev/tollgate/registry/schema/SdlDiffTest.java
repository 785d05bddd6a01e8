package dev.tollgate.registry.schema;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.schema.SdlDiff.Kind;
import dev.tollgate.registry.schema.SdlDiff.Line;
import org.junit.jupiter.api.Test;

/** The SDL line diff, with every expected line written out by hand. */
final class SdlDiffTest {

  private static final String EIGHT = "1\n2\n3\n4\n5\n6\n7\n8\n";
  private static final String TWO_CHANGES = "1\ntwo\n3\n4\n5\n6\nseven\n8\n";

  @Test
  void between_sameText_noHunks() {
    SdlDiff diff = SdlDiff.between("type Query { a: Int }\n", "type Query { a: Int }", 3);

    // the final newline is no line of its own: both texts are one line
    assertThat(diff.added()).isZero();
    assertThat(diff.removed()).isZero();
    assertThat(diff.hunks()).isEmpty();
  }

  @Test
  void between_fieldReplaced_removedBeforeAddedWithContext() {
    String from = "type Query {\n  a: Int\n  b: Int\n}\n";
    String to = "type Query {\n  a: Int\n  c: String\n}\n";

    SdlDiff diff = SdlDiff.between(from, to, 1);

    // line 3 is replaced; one line of context: line 2 before, line 4 after (line 1 left out)
    assertThat(diff.added()).isEqualTo(1);
    assertThat(diff.removed()).isEqualTo(1);
    assertThat(diff.hunks()).hasSize(1);
    assertThat(diff.hunks().get(0).lines())
        .containsExactly(
            new Line(Kind.CONTEXT, "  a: Int", 2, 2),
            new Line(Kind.REMOVED, "  b: Int", 3, 0),
            new Line(Kind.ADDED, "  c: String", 0, 3),
            new Line(Kind.CONTEXT, "}", 4, 4));
  }

  @Test
  void between_distantChanges_twoHunks() {
    SdlDiff diff = SdlDiff.between(EIGHT, TWO_CHANGES, 1);

    // lines 2 and 7 change; with 1 line of context the hunks are 1..3 and 6..8, with lines 4 and
    // 5 between them left out
    assertThat(diff.added()).isEqualTo(2);
    assertThat(diff.removed()).isEqualTo(2);
    assertThat(diff.hunks()).hasSize(2);
    assertThat(diff.hunks().get(0).lines())
        .containsExactly(
            new Line(Kind.CONTEXT, "1", 1, 1),
            new Line(Kind.REMOVED, "2", 2, 0),
            new Line(Kind.ADDED, "two", 0, 2),
            new Line(Kind.CONTEXT, "3", 3, 3));
    assertThat(diff.hunks().get(1).lines())
        .containsExactly(
            new Line(Kind.CONTEXT, "6", 6, 6),
            new Line(Kind.REMOVED, "7", 7, 0),
            new Line(Kind.ADDED, "seven", 0, 7),
            new Line(Kind.CONTEXT, "8", 8, 8));
  }

  @Test
  void between_contextsTouch_oneHunk() {
    SdlDiff diff = SdlDiff.between(EIGHT, TWO_CHANGES, 2);

    // two lines of context: the first hunk ends at line 4, the second starts at line 5, so they
    // join into one hunk of all 8 lines of each text: 6 unchanged, 2 removed, 2 added
    assertThat(diff.hunks()).hasSize(1);
    assertThat(diff.hunks().get(0).lines()).hasSize(10);
    assertThat(diff.hunks().get(0).lines().get(5)).isEqualTo(new Line(Kind.CONTEXT, "5", 5, 5));
  }

  @Test
  void between_lineAddedAtTheEnd_numberedInTheNewTextOnly() {
    SdlDiff diff = SdlDiff.between("a\nb\n", "a\nb\nc\n", 3);

    assertThat(diff.added()).isEqualTo(1);
    assertThat(diff.removed()).isZero();
    assertThat(diff.hunks().get(0).lines())
        .containsExactly(
            new Line(Kind.CONTEXT, "a", 1, 1),
            new Line(Kind.CONTEXT, "b", 2, 2),
            new Line(Kind.ADDED, "c", 0, 3));
  }
}
