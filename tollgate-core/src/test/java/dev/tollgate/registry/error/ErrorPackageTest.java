package dev.tollgate.registry.error;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The error vocabulary is one enum of distinct codes, in a package that needs no other, so that no
 * feature package reaches back into the wiring package: the root package forms no cycle. Reads the
 * main sources (the module's directory is the working directory of the tests).
 */
final class ErrorPackageTest {

  private static final Path MAIN = Path.of("src/main/java/dev/tollgate/registry");
  private static final Pattern SERVER_TYPE =
      Pattern.compile("dev\\.tollgate\\.registry\\.([a-z]\\w*\\.)*[A-Z]\\w*");
  private static final Pattern ROOT_TYPE = Pattern.compile("dev\\.tollgate\\.registry\\.[A-Z]\\w*");

  @Test
  void errorCode_everyCode_distinctAndUpperSnakeCase() {
    Set<String> codes = new HashSet<>();
    for (ErrorCode code : ErrorCode.values()) {
      assertThat(code.code()).matches("[A-Z][A-Z_]*[A-Z]");
      assertThat(codes.add(code.code()))
          .as("%s is the code of two constants", code.code())
          .isTrue();
    }
  }

  @Test
  void errorCode_status_isItsKinds() {
    assertThat(ErrorCode.PERSISTED_QUERY_NOT_IN_LIST.status()).isEqualTo(404);
    assertThat(ErrorCode.RATE_LIMITED.status()).isEqualTo(429);
    assertThat(ErrorCode.UPSTREAM_ERROR.status()).isEqualTo(502);
    assertThat(ErrorCode.BUDGET_STORE_UNAVAILABLE.status()).isEqualTo(503);
  }

  @Test
  void errorPackage_sources_nameNoOtherServerType() throws IOException {
    List<String> uses = new ArrayList<>();
    for (Path source : sources(MAIN.resolve("error"))) {
      Matcher matcher = SERVER_TYPE.matcher(read(source));
      while (matcher.find()) {
        if (!matcher.group().startsWith("dev.tollgate.registry.error.")) {
          uses.add(source.getFileName() + ": " + matcher.group());
        }
      }
    }
    assertThat(uses).isEmpty();
  }

  @Test
  void subpackages_sources_nameNoTypeOfTheRootPackage() throws IOException {
    List<Path> sources = sources(MAIN);
    List<String> uses = new ArrayList<>();
    for (Path source : sources) {
      if (source.getParent().equals(MAIN)) {
        continue;
      }
      Matcher matcher = ROOT_TYPE.matcher(read(source));
      while (matcher.find()) {
        uses.add(MAIN.relativize(source) + ": " + matcher.group());
      }
    }
    assertThat(sources)
        .as("the main sources under %s", MAIN.toAbsolutePath())
        .hasSizeGreaterThan(100);
    assertThat(uses).isEmpty();
  }

  private static List<Path> sources(Path directory) throws IOException {
    try (Stream<Path> files = Files.walk(directory)) {
      return files.filter(file -> file.toString().endsWith(".java")).sorted().toList();
    }
  }

  private static String read(Path source) throws IOException {
    return Files.readString(source, StandardCharsets.UTF_8);
  }
}
