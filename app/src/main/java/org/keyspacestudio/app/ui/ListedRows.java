package org.keyspacestudio.app.ui;

import java.util.Locale;
import java.util.Objects;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;

/**
 * How many rows of fields a form lists for one element (a table's columns, a type's fields), up to
 * a bound, and the line under them that lists more. A row of fields costs the JavaFX thread about 2
 * ms to make (headless, 2 cores), and more past a few hundred: a click on a table of 800 columns
 * froze the window for 4 to 7 s when every row was made at once (decision 0012).
 */
final class ListedRows {

  /** How many rows are listed at first, and added at each "List more". */
  static final int STEP = 100;

  private Object owner;
  private int listed;

  /**
   * How many of {@code total} rows to list for {@code owner}: {@link #STEP} for an element not
   * listed before, what was listed for it last, and at least up to row {@code atLeast} (0-based;
   * the row the focus goes to, -1 for none).
   */
  int count(Object owner, int total, int atLeast) {
    if (!Objects.equals(owner, this.owner)) {
      this.owner = owner;
      listed = STEP;
    }
    listed = Math.max(listed, atLeast + 1);
    return Math.min(total, listed);
  }

  /** Whether {@code owner} is the element listed last and row {@code index} is not listed. */
  boolean hides(Object owner, int index) {
    return Objects.equals(owner, this.owner) && index >= listed;
  }

  /** Lists rows up to {@code index} (0-based) of the element listed last. */
  void listUpTo(int index) {
    listed = Math.max(listed, index + 1);
  }

  /**
   * The line under {@code shown} of {@code total} rows: "Columns 1 to 100 of 802 are listed." and a
   * button that lists {@link #STEP} more, then runs {@code relist} (which fills the form again).
   *
   * @param noun what a row is, plural and capitalised ("Columns")
   * @param id the line's id; the button's is {@code list-more-} and the noun in lower case
   */
  HBox line(String noun, int shown, int total, String id, Runnable relist) {
    int more = Math.min(STEP, total - shown);
    Label said =
        new Label(String.format(Locale.ROOT, "%s 1 to %,d of %,d are listed.", noun, shown, total));
    said.setWrapText(true);
    Button list = new Button(String.format(Locale.ROOT, "List %,d more", more));
    list.setId("list-more-" + noun.toLowerCase(Locale.ROOT));
    Tips.set(
        list,
        "Lists the next "
            + more
            + " "
            + noun.toLowerCase(Locale.ROOT)
            + " (each row takes the window time to make)");
    list.setOnAction(
        e -> {
          listed = shown + more;
          relist.run();
        });
    HBox line = new HBox(8, said, list);
    line.setAlignment(Pos.CENTER_LEFT);
    line.setId(id);
    return line;
  }
}
