package dev.tollgate.registry.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A Markdown file of the clone (README.md, docs/*.md) as the tests that hold it to the code read
 * it: its sections by heading, its tables as rows of cells, its code spans and its JSON blocks. The
 * tests run in the module's folder, so the clone root is its parent.
 */
public final class MarkdownDoc {

  /** The clone root. */
  public static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  private static final Pattern CODE_SPAN = Pattern.compile("`([^`]+)`");
  private static final Pattern SEPARATOR = Pattern.compile("\\|(\\s*:?-+:?\\s*\\|)+");

  private final String name;
  private final List<String> lines;

  private MarkdownDoc(String name, List<String> lines) {
    this.name = name;
    this.lines = List.copyOf(lines);
  }

  /** The file at {@code relative} to the clone root. */
  public static MarkdownDoc read(String relative) {
    try {
      return new MarkdownDoc(relative, Files.readAllLines(ROOT.resolve(relative)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public String name() {
    return name;
  }

  public String text() {
    return String.join("\n", lines);
  }

  /**
   * From the line {@code heading} (e.g. {@code "## Every key"}) to the next heading of its level or
   * a higher one, outside code blocks.
   *
   * @throws AssertionError when there is no such heading
   */
  public MarkdownDoc section(String heading) {
    int start = lines.indexOf(heading);
    if (start < 0) {
      throw new AssertionError(name + " has no heading " + heading);
    }
    int level = heading.indexOf(' ');
    boolean fenced = false;
    int end = start + 1;
    for (; end < lines.size(); end++) {
      String line = lines.get(end);
      fenced ^= line.startsWith("```");
      if (!fenced && headingLevel(line) > 0 && headingLevel(line) <= level) {
        break;
      }
    }
    return new MarkdownDoc(name + " (" + heading + ")", lines.subList(start, end));
  }

  /**
   * The content of the first fenced {@code json} block.
   *
   * @throws AssertionError when there is none
   */
  public String firstJsonBlock() {
    List<String> blocks = jsonBlocks();
    if (blocks.isEmpty()) {
      throw new AssertionError(name + " has no ```json block");
    }
    return blocks.get(0);
  }

  /** The content of every fenced {@code json} block, in order. */
  public List<String> jsonBlocks() {
    List<String> blocks = new ArrayList<>();
    @Nullable StringBuilder block = null;
    for (String line : lines) {
      if (block == null && line.equals("```json")) {
        block = new StringBuilder();
      } else if (block != null && line.equals("```")) {
        blocks.add(block.toString());
        block = null;
      } else if (block != null) {
        block.append(line).append('\n');
      }
    }
    return blocks;
  }

  /** The body rows of every table, each as its trimmed cells; header rows are left out. */
  public List<List<String>> tableRows() {
    List<List<String>> rows = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).trim();
      boolean header = i + 1 < lines.size() && SEPARATOR.matcher(lines.get(i + 1).trim()).matches();
      if (line.startsWith("|") && !header && !SEPARATOR.matcher(line).matches()) {
        rows.add(cells(line));
      }
    }
    return rows;
  }

  /** The code spans of {@code text}, without their backticks. */
  public static List<String> codeSpans(String text) {
    List<String> spans = new ArrayList<>();
    Matcher matcher = CODE_SPAN.matcher(text);
    while (matcher.find()) {
      spans.add(matcher.group(1));
    }
    return spans;
  }

  /** {@code | a | b \| c |} as {@code [a, b | c]}. */
  private static List<String> cells(String row) {
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    for (int i = 1; i < row.length(); i++) {
      char c = row.charAt(i);
      if (c == '\\' && i + 1 < row.length() && row.charAt(i + 1) == '|') {
        cell.append('|');
        i++;
      } else if (c == '|') {
        cells.add(cell.toString().trim());
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    return cells;
  }

  private static int headingLevel(String line) {
    int level = 0;
    while (level < line.length() && line.charAt(level) == '#') {
      level++;
    }
    return level > 0 && level < line.length() && line.charAt(level) == ' ' ? level : 0;
  }
}
