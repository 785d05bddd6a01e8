package dev.tollgate.bench.scale;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Releases versions of the app {@code sim} (each of {@link #OPERATIONS} documents of its own, so a
 * retired version's documents are held by no other), retires old ones ({@code ?force=true}: they
 * served requests) and activates a schema that makes the probe document dearer.
 */
final class SimPublisher {

  static final int OPERATIONS = 5;
  static final String APP = "sim";

  /** Never retired: the attackers' target and the schema's probe. */
  static final String PROBE = "query Probe { nodes(ids: [\"a\", \"b\"]) { id } }";

  /** A published version: its name and documents. */
  record Release(String version, List<String> ids) {}

  private final SimHttp http;
  private final List<SimChange> changes = new ArrayList<>();
  private final Map<String, Release> releases = new ConcurrentHashMap<>();
  private final List<String> failures = new ArrayList<>();

  SimPublisher(SimHttp http) {
    this.http = http;
  }

  /** Publishes the probe app; its answer must be 201. */
  String publishProbe(String base) {
    String id = sha256(PROBE);
    SimHttp.Answer answer =
        http.admin(base, "POST", "/v1/apps/probe/versions/1", manifest(List.of(PROBE)));
    if (answer.status() != 201 && answer.status() != 200) {
      throw new IllegalStateException("publishing the probe failed: " + answer);
    }
    return id;
  }

  /** Publishes release {@code n} through {@code base}; null when refused. */
  synchronized Release publish(String base, int via, int n) {
    List<String> bodies = new ArrayList<>();
    List<String> ids = new ArrayList<>();
    for (int j = 0; j < OPERATIONS; j++) {
      String body =
          "query R%dN%d { cargo(trackingId: \"r%d-%d\") { trackingId } }".formatted(n, j, n, j);
      bodies.add(body);
      ids.add(sha256(body));
    }
    String version = "r" + n;
    SimHttp.Answer answer =
        http.admin(base, "POST", "/v1/apps/" + APP + "/versions/" + version, manifest(bodies));
    long ack = System.currentTimeMillis();
    if (answer.status() != 201) {
      failures.add(
          "publish "
              + version
              + " via gateway "
              + via
              + ": "
              + answer.status()
              + " "
              + answer.code());
      return null;
    }
    Release release = new Release(version, List.copyOf(ids));
    releases.put(version, release);
    changes.add(new SimChange("publish", version, ack, via, ids.get(0), 0));
    return release;
  }

  synchronized boolean retire(String base, int via, Release release) {
    SimHttp.Answer answer =
        http.admin(
            base,
            "DELETE",
            "/v1/apps/" + APP + "/versions/" + release.version() + "?force=true",
            null);
    long ack = System.currentTimeMillis();
    if (answer.status() != 200) {
      failures.add("retire " + release.version() + ": " + answer.status() + " " + answer.code());
      return false;
    }
    changes.add(new SimChange("retire", release.version(), ack, via, release.ids().get(0), 0));
    return true;
  }

  /**
   * Stores the bundled demo schema with {@code @cost(weight: 2)} on {@code Query.nodes} and
   * activates it; the probe's price goes from {@code before} to whatever the gateways then show.
   */
  synchronized boolean activateDearerSchema(String base, int via, String probeId, long before)
      throws IOException {
    String sdl;
    try (InputStream in =
        SimPublisher.class.getResourceAsStream("/dev/tollgate/registry/demo/cargo.graphqls")) {
      sdl = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    String dearer =
        sdl.replace(
            "@listSize(slicingArguments: [\"ids\"])",
            "@listSize(slicingArguments: [\"ids\"]) @cost(weight: 2)");
    ObjectNode body = SimHttp.JSON.createObjectNode().put("sdl", dearer);
    SimHttp.Answer stored = http.admin(base, "POST", "/v1/schemas", body.toString());
    if (stored.status() != 201 && stored.status() != 200) {
      failures.add("schema store: " + stored.status() + " " + stored.code());
      return false;
    }
    String fingerprint = stored.body().path("fingerprint").asText();
    SimHttp.Answer active =
        http.admin(base, "POST", "/v1/schemas/" + fingerprint + "/activate", null);
    long ack = System.currentTimeMillis();
    if (active.status() != 200) {
      failures.add("schema activate: " + active.status() + " " + active.code());
      return false;
    }
    // Measured through the gateway that made the change, once it answers with the new price.
    long after = before;
    long deadline = System.currentTimeMillis() + 20_000;
    while (after == before && System.currentTimeMillis() < deadline) {
      SimHttp.Answer probe = http.byId(base, SimGateways.WEB_KEY, probeId);
      after = probe.admitted() ? probe.estimated() : before;
    }
    changes.add(new SimChange("schema", fingerprint.substring(0, 8), ack, via, probeId, after));
    return after != before;
  }

  synchronized List<SimChange> changes() {
    return List.copyOf(changes);
  }

  Map<String, Release> releases() {
    return releases;
  }

  synchronized List<String> failures() {
    return List.copyOf(failures);
  }

  private static String manifest(List<String> bodies) {
    ObjectNode map = SimHttp.JSON.createObjectNode();
    for (String body : bodies) {
      map.put(sha256(body), body);
    }
    return map.toString();
  }

  static String sha256(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
