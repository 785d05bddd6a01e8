package dev.tollgate.client.manifest;

import dev.tollgate.client.TollgateClientException;

/** A manifest file that is not JSON, or not one of the formats {@link ManifestReader} accepts. */
public final class ManifestFormatException extends TollgateClientException {

  private final String source;

  ManifestFormatException(String source, String problem) {
    super(source + ": " + problem);
    this.source = source;
  }

  ManifestFormatException(String source, String problem, Throwable cause) {
    super(source + ": " + problem, cause);
    this.source = source;
  }

  /** The file (or other source) that was being read. */
  public String source() {
    return source;
  }

  @Override
  public String code() {
    return "MANIFEST_INVALID";
  }
}
