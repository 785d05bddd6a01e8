package dev.tollgate.client.manifest;

import dev.tollgate.client.TollgateClientException;

/** A manifest file that is not JSON, or not one of the formats {@link ManifestReader} accepts. */
public final class ManifestFormatException extends TollgateClientException {

  ManifestFormatException(String source, String problem) {
    super(source + ": " + problem);
  }

  ManifestFormatException(String source, String problem, Throwable cause) {
    super(source + ": " + problem, cause);
  }

  @Override
  public String code() {
    return "MANIFEST_INVALID";
  }
}
