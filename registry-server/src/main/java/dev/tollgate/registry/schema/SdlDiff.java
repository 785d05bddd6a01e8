package dev.tollgate.registry.schema;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import com.github.difflib.patch.DeltaType;
import java.util.ArrayList;
import java.util.List;

/**
 * The line difference between two schemas' SDL texts as stored, in hunks with {@code context}
 * unchanged lines around each change (a unified diff's shape). Lines are compared exactly; a
 * removed line is listed before the line that replaced it.
 *
 * @param added lines only in the second text
 * @param removed lines only in the first text
 */
public record SdlDiff(int added, int removed, List<Hunk> hunks) {

  /** The unchanged lines kept around each change. */
  public static final int CONTEXT = 3;

  public SdlDiff {
    hunks = List.copyOf(hunks);
  }

  /** What a line of a hunk is. */
  public enum Kind {
    CONTEXT,
    ADDED,
    REMOVED
  }

  /**
   * One line: its text and its 1-based number in the first text ({@code from}) and in the second
   * ({@code to}), 0 where it is not in that text.
   */
  public record Line(Kind kind, String text, int from, int to) {}

  /** A run of changes with their context. */
  public record Hunk(List<Line> lines) {
    public Hunk {
      lines = List.copyOf(lines);
    }
  }

  /** The difference from {@code from} to {@code to}, with {@code context} lines around changes. */
  public static SdlDiff between(String from, String to, int context) {
    List<Line> lines = compare(from.lines().toList(), to.lines().toList());
    int added = 0;
    int removed = 0;
    for (Line line : lines) {
      added += line.kind() == Kind.ADDED ? 1 : 0;
      removed += line.kind() == Kind.REMOVED ? 1 : 0;
    }
    return new SdlDiff(added, removed, hunks(lines, context));
  }

  /** Every line of both texts in order, each marked unchanged, added or removed. */
  private static List<Line> compare(List<String> from, List<String> to) {
    List<Line> lines = new ArrayList<>();
    for (AbstractDelta<String> delta : DiffUtils.diff(from, to, true).getDeltas()) {
      int f = delta.getSource().getPosition() + 1;
      int t = delta.getTarget().getPosition() + 1;
      if (delta.getType() == DeltaType.EQUAL) {
        for (String text : delta.getSource().getLines()) {
          lines.add(new Line(Kind.CONTEXT, text, f++, t++));
        }
        continue;
      }
      for (String text : delta.getSource().getLines()) {
        lines.add(new Line(Kind.REMOVED, text, f++, 0));
      }
      for (String text : delta.getTarget().getLines()) {
        lines.add(new Line(Kind.ADDED, text, 0, t++));
      }
    }
    return lines;
  }

  /** Changed lines with up to {@code context} unchanged lines either side; close runs merge. */
  private static List<Hunk> hunks(List<Line> lines, int context) {
    List<Hunk> hunks = new ArrayList<>();
    int start = -1;
    int end = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).kind() == Kind.CONTEXT) {
        continue;
      }
      if (start >= 0 && i - context > end + 1) {
        hunks.add(new Hunk(lines.subList(start, end + 1)));
        start = -1;
      }
      if (start < 0) {
        start = Math.max(0, i - context);
      }
      end = Math.min(lines.size() - 1, i + context);
    }
    if (start >= 0) {
      hunks.add(new Hunk(lines.subList(start, end + 1)));
    }
    return hunks;
  }
}
