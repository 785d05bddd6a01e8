package dev.tollgate.registry;

import dev.tollgate.registry.config.DemoConfig;
import dev.tollgate.registry.config.ServerConfig;
import dev.tollgate.registry.http.AdminToken;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.schema.SchemaSettings;
import dev.tollgate.registry.store.StoreLocation;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a started server is, printed once on stdout: where it listens, its store, schema and model,
 * its upstream and the headers its response cache keys on, its policies by mode, and warnings for
 * configs under which nothing can be published or called. The demo's credentials follow when it
 * runs the demo.
 */
final class StartBanner {

  private StartBanner() {}

  static void print(
      PrintStream out, ServerConfig config, RegistryServer server, boolean demo, String version) {
    out.println(lines(config, server.port(), server.catalog().activeCount(), demo, version));
  }

  static String lines(
      ServerConfig config, int port, long activeDocuments, boolean demo, String version) {
    StringBuilder text = new StringBuilder();
    text.append("Tollgate ")
        .append(version)
        .append(demo ? " (embedded demo)" : "")
        .append(" listening on ")
        .append(where(config.http().host(), port))
        .append('\n');
    line(text, "store", StoreLocation.describe(config.store().jdbcUrl()));
    line(text, "schema", schema(config.schema()));
    line(
        text,
        "upstream",
        config.upstream().url() == null ? "in-process demo service" : config.upstream().url());
    line(text, "cache key", "on " + config.upstream().describeCacheKey());
    line(text, "policies", policies(config));
    line(text, "documents", activeDocuments + " active");
    for (String warning : warnings(config)) {
      text.append("warning: ").append(warning).append('\n');
    }
    if (demo) {
      text.append(demoCredentials());
    }
    return text.toString().stripTrailing();
  }

  /** {@code http://127.0.0.1:8080 (this machine only)}, {@code http://0.0.0.0:8080 (…)}. */
  static String where(String host, int port) {
    String url = "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    if (ListenAddress.loopbackOnly(host)) {
      return url + " (this machine only)";
    }
    return ListenAddress.everyInterface(host) ? url + " (all interfaces)" : url;
  }

  private static void line(StringBuilder text, String label, String value) {
    text.append("  ").append(String.format(Locale.ROOT, "%-10s", label)).append(value).append('\n');
  }

  private static String schema(SchemaSettings schema) {
    String source = schema.path() == null ? "bundled cargo schema" : schema.path().toString();
    return source
        + ", "
        + schema.model().name().toLowerCase(Locale.ROOT)
        + " model (fragment spreads: "
        + schema.fragmentSpreads().name().toLowerCase(Locale.ROOT)
        + ")";
  }

  /** {@code 3: trusted 2 (anonymous, web), open 1 (partner)}. */
  static String policies(ServerConfig config) {
    Map<String, List<String>> byMode = new TreeMap<>();
    List<KeyPolicy> all = new ArrayList<>(config.keys().values());
    all.add(config.anonymous());
    for (KeyPolicy policy : all) {
      byMode
          .computeIfAbsent(policy.mode().name().toLowerCase(Locale.ROOT), mode -> new ArrayList<>())
          .add(policy.name());
    }
    List<String> parts = new ArrayList<>();
    byMode.forEach(
        (mode, names) -> {
          names.sort(null);
          parts.add(mode + " " + names.size() + " (" + String.join(", ", names) + ")");
        });
    return all.size() + ": " + String.join(", ", parts);
  }

  /** Configs that start but cannot work. */
  static List<String> warnings(ServerConfig config) {
    List<String> warnings = new ArrayList<>();
    if (config.adminTokens().isEmpty()) {
      warnings.add(
          "no admin token (adminTokens): only tokens issued at runtime (POST /v1/tokens) are accepted; without one, nothing can be published");
    }
    List<String> exposed = publicCredentials(config);
    if (!exposed.isEmpty() && !ListenAddress.loopbackOnly(config.http().host())) {
      warnings.add(
          "the demo's public credentials ("
              + String.join(", ", exposed)
              + ") are accepted from beyond this machine ("
              + config.http().host()
              + "): anyone who can reach this port may use them; listen on 127.0.0.1"
              + " (--host 127.0.0.1) or use a config with credentials of your own");
    }
    KeyPolicy anonymous = config.anonymous();
    if (config.keys().isEmpty()
        && anonymous.mode() == KeyPolicy.Mode.TRUSTED
        && anonymous.apps().isEmpty()) {
      warnings.add(
          "no keys and the anonymous policy runs no app (anonymous.apps): nothing can be called");
    }
    return warnings;
  }

  /** The demo's published credentials ({@link DemoConfig#PUBLIC_CREDENTIALS}) that it accepts. */
  private static List<String> publicCredentials(ServerConfig config) {
    List<String> found = new ArrayList<>();
    for (AdminToken token : config.adminTokens()) {
      if (DemoConfig.PUBLIC_CREDENTIALS.contains(token.token())) {
        found.add(token.token());
      }
    }
    for (String key : new TreeMap<>(config.keys()).keySet()) {
      if (DemoConfig.PUBLIC_CREDENTIALS.contains(key)) {
        found.add(key);
      }
    }
    return found;
  }

  private static String demoCredentials() {
    return String.format(
        Locale.ROOT,
        """
        demo credentials:
          admin token   %s   (Authorization: Bearer ..., /v1 publish and retire)
          trusted key   %s     (X-API-Key, app %s, registered ids only)
          open key      %s (X-API-Key, any document, analysed)
        """,
        DemoConfig.ADMIN_TOKEN,
        DemoConfig.TRUSTED_KEY,
        DemoConfig.DEMO_APP,
        DemoConfig.OPEN_KEY);
  }
}
