package dev.tollgate.registry.demo;

import static dev.tollgate.registry.demo.DemoResponses.at;
import static dev.tollgate.registry.demo.DemoResponses.errors;
import static dev.tollgate.registry.demo.DemoResponses.run;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tollgate.registry.document.DocumentHash;
import graphql.ExecutionInput;
import graphql.GraphQLContext;
import graphql.ParseAndValidate;
import graphql.ParseAndValidateResult;
import graphql.analysis.FieldComplexityEnvironment;
import graphql.analysis.QueryComplexityCalculator;
import graphql.execution.CoercedVariables;
import graphql.execution.RawVariables;
import graphql.execution.ValuesResolver;
import graphql.language.NonNullType;
import graphql.language.OperationDefinition;
import graphql.language.VariableDefinition;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The demo manifest, {@code manifests/cargo-web.json}, as packaged on the classpath. */
final class DemoManifestTest {

  private static final String MANIFEST = "/demo/manifests/cargo-web.json";

  /** Variables a web client would send with each operation. */
  private static final Map<String, Map<String, @Nullable Object>> EXAMPLE_VARIABLES =
      Map.of(
          "TrackCargo", Map.of("trackingId", "ABC123"),
          "CargoList", Map.of("first", 2),
          "HandlingEvents", Map.of("trackingId", "ABC123"),
          "CargoDashboard", Map.of(),
          "LocationLookup", Map.of("ids", List.of("loc_NLRTM", "loc_USNYC")),
          "HandlingEventDetail", Map.of("id", "evt_000001"),
          "RegisterHandlingEvent",
              Map.of(
                  "input",
                  Map.of(
                      "trackingId",
                      "DEF456",
                      "type",
                      "UNLOAD",
                      "locationCode",
                      "JPTYO",
                      "voyageNumber",
                      "0102S",
                      "completionTime",
                      "2026-10-08T06:00:00Z")));

  record Operation(String id, String name, String type, String body) {
    @Override
    public String toString() {
      return name;
    }
  }

  record Manifest(String format, int version, List<Operation> operations) {}

  private final DemoService demo = new DemoService();

  static List<Operation> operations() throws IOException {
    return manifest().operations();
  }

