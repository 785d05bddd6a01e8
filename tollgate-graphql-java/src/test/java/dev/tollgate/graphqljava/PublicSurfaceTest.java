package dev.tollgate.graphqljava;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The library's public surface stays a builder, the hooks it builds, the caller resolver and the
 * reader that follows a registry over HTTP.
 */
final class PublicSurfaceTest {

  @Test
  void publicTypes_areTheBuilderAndTheResolver() {
    Set<String> publicTypes = new TreeSet<>();
    for (JavaClass type :
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.tollgate.graphqljava")) {
      if (type.getModifiers().contains(JavaModifier.PUBLIC)) {
        publicTypes.add(type.getName());
      }
    }

    assertThat(publicTypes)
        .containsExactly(
            "dev.tollgate.graphqljava.CallerResolver",
            "dev.tollgate.graphqljava.HttpRegistry",
            "dev.tollgate.graphqljava.HttpRegistry$Builder",
            "dev.tollgate.graphqljava.TollgateGraphQL",
            "dev.tollgate.graphqljava.TollgateGraphQLBuilder");
  }
}
