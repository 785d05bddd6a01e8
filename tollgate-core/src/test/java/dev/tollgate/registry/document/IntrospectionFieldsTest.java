package dev.tollgate.registry.document;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

final class IntrospectionFieldsTest {

  @Test
  void selectedIn_schemaField_true() {
    assertThat(IntrospectionFields.selectedIn("{ __schema { queryType { name } } }")).isTrue();
  }

  @Test
  void selectedIn_typeFieldInsideFragment_true() {
    assertThat(
            IntrospectionFields.selectedIn(
                "query { ...F } fragment F on Query { __type(name: \"Cargo\") { name } }"))
        .isTrue();
  }

  @Test
  void selectedIn_typenameOnly_false() {
    assertThat(
            IntrospectionFields.selectedIn(
                "{ __typename cargo(trackingId: \"A\") { __typename } }"))
        .isFalse();
  }

  @Test
  void selectedIn_nameInStringOrComment_false() {
    assertThat(
            IntrospectionFields.selectedIn(
                "# __schema\n{ cargo(trackingId: \"__schema\") { id } }"))
        .isFalse();
  }

  @Test
  void selectedIn_unparseable_false() {
    assertThat(IntrospectionFields.selectedIn("{ __schema {")).isFalse();
  }
}
