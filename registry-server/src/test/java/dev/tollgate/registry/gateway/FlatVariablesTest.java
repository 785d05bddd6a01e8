package dev.tollgate.registry.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FlatVariablesTest {

  private static final ObjectWriter JACKSON =
      new ObjectMapper().writer().with(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

  @Test
  void json_flatVariables_theTextJacksonWritesSorted() throws Exception {
    List<Map<String, Object>> cases =
        List.of(
            map("trackingId", "ABC123"),
            map("b", 2, "a", 1L, "c", true),
            map("z", null, "y", false, "x", Long.MAX_VALUE, "w", Integer.MIN_VALUE),
            map("quote\"and\\back", "tab\there\nline\u0001ctl\u001f", "é", "ünïcødé ✓ 😀"),
            map("B", "upper before lower", "a", "", "_", "/slash</script>"),
            map("1", 1, "10", 10, "2", 2, "k", "v", "kk", "vv", "a", "x", "b", "y", "c", "z"));
    for (Map<String, Object> variables : cases) {
      assertThat(FlatVariables.json(variables))
          .as("%s", variables)
          .isEqualTo(JACKSON.writeValueAsString(variables));
    }
  }

  @Test
  void json_anythingButFlatScalars_leftToJackson() {
    assertThat(FlatVariables.json(map("where", map("id", 1)))).isNull();
    assertThat(FlatVariables.json(map("ids", List.of(1, 2)))).isNull();
    assertThat(FlatVariables.json(map("price", 1.5))).isNull(); // fractions: Jackson's own form
    Map<String, Object> nine = new HashMap<>();
    for (int i = 0; i < 9; i++) {
      nine.put("v" + i, i);
    }
    assertThat(FlatVariables.json(nine)).isNull();
  }

  private static Map<String, Object> map(Object... pairs) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      map.put((String) pairs[i], pairs[i + 1]);
    }
    return map;
  }
}
