package dev.tollgate.registry.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tollgate.registry.RegistryServer;
import dev.tollgate.registry.docs.MarkdownDoc;
import java.lang.reflect.RecordComponent;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/configuration.md held to the code: the example under "## Every key" loads and starts as a
 * user runs it from the clone root, every key the loader accepts ({@link ConfigKeys}) is in one of
 * that section's tables, every key in them is one the loader accepts, and every default written as
 * a number, a switch or a choice is the code's. Adding a setting without documenting it fails here.
 */
final class ConfigReferenceTest {

  private static final MarkdownDoc EVERY_KEY =
      MarkdownDoc.read("docs/configuration.md").section("## Every key");

  /**
   * Keys documented for changes that land in the same release from other branches ({@code
   * http.host}: the bind address; {@code upstream.unkeyedHeaders}: forwarded headers the response
   * cache does not key on). Each is checked not to be a key yet: once it is, remove it from here
   * and add it to the example.
   */
  private static final Set<String> AHEAD_OF_CODE = Set.of();

  /** What a list element must hold to load at all: an admin token's secret. */
  private static final Map<String, String> REQUIRED = Map.of("adminTokens[]", "token");

  /**
   * What {@code auth.jwt} must hold to load at all (it is checked as a whole): the demo's JWK set,
   * the parties, the claim and a policy it maps to (under {@code policies}).
   */
  private static final String JWT_REQUIRED =
      "{\"jwksFile\": \"classpath:dev/tollgate/registry/demo/demo-jwks.json\", \"issuer\": \"i\","
          + " \"audience\": \"a\", \"policyClaim\": \"scope\", \"policies\": {\"s\": \"p\"}}";

  @TempDir Path dir;

