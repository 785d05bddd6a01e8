package dev.tollgate.registry.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tollgate.registry.document.DocumentHash;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The columns of a report read back as the impacts they were given, in their order. */
final class ImpactRowsTest {

  private static final DocumentHash FIRST = DocumentHash.of("query A { a }");
  private static final DocumentHash SECOND = DocumentHash.of("query B { b }");

  @Test
  void get_eachRow_theImpactAppended() {
    ImpactRows rows = new ImpactRows(3);
    rows.append("app", "1", FIRST, "A", "2", "1 + 3", 2, 4, ImpactStatus.DEARER, List.of());
    rows.append("app", "1", SECOND, null, "5", null, 5, 0, ImpactStatus.BROKEN, List.of("gone"));
    rows.append("app", "2", FIRST, "A", "2", "2", 2, 2, ImpactStatus.UNCHANGED, List.of());

    assertThat(rows)
        .containsExactly(
            new OperationImpact(
                "app", "1", FIRST.hex(), "A", "2", "1 + 3", 2, 4L, ImpactStatus.DEARER, List.of()),
            new OperationImpact(
                "app",
                "1",
                SECOND.hex(),
                null,
                "5",
                null,
                5,
                null,
                ImpactStatus.BROKEN,
                List.of("gone")),
            new OperationImpact(
                "app", "2", FIRST.hex(), "A", "2", "2", 2, 2L, ImpactStatus.UNCHANGED, List.of()));
    assertThatThrownBy(() -> rows.get(3)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void report_ofRows_countsAndBrokenFromTheColumns() {
    ImpactRows rows = new ImpactRows(3);
    rows.append("app", "1", FIRST, "A", "2", "4", 2, 4, ImpactStatus.DEARER, List.of());
    rows.append("app", "1", SECOND, "B", "5", null, 5, 0, ImpactStatus.BROKEN, List.of("gone"));
    rows.append("app", "2", FIRST, "A", "2", "4", 2, 4, ImpactStatus.DEARER, List.of());

    ImpactReport report = new ImpactReport("f", rows);

    // 3 rows: 2 dearer, 1 broken, every other status 0
    assertThat(report.summary())
        .isEqualTo(
            Map.of(
                ImpactStatus.UNCHANGED, 0,
                ImpactStatus.CHEAPER, 0,
                ImpactStatus.DEARER, 2,
                ImpactStatus.BROKEN, 1,
                ImpactStatus.OVER_LIMIT, 0));
    assertThat(report.broken()).extracting(OperationImpact::id).containsExactly(SECOND.hex());
    assertThat(report.operations()).isSameAs(rows);
  }
}
