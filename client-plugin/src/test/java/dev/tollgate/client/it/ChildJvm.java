package dev.tollgate.client.it;

import java.util.List;

/**
 * JVM options for the short-lived JVMs the integration tests start ({@code java -jar}, the nested
 * {@code mvn}, the registry-server jar): the C1 compiler only and the serial collector. A run of a
 * few seconds is mostly class loading and interpretation, which C2 and G1's background threads only
 * slow down on a 2-core machine; they halve the CPU time of a nested build and do not change what
 * the program does.
 */
final class ChildJvm {

  static final List<String> OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

  private ChildJvm() {}

  /** {@code MAVEN_OPTS} for a nested build: the caller's, then {@link #OPTIONS}. */
  static String mavenOpts(String inherited) {
    String options = String.join(" ", OPTIONS);
    return inherited.isBlank() ? options : inherited + " " + options;
  }
}
