package dev.tollgate.registry.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.admission.Refusal;
import dev.tollgate.registry.docs.MarkdownDoc;
import dev.tollgate.registry.error.ErrorCode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every error code is documented with the statuses the code answers it with. docs/gateway.md's
 * table is the full list of what {@code /graphql} answers, each code with its status in {@code
 * application/graphql-response+json} and in {@code application/json} ({@link
 * GatewayHeaders#status}); README's gateway table is a summary of it. docs/manifests.md's table is
 * the full list of the {@code /v1} API's codes, each with its kind's status ({@code
 * http.HttpErrors}). A new {@link ErrorCode} fails here until it is in one of them.
 */
final class ErrorCodeDocTest {

  private static final MarkdownDoc GATEWAY =
      MarkdownDoc.read("docs/gateway.md").section("## Every code and its status");
  private static final MarkdownDoc README =
      MarkdownDoc.read("README.md").section("## The gateway (`/graphql`)");
  private static final MarkdownDoc REGISTRY =
      MarkdownDoc.read("docs/manifests.md").section("## Every code and its status");

  /**
   * What {@code /graphql} never answers: the codes of the {@code /v1} API alone (publishing, the
   * store, schemas, the console's routes, the keys' routes, their parameters and tokens, a path no
   * route serves), and {@code CONFIG_INVALID}, which stops the start (exit code 2) and is never an
   * answer.
   */
  private static final Set<String> NOT_ON_THE_GATEWAY =
      Set.of(
          "INVALID_PARAMETER",
          "FORBIDDEN",
          "DOCUMENT_NOT_FOUND",
          "POLICY_NOT_FOUND",
          "MALFORMED_JSON",
          "MALFORMED_MANIFEST",
          "UNSUPPORTED_MANIFEST_FORMAT",
          "UNSUPPORTED_MANIFEST_VERSION",
          "EMPTY_MANIFEST",
          "DOCUMENT_ID_MISMATCH",
          "INVALID_OPERATIONS",
          "INVALID_APP_NAME",
          "INVALID_VERSION_NAME",
          "VERSION_CONFLICT",
          "VERSION_RETIRED",
          "VERSION_NOT_FOUND",
          "VERSION_IN_USE",
          "ALIAS_CONFLICT",
          "APP_NOT_FOUND",
          "INVALID_SCHEMA",
          "SCHEMA_NOT_FOUND",
          "SCHEMA_BREAKS_OPERATIONS",
          "ROUTE_NOT_FOUND",
          "INVALID_KEY_REQUEST",
          "UNKNOWN_POLICY",
          "KEY_NOT_FOUND",
          "KEY_REVOKED",
          "INVALID_TOKEN_REQUEST",
          "TOKEN_NOT_FOUND",
          "CONFIG_INVALID");

  /**
   * Codes documented for a change that lands in the same release from another branch ({@code
   * ROUTE_NOT_FOUND}: a method and path no route serves). Each is checked not to be a code yet:
   * once it is, remove it from here.
   */
  private static final Set<String> AHEAD_OF_CODE = Set.of();

  private static final Pattern STATUS = Pattern.compile("\\d{3}");
  private static final Pattern CODE = Pattern.compile("[A-Z][A-Z_]*[A-Z]");

  /* ---- /graphql ---- */

  @Test
  void gatewayTable_statusesAreTheGateways() {
    assertThat(statusRows(GATEWAY)).isNotEmpty();
    assertThat(wrongGatewayStatuses(GATEWAY)).isEmpty();
  }

  @Test
  void readmeTable_statusesAreTheGateways() {
    assertThat(statusRows(README)).isNotEmpty();
    assertThat(wrongGatewayStatuses(README)).isEmpty();
  }

  @Test
  void readmeTable_isInTheGatewayDoc() {
    List<ErrorCode> missing = codesIn(README, 2);
    missing.removeAll(codesIn(GATEWAY, 2));

    assertThat(missing).as("codes in README's gateway table but not in docs/gateway.md").isEmpty();
  }

  @Test
  void everyGatewayCode_isInTheGatewayDoc() {
    Set<ErrorCode> missing = EnumSet.complementOf(notOnTheGateway());
    missing.removeAll(codesIn(GATEWAY, 2));

    assertThat(missing)
        .as(
            "codes missing from docs/gateway.md's table (or, if /graphql never answers them, from"
                + " ErrorCodeDocTest.NOT_ON_THE_GATEWAY)")
        .isEmpty();
  }

  @Test
  void gatewayDoc_namesNoCodeTheGatewayNeverAnswers() {
    List<ErrorCode> listed = codesIn(GATEWAY, 2);
    listed.retainAll(notOnTheGateway());

    assertThat(listed).isEmpty();
  }

  /* ---- /v1 ---- */

  @Test
  void registryTable_statusesAreTheCodes() {
    List<String> wrong = new ArrayList<>();
    for (List<String> row : REGISTRY.tableRows()) {
      for (ErrorCode code : codes(row.get(1))) {
        if (!row.get(0).equals(Integer.toString(code.status()))) {
          wrong.add(code + ": " + code.status() + ", the table says " + row.get(0));
        }
      }
    }

    assertThat(codesIn(REGISTRY, 1)).isNotEmpty();
    assertThat(wrong).isEmpty();
  }

  @Test
  void everyRegistryCode_isInTheManifestsDoc() {
    Set<ErrorCode> missing = notOnTheGateway();
    missing.remove(ErrorCode.CONFIG_INVALID);
    missing.removeAll(codesIn(REGISTRY, 1));

    assertThat(missing).as("/v1 codes missing from docs/manifests.md's table").isEmpty();
  }

  /* ---- this test's own lists ---- */

  @Test
  void notOnTheGateway_namesCodes() {
    Set<String> unknown = new TreeSet<>(NOT_ON_THE_GATEWAY);
    unknown.removeAll(AHEAD_OF_CODE);
    for (ErrorCode code : ErrorCode.values()) {
      unknown.remove(code.name());
    }

    assertThat(unknown).as("names in NOT_ON_THE_GATEWAY that are no ErrorCode").isEmpty();
  }

  @Test
  void codesAheadOfTheCode_areDocumentedAndNotCodesYet() {
    for (String name : AHEAD_OF_CODE) {
      assertThat(REGISTRY.text() + GATEWAY.text()).contains("`" + name + "`");
      assertThat(EnumSet.allOf(ErrorCode.class))
          .extracting(ErrorCode::name)
          .as("%s is an ErrorCode now: remove it from ErrorCodeDocTest.AHEAD_OF_CODE", name)
          .doesNotContain(name);
    }
  }

  private static EnumSet<ErrorCode> notOnTheGateway() {
    EnumSet<ErrorCode> codes = EnumSet.noneOf(ErrorCode.class);
    for (ErrorCode code : ErrorCode.values()) {
      if (NOT_ON_THE_GATEWAY.contains(code.name())) {
        codes.add(code);
      }
    }
    return codes;
  }

  /** The rows of {@code doc} whose first two cells are statuses: the codes tables. */
  private static List<String> statusRows(MarkdownDoc doc) {
    List<String> rows = new ArrayList<>();
    for (List<String> row : doc.tableRows()) {
      if (row.size() >= 4
          && STATUS.matcher(row.get(0)).matches()
          && STATUS.matcher(row.get(1)).matches()) {
        rows.add(String.join(" | ", row));
      }
    }
    return rows;
  }

  /** Each code whose two statuses in {@code doc} are not what {@link GatewayHeaders} answers. */
  private static List<String> wrongGatewayStatuses(MarkdownDoc doc) {
    List<String> wrong = new ArrayList<>();
    for (List<String> row : doc.tableRows()) {
      if (row.size() < 4 || !STATUS.matcher(row.get(0)).matches()) {
        continue;
      }
      for (ErrorCode code : codes(row.get(2))) {
        Refusal refusal = new Refusal(code, "documented");
        String answered =
            GatewayHeaders.status(refusal, true) + " | " + GatewayHeaders.status(refusal, false);
        String documented = row.get(0) + " | " + row.get(1);
        if (!answered.equals(documented)) {
          wrong.add(
              code
                  + ": the gateway answers "
                  + answered
                  + ", "
                  + doc.name()
                  + " says "
                  + documented);
        }
      }
    }
    return wrong;
  }

  /** The codes in column {@code column} of {@code doc}'s tables whose first cell is a status. */
  private static List<ErrorCode> codesIn(MarkdownDoc doc, int column) {
    List<ErrorCode> codes = new ArrayList<>();
    for (List<String> row : doc.tableRows()) {
      if (row.size() > column && STATUS.matcher(row.get(0)).matches()) {
        codes.addAll(codes(row.get(column)));
      }
    }
    return codes;
  }

  /**
   * The codes named in {@code cell}'s code spans; a span spelt like a code must be one (or ahead of
   * the code), so a typo fails.
   */
  private static List<ErrorCode> codes(String cell) {
    List<ErrorCode> codes = new ArrayList<>();
    for (String span : MarkdownDoc.codeSpans(cell)) {
      if (CODE.matcher(span).matches() && !aheadOfCode(span)) {
        codes.add(ErrorCode.valueOf(span));
      }
    }
    return codes;
  }

  private static boolean aheadOfCode(String name) {
    return AHEAD_OF_CODE.contains(name)
        && EnumSet.allOf(ErrorCode.class).stream().noneMatch(code -> code.name().equals(name));
  }
}
