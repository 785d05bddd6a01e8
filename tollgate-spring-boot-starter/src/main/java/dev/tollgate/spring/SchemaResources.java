package dev.tollgate.spring;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.graphql.autoconfigure.GraphQlProperties;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * The SDL text of the application's schema, read where Spring for GraphQL reads it ({@code
 * spring.graphql.schema.locations} and {@code file-extensions}), so Tollgate computes the schema's
 * fingerprint as the registry does and compares it with the registry's active one. Only a schema of
 * one file has a text the registry can have been given whole.
 */
final class SchemaResources {

  private static final Logger LOG = LoggerFactory.getLogger(SchemaResources.class);

  private SchemaResources() {}

  /** The text of the one schema file; {@code null} (logged) when there are none or several. */
  static @Nullable String sdl(ResourcePatternResolver resolver, GraphQlProperties.Schema schema) {
    List<Resource> found = new ArrayList<>();
    try {
      for (String location : schema.getLocations()) {
        for (String extension : schema.getFileExtensions()) {
          for (Resource resource : resolver.getResources(location + "*" + extension)) {
            if (resource.exists()) {
              found.add(resource);
            }
          }
        }
      }
      if (found.size() != 1) {
        LOG.info(
            "tollgate: {} schema files under spring.graphql.schema.locations; the schema's"
                + " fingerprint is compared with the registry's only for a schema of one file",
            found.size());
        return null;
      }
      try (InputStream in = found.get(0).getInputStream()) {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      LOG.info("tollgate: the schema files cannot be read for the fingerprint: {}", e.toString());
      return null;
    }
  }
}
