package org.keyspacestudio.app.ui;

import javafx.scene.control.Labeled;
import javafx.scene.control.MenuItem;

/**
 * Text that holds names, in controls that read mnemonics. JavaFX takes the first underscore of a
 * button's, check box's or menu item's text as the mark of its mnemonic and does not show it: a
 * view's {@code IS NOT NULL} check box for {@code customer_id} read "customerid", a recent file
 * {@code my_schema.cql} "myschema.cql".
 */
final class Mnemonics {

  private Mnemonics() {}

  /** {@code control}, its text shown as written (no mnemonic); returned for chaining. */
  static <T extends Labeled> T none(T control) {
    control.setMnemonicParsing(false);
    return control;
  }

  /** {@code item}, its text shown as written (no mnemonic); returned for chaining. */
  static <T extends MenuItem> T none(T item) {
    item.setMnemonicParsing(false);
    return item;
  }

  /**
   * A name (or any text) to put after a menu item's own mnemonic, {@code "_Undo " +
   * escaped(description)}: each underscore doubled, which JavaFX shows as one.
   *
   * @param text the text as it should be shown; not null
   * @return the text with {@code _} written {@code __}
   */
  static String escaped(String text) {
    return text.replace("_", "__");
  }
}
