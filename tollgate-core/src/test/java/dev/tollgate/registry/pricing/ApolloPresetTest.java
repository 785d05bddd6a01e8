package dev.tollgate.registry.pricing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The apollo preset on bookstore.graphqls (and a nested-slicing schema). Weights used, from the
 * schema: objects, interfaces, unions 1; scalars and enums 0; Address 5; Book.reviews @cost 2 with
 *
 * @listSize(first, assumedSize 3); Format enum 2; Isbn scalar 3; Featured interface 7;
 *     addBook(authorName) 3; RestockInput.priority 4; input objects 1 (Apollo's rule); global list
 *     10.
 */
final class ApolloPresetTest {

  private static final int TOKENS = 5000;

  private static Measure price(String schema, String query, Map<String, @Nullable Object> vars) {
    OperationPricer pricer = Fixtures.pricer(schema, CostModel.apollo());
    Measure compiled = pricer.analyse(query, TOKENS).select(null).price().evaluate(vars);
    assertThat(pricer.walk(query, null, vars)).isEqualTo(compiled);
    return compiled;
  }

  private static long cost(String query) {
    return price("bookstore.graphqls", query, Map.of()).cost();
  }

  /* ---- @cost on fields and types ---- */

  @Test
  void price_fieldCostAndSlicing_fieldWeightReplacesTypeWeight() {
    // book 1 x (1 + reviews); reviews: list, first 4, weight 2 replaces Review's 1: 4 x (2 + 0) = 8
    assertThat(cost("{ book(id: 1) { reviews(first: 4) { stars } } }")).isEqualTo(9);
  }

  @Test
  void price_listWithoutSlicingArgument_usesAssumedSize() {
    // reviews requireOneSlicingArgument false, assumedSize 3: 3 x 2 = 6; book 1
    assertThat(cost("{ book(id: 1) { reviews { stars } } }")).isEqualTo(7);
  }

  @Test
  void price_enumWithCost_costsItsWeight() {
    // book 1 + format (Format @cost 2) = 3
    assertThat(cost("{ book(id: 1) { format } }")).isEqualTo(3);
  }

  @Test
  void price_scalarWithCost_costsItsWeight() {
    // book 1 + isbn (Isbn @cost 3) = 4; title 0
    assertThat(cost("{ book(id: 1) { isbn title } }")).isEqualTo(4);
  }

  @Test
  void price_interfaceWithCost_costsItsWeight() {
    // featured: Featured @cost 7, headline 0
    assertThat(cost("{ featured { headline } }")).isEqualTo(7);
  }

  @Test
  void price_inlineFragmentUnderInterface_addsItsFields() {
    // featured 7 + (... on FeaturedBook) book 1 + title 0 = 8
    assertThat(cost("{ featured { ... on FeaturedBook { book { title } } } }")).isEqualTo(8);
  }

  @Test
  void price_listWithoutListSize_usesGlobalListSize() {
    // allAuthors: [Author], no @listSize: 10 x (1 + 0) = 10
    assertThat(cost("{ allAuthors { name } }")).isEqualTo(10);
  }

  @Test
  void price_unionListWithSchemaDefaultSlicing_usesDefault() {
    // search limit defaults to 4 (counts as the one slicing argument): 4 x (SearchResult 1 + title
    // 0)
    assertThat(cost("{ search(term: \"x\") { ... on Book { title } } }")).isEqualTo(4);
  }

  @Test
  void price_listArgumentSlicing_countsItsLength() {
    // booksByIds(ids: 3 ids): 3 x (Book 1 + author 1) = 6; ids are ID scalars without @cost
    assertThat(cost("{ booksByIds(ids: [\"1\", \"2\", \"3\"]) { author { name } } }")).isEqualTo(6);
  }

  /* ---- mutations and argument costs ---- */

  @Test
  void price_mutationWithCostedArgument_addsBaseAndArgumentWeight() {
    // mutation base 10 + addBook (Book 1) + authorName @cost 3 + title 0 = 14
    assertThat(cost("mutation { addBook(title: \"T\", authorName: \"A\") { title } }"))
        .isEqualTo(14);
  }

  @Test
  void price_costedArgumentGivenNull_costsNothing() {
    // 10 + 1 + authorName null 0 = 11
    assertThat(cost("mutation { addBook(title: \"T\", authorName: null) { title } }"))
        .isEqualTo(11);
  }

  @Test
  void price_inputObjectArgument_addsObjectAndNestedFieldWeights() {
    // 10 + restock: [Book] assumedSize 2: 2 x 1 = 2; input: object 1 + isbns (list 0 + 2 x ID 0)
    // + priority @cost 4 = 5; total 17
    String query = "mutation { restock(input: {isbns: [\"a\", \"b\"], priority: 1}) { title } }";
    assertThat(cost(query)).isEqualTo(17);
  }

  @Test
  void price_inputObjectVariable_scoresTheVariablesValue() {
    String query = "mutation ($in: RestockInput!) { restock(input: $in) { title } }";
    Map<String, @Nullable Object> full =
        Map.of("in", Map.of("isbns", List.of("a", "b"), "priority", 1));
    Map<String, @Nullable Object> bare = Map.of("in", Map.of("isbns", List.of("a")));

    // same as the literal: 17; without priority: 10 + 2 + input object 1 = 13
    assertThat(price("bookstore.graphqls", query, full).cost()).isEqualTo(17);
    assertThat(price("bookstore.graphqls", query, bare).cost()).isEqualTo(13);
  }

  /* ---- sizedFields ---- */

  @Test
  void price_sizedFields_moveTheSizeOntoEdges() {
    // booksConnection is not a list: 1 x (BookConnection 1 + edges + totalCount 0);
    // edges sized by first 5: 5 x (BookEdge 1 + node (Book 1 + title 0)) = 10; total 11
    String query = "{ booksConnection(first: 5) { edges { node { title } } totalCount } }";
    assertThat(cost(query)).isEqualTo(11);
  }

  @Test
  void price_sizedFieldsWithoutSlicingArgument_useAssumedSize() {
    // assumedSize 20: edges 20 x 2 = 40; 1 + 40 = 41
    assertThat(cost("{ booksConnection { edges { node { title } } } }")).isEqualTo(41);
  }

  @Test
  void price_sizedFieldsThroughFragment_stillSized() {
    // as price_sizedFields_moveTheSizeOntoEdges, edges reached through a spread: 1 + 5 x 2 = 11
    String query =
        "{ booksConnection(first: 5) { ...E } } fragment E on BookConnection { edges { node { title } } }";
    assertThat(cost(query)).isEqualTo(11);
  }

  /* ---- fragments: every spread priced ---- */

  @Test
  void price_fragmentSpreadTwice_pricedAtEachSpread() {
    // a: book 1 + author 1 = 2; b the same again (apollo prices every spread): 4
    String query =
        "{ a: book(id: 1) { ...A } b: book(id: 2) { ...A } } fragment A on Book { author { name } }";
    assertThat(cost(query)).isEqualTo(4);
  }

  /* ---- requireOneSlicingArgument ---- */

  @Test
  void analyse_requiredSlicingArgumentMissing_refusesAsValidationError() {
    OperationPricer pricer = Fixtures.pricer("cargo.graphqls", CostModel.apollo());

    assertThatThrownBy(() -> pricer.analyse("{ cargos { pageInfo { hasNextPage } } }", TOKENS))
        .isInstanceOf(InvalidDocumentException.class)
        .hasMessageContaining(
            "Exactly one slicing argument is required for field 'cargos', but found 0")
        .extracting(e -> ((InvalidDocumentException) e).code())
        .isEqualTo("GRAPHQL_VALIDATION_FAILED");
  }

  @Test
  void analyse_twoSlicingArgumentsWhereOneIsRequired_refuses() {
    OperationPricer pricer = Fixtures.pricer("cargo.graphqls", CostModel.apollo());

    assertThatThrownBy(
            () ->
                pricer.analyse(
                    "{ cargos(first: 1, last: 1) { pageInfo { hasNextPage } } }", TOKENS))
        .isInstanceOf(InvalidDocumentException.class)
        .hasMessageContaining("but found 2");
  }

  @Test
  void analyse_requiredSlicingArgumentOnSkippedField_isNotRefused() {
    OperationPricer pricer = Fixtures.pricer("cargo.graphqls", CostModel.apollo());

    Measure measure =
        pricer
            .analyse("{ cargos @skip(if: true) { pageInfo { hasNextPage } } __typename }", TOKENS)
            .select(null)
            .price()
            .atDefaults();

    assertThat(measure).isEqualTo(new Measure(0, 0));
  }

  /* ---- nested input paths ---- */

  @Test
  void price_nestedSlicingPathLiteral_usesTheNestedValue() {
    // items: 3 x (Item 1 + owner 1) = 6; input object 1 + pagination object 1 + first 0 = 2; 8
    String query = "{ items(input: {pagination: {first: 3}}) { owner { name } } }";
    assertThat(price(NESTED, query, Map.of()).cost()).isEqualTo(8);
  }

  @Test
  void price_nestedSlicingPathAbsent_usesInputFieldDefault() {
    // Pagination.first defaults to 7: 7 x 2 = 14; arguments 1 + 1 = 2; 16
    String query = "{ items(input: {pagination: {}}) { owner { name } } }";
    assertThat(price(NESTED, query, Map.of()).cost()).isEqualTo(16);
  }

  @Test
  void price_nestedSlicingPathThroughVariable_readsTheVariable() {
    String query = "query ($p: Pagination) { items(input: {pagination: $p}) { owner { name } } }";

    // first 12: 12 x 2 = 24; input 1 + pagination object 1 (+ first 0) = 2; 26
    assertThat(price(NESTED, query, Map.of("p", Map.of("first", 12))).cost()).isEqualTo(26);
    // $p absent: no value, no assumedSize: global 10 x 2 = 20; input 1 + absent variable 0; 21
    assertThat(price(NESTED, query, Map.of()).cost()).isEqualTo(21);
  }

  private static final String NESTED = "../pricing/nested-slicing.graphqls";
}
