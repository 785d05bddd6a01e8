package dev.tollgate.registry.cli;

import dev.tollgate.registry.auth.DemoJwt;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code jwt-demo-token}: prints a bearer token for the embedded demo, signed RS256 by the demo's
 * key ({@link DemoJwt}). Options: {@code --subject S} ({@code sub}, default {@code demo-user}),
 * {@code --scope S} (default {@code partner}), {@code --ttl-seconds N} (default 3600). Exit 0, or 2
 * for a bad option.
 */
public final class JwtDemoTokenCommand {

  static final String USAGE =
      "usage: jwt-demo-token [--subject SUB] [--scope partner|web] [--ttl-seconds N]";

  private JwtDemoTokenCommand() {}

  public static int run(String[] args, PrintStream out, PrintStream err) {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("--subject", "demo-user");
    options.put("--scope", "partner");
    options.put("--ttl-seconds", "3600");
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--help") || args[i].equals("-h")) {
        out.println(USAGE);
        return 0;
      }
      if (!options.containsKey(args[i]) || i + 1 == args.length) {
        err.println("unknown or incomplete option: " + args[i]);
        err.println(USAGE);
        return 2;
      }
      options.put(args[i], args[++i]);
    }
    long ttl;
    try {
      ttl = Long.parseLong(options.getOrDefault("--ttl-seconds", ""));
    } catch (NumberFormatException e) {
      err.println("--ttl-seconds must be a whole number of seconds");
      return 2;
    }
    if (ttl <= 0) {
      err.println("--ttl-seconds must be positive: " + ttl);
      return 2;
    }
    out.println(
        DemoJwt.token(
            options.getOrDefault("--subject", "demo-user"),
            options.getOrDefault("--scope", "partner"),
            Duration.ofSeconds(ttl),
            Instant.now()));
    return 0;
  }
}
