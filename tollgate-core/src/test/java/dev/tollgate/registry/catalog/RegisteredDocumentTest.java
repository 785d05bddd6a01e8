package dev.tollgate.registry.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.AnalysedDocument;
import dev.tollgate.registry.pricing.CostModel;
import dev.tollgate.registry.pricing.OperationNotFoundException;
import dev.tollgate.registry.pricing.OperationPricer;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.UnExecutableSchemaGenerator;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

final class RegisteredDocumentTest {

  private static final String ONE = "query Cargo {\n  cargo(trackingId: \"ABC123\") { id }\n}\n";
  private static final String TWO =
      "query A { cargo(trackingId: \"A\") { id } }\n"
          + "query B { cargos(first: 3) { edges { node { id } } } }\n";

  private final OperationPricer pricer =
      new OperationPricer(
          UnExecutableSchemaGenerator.makeUnExecutableSchema(
              new SchemaParser().parse(resource("/dev/tollgate/registry/demo/cargo.graphqls"))),
          CostModel.book());

  /* ---- text ---- */

  @Test
  void text_packedDocument_isTheExactTextWithItsWhitespace() {
    RegisteredDocument document = registered(ONE);

    assertThat(document.text()).isEqualTo(ONE);
    assertThat(DocumentHash.of(document.text())).isEqualTo(document.hash());
  }

  @Test
  void text_askedAgain_theStringUnpackedBefore() {
    RegisteredDocument document = registered(ONE);

    String first = document.text();

    // unpacked once, then found among the texts unpacked last: the same string, not a new one
    assertThat(document.text()).isSameAs(first);
    // a document with the same text is another entry: its own unpacking, an equal string
    RegisteredDocument twin = registered(ONE);
    assertThat(twin.text()).isEqualTo(first).isNotSameAs(first);
  }

  /* ---- select ---- */

  @Test
  void select_oneOperation_byNoNameOrItsName() {
    RegisteredDocument document = registered(ONE);

    assertThat(document.select(null).name()).isEqualTo("Cargo");
    assertThat(document.select("").name()).isEqualTo("Cargo");
    assertThat(document.select("Cargo").name()).isEqualTo("Cargo");
    assertThatThrownBy(() -> document.select("Other"))
        .isInstanceOf(OperationNotFoundException.class)
        .hasMessage("Unknown operation named 'Other'.");
  }

  @Test
  void select_twoOperations_byNameOnly() {
    RegisteredDocument document = registered(TWO);

    assertThat(document.select("B").name()).isEqualTo("B");
    assertThat(document.operations()).extracting(op -> op.name()).containsExactly("A", "B");
    assertThatThrownBy(() -> document.select(null))
        .isInstanceOf(OperationNotFoundException.class)
        .hasMessageStartingWith("Must provide operation name");
  }

  /* ---- operations ---- */

  @Test
  void operations_oneOperation_isAListOfIt() {
    RegisteredDocument document = registered(ONE);

    assertThat(document.operations()).singleElement().isSameAs(document.select(null));
    assertThat(document.operationCount()).isEqualTo(1);
  }

  @Test
  void equals_sameTextAndOperations_isEqual() {
    AnalysedDocument analysed = pricer.analyse(ONE, 1_000);
    RegisteredDocument a =
        new RegisteredDocument(DocumentHash.of(ONE), ONE, analysed.operations(), false);
    RegisteredDocument b =
        new RegisteredDocument(DocumentHash.of(ONE), ONE, analysed.operations(), false);

    assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
    assertThat(a).isNotEqualTo(registered(TWO));
  }

  private RegisteredDocument registered(String text) {
    AnalysedDocument analysed = pricer.analyse(text, 1_000);
    return new RegisteredDocument(DocumentHash.of(text), text, analysed.operations(), false);
  }

  private static String resource(String path) {
    try (InputStream in = RegisteredDocumentTest.class.getResourceAsStream(path)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
