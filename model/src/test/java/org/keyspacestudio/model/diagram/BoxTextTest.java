package org.keyspacestudio.model.diagram;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.ElementRef;

/** What a box draws of a very long title, name or type: its first 299 characters and "…". */
class BoxTextTest {

  private static final ElementRef T =
      ElementRef.table(CqlIdentifier.of("ks"), CqlIdentifier.of("t"));

  @Test
  void aTitleOrRowOverThreeHundredCharactersEndsInAnEllipsis() {
    String longest = "ks." + "t".repeat(Box.MAX_TEXT - 3);
    assertThat(new Box(T, Box.Kind.TABLE, longest, List.of()).title()).isEqualTo(longest);
    Box box =
        new Box(
            T,
            Box.Kind.TABLE,
            longest + "x",
            List.of(new Box.Row(T, "c".repeat(1_000_000), "frozen<list<int>>", "", false)));
    assertThat(box.title()).hasSize(Box.MAX_TEXT).endsWith("t…").startsWith("ks.ttt");
    assertThat(box.rows().get(0).name()).isEqualTo("c".repeat(Box.MAX_TEXT - 1) + "…");
    assertThat(box.rows().get(0).type()).isEqualTo("frozen<list<int>>");
  }

  @Test
  void aCharacterOutsideTheBmpIsNotCutInHalf() {
    // "😀" is two chars; the 299th char would be its first half.
    String name = "a".repeat(Box.MAX_TEXT - 2) + "😀" + "b".repeat(10);
    String drawn = new Box.Row(T, name, "", "", false).name();
    assertThat(drawn).isEqualTo("a".repeat(Box.MAX_TEXT - 2) + "…");
  }
}
