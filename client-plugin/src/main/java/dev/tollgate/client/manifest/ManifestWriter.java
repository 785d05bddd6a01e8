package dev.tollgate.client.manifest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a manifest in Apollo's {@code apollo-persisted-query-manifest} v1 format: fixed key order,
 * two-space indentation, {@code \n} line ends and a final newline, so the same manifest always has
 * the same bytes.
 */
public final class ManifestWriter {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final ObjectWriter PRETTY = MAPPER.writer(prettyPrinter());

  private ManifestWriter() {}

  /** The manifest as JSON text. */
  public static String toJson(Manifest manifest) {
    try {
      return PRETTY.writeValueAsString(toTree(manifest)) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise manifest", e);
    }
  }

  /**
   * The manifest as compact JSON (no whitespace), for sending a manifest that was not read from a
   * file: a request body is not for reading.
   */
  public static String toCompactJson(Manifest manifest) {
    try {
      return MAPPER.writeValueAsString(toTree(manifest));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise manifest", e);
    }
  }

  /**
   * Writes the manifest to {@code file}, creating its parent folders.
   *
   * @throws UncheckedIOException when the file cannot be written
   */
  public static void write(Manifest manifest, Path file) {
    try {
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      Files.writeString(file, toJson(manifest), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write manifest " + file, e);
    }
  }

  private static ObjectNode toTree(Manifest manifest) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("format", Manifest.FORMAT);
    root.put("version", Manifest.VERSION);
    ArrayNode operations = root.putArray("operations");
    for (ManifestOperation operation : manifest.operations()) {
      ObjectNode node = operations.addObject();
      node.put("id", operation.id());
      node.put("name", operation.name());
      node.put("type", operation.type());
      node.put("body", operation.body());
    }
    return root;
  }

  private static DefaultPrettyPrinter prettyPrinter() {
    DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
    return new DefaultPrettyPrinter()
        .withObjectIndenter(indenter)
        .withArrayIndenter(indenter)
        .withSeparators(
            Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER));
  }
}
