package dev.tollgate.registry.demo;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.publish.PublishReport;
import dev.tollgate.registry.publish.Publisher;
import dev.tollgate.registry.publish.VersionRef;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The demo client's manifest ({@code manifests/cargo-web.json}, shipped in the jar), published at
 * start as app {@code cargo-web}. The version is named after the manifest's hash, so that a newer
 * jar with an edited manifest publishes a new version instead of conflicting with the old one, and
 * a restart with the same jar is a no-op.
 */
public final class DemoManifest {

  /** The demo client's app. */
  public static final String APP = "cargo-web";

  public static final String RESOURCE = "/demo/manifests/cargo-web.json";
  private static final Logger LOG = LoggerFactory.getLogger(DemoManifest.class);

  private DemoManifest() {}

  public static PublishReport publish(Publisher publisher) {
    byte[] manifest = read();
    VersionRef version = new VersionRef(APP, version(manifest));
    PublishReport report = publisher.publish(version, manifest, "demo", false);
    LOG.info("demo manifest published as {} {}", version.app(), version.version());
    return report;
  }

  /** {@code demo-} and the first 12 hex digits of the manifest's SHA-256. */
  public static String version(byte[] manifest) {
    return "demo-"
        + DocumentHash.of(new String(manifest, StandardCharsets.UTF_8)).hex().substring(0, 12);
  }

  public static byte[] read() {
    try (InputStream in = DemoManifest.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("demo manifest " + RESOURCE + " is missing from the jar");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
