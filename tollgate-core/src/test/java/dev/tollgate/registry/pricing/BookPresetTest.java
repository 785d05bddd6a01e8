package dev.tollgate.registry.pricing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The book preset beyond the fixture cases: its options and the schema weights it reads. */
final class BookPresetTest {

  private static final String F =
      " fragment F on Cargo { handlingHistory(first: 50) { edges { node { id } } } }";

  private static Measure price(String schema, CostModel model, String query) {
    OperationPricer pricer = Fixtures.pricer(schema, model);
    Measure compiled = pricer.analyse(query, 5000).select(null).price().atDefaults();
    assertThat(pricer.walk(query, null, Map.of())).isEqualTo(compiled);
    return compiled;
  }

  @Test
  void price_fragmentSpreadsEach_pricesTheSecondSpreadToo() {
    String query =
        "{ cargos(first: 50) { edges { node { ...F } } } "
            + "b: cargos(first: 50) { edges { node { ...F } } } }"
            + F;

    // s000-19 prices it 7,752 with the first spread only; each spread: 7,651 + 7,651 = 15,302
    Measure first = price("cargo.graphqls", CostModel.book(), query);
    Measure each =
        price("cargo.graphqls", CostModel.book().withFragmentSpreads(FragmentSpreads.EACH), query);

    assertThat(first.cost()).isEqualTo(7752);
    assertThat(each.cost()).isEqualTo(15_302);
  }

  @Test
  void price_fieldCostDirective_replacesTheBaseOfOne() {
    // book 1 + 1 x reviews; reviews: @cost 2 + first 4 x stars 1 = 6; 7
    Measure measure =
        price(
            "bookstore.graphqls",
            CostModel.book(),
            "{ book(id: 1) { reviews(first: 4) { stars } } }");

    assertThat(measure).isEqualTo(new Measure(7, 3));
  }

  @Test
  void price_otherDefaultListSize_leavesAssumedSizesAndPlainListsAlone() {
    CostModel model = CostModel.book().withDefaultListSize(3);

    // booksConnection: slicing first absent, assumedSize 20: 1 + 20 x totalCount 1 = 21
    assertThat(price("bookstore.graphqls", model, "{ booksConnection { totalCount } }").cost())
        .isEqualTo(21);
    // allAuthors has no @listSize: m = 1 whatever the default: 1 + 1 = 2
    assertThat(price("bookstore.graphqls", model, "{ allAuthors { name } }").cost()).isEqualTo(2);
  }

  @Test
  void price_listSizeWithoutAssumedSize_usesTheModelsDefaultPage() {
    // search(limit) given null: no value, no assumedSize: the default page 3: 1 + 3 x 1 = 4
    CostModel model = CostModel.book().withDefaultListSize(3);
    String query = "{ search(term: \"x\", limit: null) { ... on Author { name } } }";

    assertThat(price("bookstore.graphqls", model, query).cost()).isEqualTo(4);
  }
}
