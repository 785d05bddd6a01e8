package dev.tollgate.client.manifest;

import static java.util.Objects.requireNonNull;

/**
 * One entry of a persisted-query manifest.
 *
 * @param id the document id, SHA-256 hex of {@code body} for manifests this client writes
 * @param name the operation name
 * @param type {@code query}, {@code mutation} or {@code subscription}
 * @param body the full document text: the operation and every fragment it uses
 */
public record ManifestOperation(String id, String name, String type, String body) {

  public ManifestOperation {
    requireNonNull(id, "id");
    requireNonNull(name, "name");
    requireNonNull(type, "type");
    requireNonNull(body, "body");
    if (id.isBlank()) {
      throw new IllegalArgumentException(
          "operation id must not be blank (operation '" + name + "')");
    }
  }
}
