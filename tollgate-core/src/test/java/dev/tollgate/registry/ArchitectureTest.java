package dev.tollgate.registry;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The core's package structure, checked over its compiled main classes: its packages form no cycle,
 * pricing stays a pure function, and nothing reaches for HTTP, storage, Redis or metrics (the
 * enforcer bans those libraries from the build; this rule also covers the JDK's own).
 */
final class ArchitectureTest {

  private static final JavaClasses CORE =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
          .importPackages("dev.tollgate.registry");

  @Test
  void corePackages_dependOnEachOther_withoutCycles() {
    slices().matching("dev.tollgate.registry.(*)..").should().beFreeOfCycles().check(CORE);
  }

  @Test
  void pricing_dependsOnNoAdmissionCatalogOrPolicy() {
    noClasses()
        .that()
        .resideInAPackage("dev.tollgate.registry.pricing..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.tollgate.registry.admission..",
            "dev.tollgate.registry.catalog..",
            "dev.tollgate.registry.policy..")
        .check(CORE);
  }

  @Test
  void core_usesNoHttpStorageRedisOrMetrics() {
    noClasses()
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "java.net.http..",
            "java.sql..",
            "javax.sql..",
            "io.javalin..",
            "org.eclipse.jetty..",
            "jakarta.servlet..",
            "org.jdbi..",
            "org.flywaydb..",
            "com.zaxxer..",
            "redis.clients..",
            "io.micrometer..")
        .check(CORE);
  }
}
