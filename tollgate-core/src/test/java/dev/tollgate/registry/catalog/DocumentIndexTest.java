package dev.tollgate.registry.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tollgate.registry.document.DocumentHash;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

final class DocumentIndexTest {

  private static final List<Set<String>> APP_SETS =
      List.of(Set.of("web"), Set.of("ios"), Set.of("web", "ios"));

  @Test
  void get_everyIdOfTenThousand_givesItsValue() {
    Map<DocumentHash, Set<String>> map = appsOf(10_000);

    DocumentIndex<Set<String>> index = DocumentIndex.of(map);

    assertThat(index.size()).isEqualTo(10_000);
    map.forEach((hash, apps) -> assertThat(index.get(hash)).isEqualTo(apps));
  }

  @Test
  void get_unknownIds_areNull() {
    DocumentIndex<Set<String>> index = DocumentIndex.of(appsOf(1_000));

    for (int i = 1_000; i < 2_000; i++) {
      DocumentHash unknown = DocumentHash.of("{ doc" + i + " }");
      assertThat(index.get(unknown)).isNull();
      assertThat(index.contains(unknown)).isFalse();
    }
  }

  @Test
  void of_equalValues_areHeldOnce() {
    DocumentIndex<Set<String>> index = DocumentIndex.of(appsOf(1_000));

    // 1,000 ids over the three sets of APP_SETS, each built anew per id
    assertThat(index.distinctValues()).isEqualTo(3);
    assertThat(index.get(DocumentHash.of("{ doc0 }")))
        .isSameAs(index.get(DocumentHash.of("{ doc3 }")));
  }

  @Test
  void forEach_givesBackTheMap() {
    Map<DocumentHash, Set<String>> map = appsOf(500);
    Map<DocumentHash, Set<String>> back = new HashMap<>();

    DocumentIndex.of(map).forEach(back::put);

    assertThat(back).isEqualTo(map);
  }

  @Test
  void of_noneOrOne_answersLookups() {
    DocumentHash only = DocumentHash.of("{ doc0 }");

    assertThat(DocumentIndex.<String>empty().get(only)).isNull();
    assertThat(DocumentIndex.<String>empty().size()).isZero();
    assertThat(DocumentIndex.of(Map.of(only, "web")).get(only)).isEqualTo("web");
    assertThat(DocumentIndex.of(Map.of(only, "web")).get(DocumentHash.of("{ doc1 }"))).isNull();
  }

  @Test
  void ofWords_ofAHashsWords_isThatHash() {
    DocumentHash hash = DocumentHash.of("{ doc0 }");

    assertThat(DocumentHash.ofWords(hash.word(0), hash.word(1), hash.word(2), hash.word(3)))
        .isEqualTo(hash)
        .hasToString(hash.hex());
  }

  /** Document i of app set i % 3, each set a new instance. */
  private static Map<DocumentHash, Set<String>> appsOf(int documents) {
    Map<DocumentHash, Set<String>> map = new HashMap<>();
    for (int i = 0; i < documents; i++) {
      map.put(DocumentHash.of("{ doc" + i + " }"), new HashSet<>(APP_SETS.get(i % 3)));
    }
    return map;
  }
}
