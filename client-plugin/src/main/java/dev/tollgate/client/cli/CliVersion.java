package dev.tollgate.client.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the project version, filtered into {@code version.properties} by Maven. */
final class CliVersion implements IVersionProvider {

  @Override
  public String[] getVersion() {
    return new String[] {"tollgate-maven-plugin " + version()};
  }

  static String version() {
    try (InputStream in = CliVersion.class.getResourceAsStream("version.properties")) {
      if (in == null) {
        return "unknown";
      }
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }
}
