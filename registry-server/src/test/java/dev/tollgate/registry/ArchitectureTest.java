package dev.tollgate.registry;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The package structure, checked over the compiled main classes of the server and of the modules it
 * depends on (tollgate-core, tollgate-redis; their own rules are the core's ArchitectureTest):
 * feature packages form no cycle, nor do the packages within them, only the wiring package ({@code
 * dev.tollgate.registry}) may import them all and nothing imports it, only the wiring reads the
 * config, SQL stays in the store and HTTP in the adapters.
 */
final class ArchitectureTest {

  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          // the core's test helpers, which a packaged build puts on the class path as a jar
          .withImportOption(location -> !location.contains("-tests.jar"))
          .importPackages("dev.tollgate.registry");

  @Test
  void featurePackages_dependOnEachOther_withoutCycles() {
    slices().matching("dev.tollgate.registry.(*)..").should().beFreeOfCycles().check(MAIN);
  }

  /**
   * Within a feature too, each package is its own slice: the store's row records ({@code
   * store.internal}) are imported by the store and import nothing of it.
   */
  @Test
  void packages_dependOnEachOther_withoutCycles() {
    slices().matching("dev.tollgate.registry.(**)").should().beFreeOfCycles().check(MAIN);
  }

  @Test
  void storeRows_importNothingOfTheStore() {
    noClasses()
        .that()
        .resideInAPackage("dev.tollgate.registry.store.internal..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.tollgate.registry.store")
        .check(MAIN);
  }

  @Test
  void wiringPackage_isImportedByNoFeaturePackage() {
    noClasses()
        .that()
        .resideOutsideOfPackage("dev.tollgate.registry")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.tollgate.registry")
        .check(MAIN);
  }

  /** Features are handed their own settings by the wiring; only the wiring reads the config. */
  @Test
  void config_isImportedOnlyByTheWiring() {
    noClasses()
        .that()
        .resideOutsideOfPackages("dev.tollgate.registry", "dev.tollgate.registry.config..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.tollgate.registry.config..")
        .check(MAIN);
  }

  @Test
  void jdbi_isUsedOnlyByTheStore() {
    noClasses()
        .that()
        .resideOutsideOfPackage("dev.tollgate.registry.store..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("org.jdbi..")
        .check(MAIN);
  }

  @Test
  void javalin_isUsedOnlyByTheHttpAdapterAndTheWiring() {
    noClasses()
        .that()
        .resideOutsideOfPackages("dev.tollgate.registry.http..", "dev.tollgate.registry")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.javalin..")
        .check(MAIN);
  }
}
