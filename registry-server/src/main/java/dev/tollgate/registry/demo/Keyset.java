package dev.tollgate.registry.demo;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Relay-style keyset pagination over a sorted list. A cursor is the base64 of a node id; paging
 * resolves that node and continues strictly after (or before) its sort key, so an insertion never
 * shifts a page the way an offset would. The page cap is 0..50; with neither first nor last the
 * page is 10.
 */
final class Keyset<T> {

  static final int MAX_PAGE = 50;
  static final int DEFAULT_PAGE = 10;

  private final Comparator<T> order;
  private final Function<T, String> idOf;
  private final Function<String, @Nullable Object> nodes;
  private final Class<T> type;

  Keyset(
      Class<T> type,
      Comparator<T> order,
      Function<T, String> idOf,
      Function<String, @Nullable Object> nodes) {
    this.type = type;
    this.order = order;
    this.idOf = idOf;
    this.nodes = nodes;
  }

  record Args(
      @Nullable Integer first,
      @Nullable String after,
      @Nullable Integer last,
      @Nullable String before) {}

  record Edge(String cursor, Object node) {}

  record PageInfo(
      boolean hasNextPage,
      boolean hasPreviousPage,
      @Nullable String startCursor,
      @Nullable String endCursor) {}

  record Connection(List<Edge> edges, PageInfo pageInfo) {}

  /**
   * One page of {@code sorted}.
   *
   * @throws DemoError {@code BAD_USER_INPUT} for a page size outside 0..50 or a cursor that names
   *     no node of this list
   */
  Connection page(List<T> sorted, Args args) {
    checkPageSize("first", args.first());
    checkPageSize("last", args.last());
    int from = args.after() == null ? 0 : boundary(sorted, "after", args.after(), true);
    int to =
        args.before() == null ? sorted.size() : boundary(sorted, "before", args.before(), false);
    to = Math.max(from, to);
    if (args.first() != null) {
      to = Math.min(to, from + args.first());
    } else if (args.last() == null) {
      to = Math.min(to, from + DEFAULT_PAGE);
    }
    if (args.last() != null) {
      from = Math.max(from, to - args.last());
    }
    return connection(sorted.subList(from, to), from > 0, to < sorted.size());
  }

  static String cursor(String id) {
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(id.getBytes(StandardCharsets.UTF_8));
  }

  private static void checkPageSize(String argument, @Nullable Integer size) {
    if (size != null && (size < 0 || size > MAX_PAGE)) {
      throw DemoError.badUserInput(argument + " must be between 0 and " + MAX_PAGE);
    }
  }

  /** The index just past the cursor's node (after) or at it (before). */
  private int boundary(List<T> sorted, String argument, String cursor, boolean after) {
    T key = decode(argument, cursor);
    int index = Collections.binarySearch(sorted, key, order);
    if (index < 0) {
      // A node of another list (another cargo's event): its key means nothing here.
      throw invalidCursor(argument, cursor);
    }
    return after ? index + 1 : index;
  }

  private static DemoError invalidCursor(String argument, String cursor) {
    return DemoError.badUserInput(argument + " is not a valid cursor: " + cursor);
  }

  private T decode(String argument, String cursor) {
    Object node = nodes.apply(decodeId(cursor));
    if (!type.isInstance(node)) {
      throw invalidCursor(argument, cursor);
    }
    return type.cast(node);
  }

  private static String decodeId(String cursor) {
    try {
      return new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return "";
    }
  }

  private Connection connection(List<T> page, boolean hasPrevious, boolean hasNext) {
    List<Edge> edges = page.stream().map(node -> new Edge(cursor(idOf.apply(node)), node)).toList();
    String start = edges.isEmpty() ? null : edges.get(0).cursor();
    String end = edges.isEmpty() ? null : edges.get(edges.size() - 1).cursor();
    return new Connection(edges, new PageInfo(hasNext, hasPrevious, start, end));
  }
}
