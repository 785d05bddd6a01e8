package dev.tollgate.registry.demo;

import dev.tollgate.registry.admission.UpstreamRequest;
import dev.tollgate.registry.upstream.UpstreamResponse;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Runs a document through a {@link DemoService} and reads paths out of the response body. */
final class DemoResponses {

  private DemoResponses() {}

  static Map<String, @Nullable Object> run(
      DemoService service, String query, Map<String, @Nullable Object> variables) {
    UpstreamResponse response = service.execute(new UpstreamRequest(query, null, variables));
    if (response.status() != 200) {
      throw new AssertionError("demo answered " + response.status());
    }
    return response.body().asMap();
  }

  static Map<String, @Nullable Object> run(DemoService service, String query) {
    return run(service, query, Map.of());
  }

  /**
   * The value at a path of map keys and list indexes, e.g. {@code at(body, "data", "cargos",
   * "edges", 0)}.
   */
  @SuppressWarnings("unchecked")
  static <T> @Nullable T at(@Nullable Object root, Object... path) {
    Object current = root;
    for (Object step : path) {
      if (current == null) {
        return null;
      }
      current =
          step instanceof Integer index
              ? ((List<Object>) current).get(index)
              : ((Map<String, Object>) current).get(step);
    }
    return (T) current;
  }

  static List<Map<String, Object>> errors(Map<String, @Nullable Object> body) {
    List<Map<String, Object>> errors = at(body, "errors");
    return errors == null ? List.of() : errors;
  }
}
