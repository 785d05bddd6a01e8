package dev.tollgate.registry.http;

import dev.tollgate.registry.schema.SdlDiff;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The wire form of {@code GET /v1/schemas/{from}/diff/{to}}: counts of added and removed lines, and
 * hunks of lines, each {@code {kind: context|added|removed, text, from, to}} with its 1-based line
 * numbers in either text (0 where the line is not in that text).
 */
record SchemaDiffBody(String from, String to, int added, int removed, List<HunkBody> hunks) {

  static SchemaDiffBody of(String from, String to, SdlDiff diff) {
    List<HunkBody> hunks = new ArrayList<>();
    for (SdlDiff.Hunk hunk : diff.hunks()) {
      List<LineBody> lines = new ArrayList<>();
      for (SdlDiff.Line line : hunk.lines()) {
        lines.add(
            new LineBody(
                line.kind().name().toLowerCase(Locale.ROOT), line.text(), line.from(), line.to()));
      }
      hunks.add(new HunkBody(lines));
    }
    return new SchemaDiffBody(from, to, diff.added(), diff.removed(), hunks);
  }

  record HunkBody(List<LineBody> lines) {}

  record LineBody(String kind, String text, int from, int to) {}
}
