package org.keyspacestudio.model.parse;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;

class CqlNamesTest {

  private static String rename(String cql, String from, String to) {
    return CqlNames.renameColumn(cql, CqlIdentifier.of(from), CqlIdentifier.of(to));
  }

  @Test
  void renamesTheColumnWrittenAnyWayAndKeepsTheRestAsWritten() {
    assertThat(rename("Region  = 'region' AND \"region\" IN ('a', 'b')", "region", "area"))
        .isEqualTo("area  = 'region' AND area IN ('a', 'b')");
    assertThat(rename("(a, b) > (1, 2)", "b", "My Col")).isEqualTo("(a, \"My Col\") > (1, 2)");
  }

  @Test
  void leavesFunctionsQualifiedNamesOtherColumnsAndReservedWordsAlone() {
    String cql = "token(id) > 0 AND ks.token = 1 AND token_id = 2 AND \"Token\" = 3";
    assertThat(rename(cql, "token", "t")).isEqualTo(cql);
    // A quoted name that is a reserved word is a name; the bare word is not.
    assertThat(rename("\"select\" = 1", "select", "s")).isEqualTo("s = 1");
    assertThat(rename("x = 1", "select", "s")).isSameAs("x = 1");
  }

  @Test
  void keepsTextThatDoesNotLex() {
    assertThat(rename("a = 'unterminated", "a", "b")).isEqualTo("b = 'unterminated");
    assertThat(rename("", "a", "b")).isEmpty();
  }
}
