package dev.tollgate.bench;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A query from the book with its variables, read from {@code dev/tollgate/bench/cases/NAME.graphql}
 * and {@code NAME.json} (copies of the registry-server pricing fixtures), and the cost and depth
 * the fixtures expect.
 */
record BenchCase(String name, String text, Map<String, @Nullable Object> variables, long cost) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * {@code four-cargo} (s000-03), {@code chapter1} (s000-01), {@code variables} (s000-27 with n =
   * 2, s000-28).
   */
  static BenchCase named(String name) {
    long cost =
        switch (name) {
          case "four-cargo" -> 53;
          case "chapter1" -> 385_151;
          case "variables" -> 19;
          default -> throw new IllegalArgumentException("unknown case: " + name);
        };
    String text = resource(name + ".graphql");
    Map<String, @Nullable Object> variables;
    try {
      variables =
          JSON.readValue(
              resource(name + ".json"), new TypeReference<Map<String, @Nullable Object>>() {});
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    // read-only, as GatewayRequestReader hands them to AdmissionRequest (which then keeps them)
    return new BenchCase(name, text, Collections.unmodifiableMap(variables), cost);
  }

  private static String resource(String file) {
    try (InputStream in = BenchCase.class.getResourceAsStream("cases/" + file)) {
      if (in == null) {
        throw new IllegalArgumentException("no resource dev/tollgate/bench/cases/" + file);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