  @Test
  void manifest_header_isApolloV1WithSixToEightOperations() throws IOException {
    Manifest manifest = manifest();

    assertThat(manifest.format()).isEqualTo("apollo-persisted-query-manifest");
    assertThat(manifest.version()).isEqualTo(1);
    assertThat(manifest.operations()).hasSizeBetween(6, 8);
    assertThat(manifest.operations())
        .extracting(Operation::name)
        .doesNotHaveDuplicates()
        .containsExactlyInAnyOrderElementsOf(EXAMPLE_VARIABLES.keySet());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("operations")
  void manifest_operationId_isSha256OfItsBody(Operation operation) {
    assertThat(operation.id()).isEqualTo(DocumentHash.of(operation.body()).hex());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("operations")
  void manifest_operationBody_parsesAndValidatesAsItsNameAndType(Operation operation) {
    ParseAndValidateResult result =
        ParseAndValidate.parseAndValidate(
            demo.schema(), ExecutionInput.newExecutionInput(operation.body()).build());

    assertThat(result.getSyntaxException()).isNull();
    assertThat(result.getValidationErrors()).isEmpty();
    List<OperationDefinition> definitions =
        result.getDocument().getDefinitionsOfType(OperationDefinition.class);
    assertThat(definitions)
        .singleElement()
        .satisfies(
            definition -> {
              assertThat(definition.getName()).isEqualTo(operation.name());
              assertThat(definition.getOperation().name().toLowerCase(Locale.ROOT))
                  .isEqualTo(operation.type());
            });
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("operations")
  void manifest_operationWithExampleVariables_executesWithoutErrors(Operation operation) {
    var body = run(demo, operation.body(), EXAMPLE_VARIABLES.get(operation.name()));

    assertThat(errors(body)).isEmpty();
    assertThat((Map<String, Object>) at(body, "data")).doesNotContainValue(null);
  }

  /**
   * Required variables without a default take the example value; they slice nothing but {@code
   * ids}.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("operations")
  void manifest_operationAtDefaultVariables_costsUnder1000InTheBookModel(Operation operation) {
    assertThat(bookCost(operation, Map.of())).isBetween(1, 999);
  }

  @Test
  void bookCost_knownOperations_matchTheHandWorkedNumbers() throws IOException {
    assertThat(bookCost(operation("CargoDashboard"), Map.of())).isEqualTo(161);
    assertThat(bookCost(operation("CargoList"), Map.of())).isEqualTo(181);
    assertThat(bookCost(operation("CargoList"), Map.of("first", 2))).isEqualTo(37);
  }

  @Test
  void manifest_cargoListFullPage_reportsOnlyTheGhi345BookingOutage() throws IOException {
    Operation cargoList = operation("CargoList");

    var body = run(demo, cargoList.body(), Map.of());

    assertThat((List<?>) at(body, "data", "cargos", "edges")).hasSize(8);
    assertThat(errors(body))
        .singleElement()
        .satisfies(
            error -> {
              assertThat(error).containsEntry("message", "booking service unavailable for GHI345");
              assertThat(error)
                  .containsEntry("path", List.of("cargos", "edges", 2, "node", "itinerary"));
            });
  }

  /** The book's model: 1 per field, paginated fields times first/last/10, nodes times its ids. */
  static int bookCost(Operation operation, Map<String, Object> variables) {
    var document =
        ParseAndValidate.parse(ExecutionInput.newExecutionInput(operation.body()).build())
            .getDocument();
    OperationDefinition definition =
        document.getDefinitionsOfType(OperationDefinition.class).get(0);
    Map<String, Object> raw = new HashMap<>(variables);
    for (VariableDefinition variable : definition.getVariableDefinitions()) {
      if (variable.getType() instanceof NonNullType && variable.getDefaultValue() == null) {
        raw.putIfAbsent(
            variable.getName(), EXAMPLE_VARIABLES.get(operation.name()).get(variable.getName()));
      }
    }
    DemoService demo = new DemoService();
    CoercedVariables coerced =
        ValuesResolver.coerceVariableValues(
            demo.schema(),
            definition.getVariableDefinitions(),
            RawVariables.of(raw),
            GraphQLContext.getDefault(),
            Locale.ROOT);
    return QueryComplexityCalculator.newCalculator()
        .schema(demo.schema())
        .document(document)
        .variables(coerced)
        .fieldComplexityCalculator(DemoManifestTest::bookFieldCost)
        .build()
        .calculate();
  }

  private static int bookFieldCost(FieldComplexityEnvironment environment, int childCost) {
    String name = environment.getField().getName();
    if (name.startsWith("__")) {
      return 0;
    }
    Map<String, Object> arguments = environment.getArguments();
    long size =
        switch (name) {
          case "cargos", "handlingHistory" -> pageSize(arguments);
          case "nodes" -> arguments.get("ids") instanceof List<?> ids ? ids.size() : 10;
          default -> 1;
        };
    return (int) Math.min(429_496, 1 + size * childCost);
  }

  private static long pageSize(Map<String, Object> arguments) {
    Object size = arguments.get("first") != null ? arguments.get("first") : arguments.get("last");
    return size instanceof Number number ? Math.max(0, number.longValue()) : 10;
  }

  private static Operation operation(String name) throws IOException {
    return operations().stream()
        .filter(operation -> operation.name().equals(name))
        .findFirst()
        .orElseThrow();
  }

  private static Manifest manifest() throws IOException {
    try (InputStream json = DemoManifestTest.class.getResourceAsStream(MANIFEST)) {
      assertThat(json).as("%s on the classpath", MANIFEST).isNotNull();
      return new ObjectMapper().readValue(json, Manifest.class);
    }
  }
}
