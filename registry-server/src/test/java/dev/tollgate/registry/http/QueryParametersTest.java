package dev.tollgate.registry.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QueryParametersTest {

  @Test
  void of_aRegisteredGet_eachParameterDecoded() {
    Map<String, List<String>> parameters =
        QueryParameters.of(
            "documentId=ab12&operationName=Track+Cargo"
                + "&variables=%7B%22trackingId%22%3A%22ABC123%22%7D");

    assertThat(parameters)
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "documentId", List.of("ab12"),
                "operationName", List.of("Track Cargo"),
                "variables", List.of("{\"trackingId\":\"ABC123\"}")));
  }

  @Test
  void of_aParameterTwice_bothValuesInOrder() {
    // the reader refuses a repeated parameter; it must see both to do so
    assertThat(QueryParameters.of("documentId=a&documentId=b"))
        .containsEntry("documentId", List.of("a", "b"));
  }

  @Test
  void of_nameWithoutValue_emptyValue() {
    assertThat(QueryParameters.of("query&x=1"))
        .containsEntry("query", List.of(""))
        .containsEntry("x", List.of("1"));
  }

  @Test
  void of_noQueryString_noParameters() {
    assertThat(QueryParameters.of(null)).isEmpty();
    assertThat(QueryParameters.of("")).isEmpty();
  }

  @Test
  void of_badEscapeOrUtf8_valueKeptWithAReplacement_notDropped() {
    // %E2%82 is a UTF-8 sequence cut short; %zz is no escape at all
    assertThat(QueryParameters.of("variables=%E2%82").get("variables").get(0)).contains("\uFFFD");
    assertThat(QueryParameters.of("variables=%zz&x=100%"))
        .containsEntry("variables", List.of("%zz"))
        .containsEntry("x", List.of("100%"));
  }

  @Test
  void of_escapesOfEveryKind_decoded() {
    // %41 %42 are A B; %2b and %2B a plus; a bare + a space; %25 a percent sign; names decode too
    assertThat(QueryParameters.of("a%5F1=%41%42+%2b%2B%25&&=x"))
        .containsEntry("a_1", List.of("AB ++%"))
        .containsEntry("", List.of("x")) // "&&" leaves an empty part, which is skipped
        .hasSize(2);
  }

  @Test
  void of_escapeCutShortAtTheEnd_keptAsItIs() {
    assertThat(QueryParameters.of("a=%4&b=%")).containsEntry("a", List.of("%4"));
    assertThat(QueryParameters.of("a=%4&b=%")).containsEntry("b", List.of("%"));
  }

  @Test
  void of_unescapedNonAscii_keptAsTheCharactersSent() {
    // a client that sends raw non-ASCII: é (one char) and 😀 (a surrogate pair)
    assertThat(QueryParameters.of("q=caf\u00e9+\ud83d\ude00"))
        .containsEntry("q", List.of("caf\u00e9 \ud83d\ude00"));
  }

  @Test
  void of_utf8Text_decoded() {
    // "Zürich" as UTF-8: ü is C3 BC
    assertThat(QueryParameters.of("city=Z%C3%BCrich")).containsEntry("city", List.of("Zürich"));
  }
}