  @Test
  void example_loadsFromTheCloneRoot_andStarts() throws Exception {
    // as `--config tollgate.json --port 0 --data-dir <dir>` with the file in the clone root
    ServerConfig config =
        ConfigLoader.parse(EVERY_KEY.firstJsonBlock(), 0, dir.resolve("data"), MarkdownDoc.ROOT);

    assertThat(config.schema().path()).isNotNull();
    assertThat(Files.isRegularFile(config.schema().path()))
        .as("schema.path %s exists", config.schema().path())
        .isTrue();
    try (RegistryServer server = RegistryServer.start(config)) {
      HttpResponse<String> health =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(
                          URI.create("http://localhost:" + server.port() + "/health"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertThat(health.statusCode()).as(health.body()).isEqualTo(200);
    }
  }

  @Test
  void everyKey_isInATable() {
    List<String> missing = new ArrayList<>(ConfigKeys.leaves(ConfigKeys.of()));
    missing.removeAll(documentedKeys());

    assertThat(missing)
        .as(
            "config keys missing from the tables under \"## Every key\" in docs/configuration.md"
                + " (a row each: key, default, meaning, validation)")
        .isEmpty();
  }

  @Test
  void everyKeyInTheTables_isAKey() {
    Set<String> unknown = new LinkedHashSet<>(documentedKeys());
    unknown.removeAll(ConfigKeys.of().keySet());
    unknown.removeAll(AHEAD_OF_CODE);

    assertThat(unknown)
        .as("keys in docs/configuration.md's tables that the config loader does not accept")
        .isEmpty();
  }

  @Test
  void keysAheadOfTheCode_areDocumentedAndNotKeysYet() {
    assertThat(documentedKeys()).containsAll(AHEAD_OF_CODE);
    for (String key : AHEAD_OF_CODE) {
      assertThat(ConfigKeys.of())
          .as(
              "%s is a config key now: remove it from ConfigReferenceTest.AHEAD_OF_CODE and add it"
                  + " to the example in docs/configuration.md",
              key)
          .doesNotContainKey(key);
    }
  }

  @Test
  void everyKey_isAcceptedByTheLoader() {
    for (String key : ConfigKeys.leaves(ConfigKeys.of())) {
      String file = fileSetting(key).toString();

      assertThatCode(() -> ConfigLoader.parse(file, -1, dir, MarkdownDoc.ROOT))
          .as(file)
          .doesNotThrowAnyException();
    }
  }

  @Test
  void everyDefault_isTheCodes() throws Exception {
    ServerConfig defaults =
        ConfigLoader.parse(
            "{\"keys\": {\"k\": {}}, \"adminTokens\": [{\"token\": \"t\"}]}",
            -1,
            dir,
            MarkdownDoc.ROOT);
    List<String> wrong = new ArrayList<>();
    for (String key : ConfigKeys.leaves(ConfigKeys.of())) {
      String shown = shown(valueAt(defaults, key));
      String cell = defaultCell(key);
      if (shown != null
          && cell != null
          && !Pattern.compile(Pattern.quote(shown) + "\\b.*").matcher(cell).matches()) {
        wrong.add(key + ": the code's default is " + shown + ", the table says " + cell);
      }
    }

    assertThat(wrong).isEmpty();
  }

  @Test
  void everyKeyOfTheDefaults_isDocumented() {
    SettingsBinder binder = new SettingsBinder(JsonMapper.builder().build(), NullNode.instance);
    List<String> leaves = new ArrayList<>();
    for (Map.Entry<String, List<Record>> section : ConfigSections.SECTIONS.entrySet()) {
      for (Record settings : section.getValue()) {
        leaves(section.getKey(), binder.tree(settings), leaves);
      }
    }
    leaves(
        ConfigSections.ADMIN_TOKENS + "[]",
        binder.tree(ConfigSections.adminTokenDefaults()),
        leaves);
    List<String> missing = new ArrayList<>(leaves);
    missing.removeAll(documentedKeys());

    assertThat(leaves).contains("gateway.refreshMillis", "upstream.unkeyedHeaders");
    assertThat(missing)
        .as(
            "keys of the settings' defaults missing from the tables under \"## Every key\" in"
                + " docs/configuration.md")
        .isEmpty();
  }

  /** The paths of the leaves of {@code tree}: values, lists and maps (an empty object). */
  private static void leaves(String path, JsonNode tree, List<String> leaves) {
    if (!tree.isObject() || tree.isEmpty()) {
      leaves.add(path);
      return;
    }
    for (Map.Entry<String, JsonNode> field : tree.properties()) {
      if (field.getValue().isObject() && !field.getValue().isEmpty()) {
        // a map's keys are the file's own (upstream.headers): the map is the leaf
        leaves.add(path + "." + field.getKey());
      } else {
        leaves(path + "." + field.getKey(), field.getValue(), leaves);
      }
    }
  }

  /** The keys in the first column of the tables under "## Every key". */
  private static List<String> documentedKeys() {
    List<String> keys = new ArrayList<>();
    for (List<String> row : EVERY_KEY.tableRows()) {
      keys.addAll(MarkdownDoc.codeSpans(row.get(0)));
    }
    return keys;
  }

  /** The default column of {@code key}'s row, without backticks. */
  private static @Nullable String defaultCell(String key) {
    for (List<String> row : EVERY_KEY.tableRows()) {
      if (MarkdownDoc.codeSpans(row.get(0)).contains(key)) {
        return row.get(1).replace("`", "");
      }
    }
    return null;
  }

  /** A file setting {@code key} to null (its default), with what its list element needs. */
  private static ObjectNode fileSetting(String key) {
    ObjectNode root = JsonNodeFactory.instance.objectNode();
    ObjectNode node = root;
    String[] segments = key.split("\\.");
    StringBuilder path = new StringBuilder();
    for (int i = 0; i < segments.length - 1; i++) {
      String segment = segments[i];
      path.append(path.isEmpty() ? "" : ".").append(segment);
      if (segment.endsWith("[]")) {
        node = node.putArray(segment.substring(0, segment.length() - 2)).addObject();
        String required = REQUIRED.get(path.toString());
        if (required != null) {
          node.put(required, "required");
        }
      } else {
        node = node.putObject(segment.equals("<key>") ? "k" : segment);
      }
      if (path.toString().equals("auth.jwt")) {
        node.setAll((ObjectNode) read(JWT_REQUIRED));
        if (!root.has("policies")) {
          root.putObject("policies").putObject("p");
        }
      }
    }
    String last = segments[segments.length - 1];
    if (!node.has(last)) {
      node.putNull(last);
    }
    return root;
  }

  private static JsonNode read(String json) {
    try {
      return new com.fasterxml.jackson.databind.ObjectMapper().readTree(json);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * The value at {@code key} in {@code config}, else in the defaults of the record of its section
   * that holds it ({@link ConfigSections#SECTIONS}), or null where the path is neither.
   */
  private static @Nullable Object valueAt(Object config, String key) throws Exception {
    Object loaded = valueIn(config, key);
    if (loaded != null) {
      return loaded;
    }
    String[] path = key.split("\\.", 2);
    for (Record settings : ConfigSections.SECTIONS.getOrDefault(path[0], List.of())) {
      Object value = path.length == 2 ? valueIn(settings, path[1]) : null;
      if (value != null) {
        return value;
      }
    }
    return null;
  }

  /** The value at {@code key} in {@code config}, or null where the path is not a component. */
  private static @Nullable Object valueIn(Object config, String key) throws Exception {
    Object node = config;
    for (String segment : key.split("\\.")) {
      boolean element = segment.endsWith("[]");
      String name = element ? segment.substring(0, segment.length() - 2) : segment;
      node =
          name.equals("<key>")
              ? ((Map<?, ?>) node).values().iterator().next()
              : component(node, name);
      if (node == null) {
        return null;
      }
      node = element ? ((List<?>) node).get(0) : node;
    }
    return node;
  }

  private static @Nullable Object component(Object record, String name) throws Exception {
    if (!record.getClass().isRecord()) {
      return null;
    }
    for (RecordComponent component : record.getClass().getRecordComponents()) {
      if (component.getName().equals(name)) {
        return component.getAccessor().invoke(record);
      }
    }
    return null;
  }

  /**
   * A default as the tables write it first in its cell; null for one they describe in words
   * (strings, paths, lists, maps, none).
   */
  private static @Nullable String shown(@Nullable Object value) {
    if (value instanceof Double number && number == Math.rint(number)) {
      return Long.toString(number.longValue());
    }
    if (value instanceof Number || value instanceof Boolean) {
      return value.toString();
    }
    if (value instanceof Enum<?> choice) {
      return choice.name().toLowerCase(Locale.ROOT);
    }
    return null;
  }
}
