package dev.tollgate.client;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;

/** Test resources as paths. */
public final class TestFiles {

  private TestFiles() {}

  public static Path resource(String name) {
    URL url = TestFiles.class.getClassLoader().getResource(name);
    if (url == null) {
      throw new IllegalArgumentException("no test resource " + name);
    }
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException(name, e);
    }
  }
}
