package org.keyspacestudio.app.ui;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import javafx.fxml.FXMLLoader;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Control;
import javafx.scene.control.Dialog;
import javafx.stage.Window;

/** Loading the editor's FXML forms, and dressing a dialog around one. */
final class Forms {

  private Forms() {}

  /**
   * Loads a form of this package.
   *
   * @param fxml the file's name beside this class, such as {@code "Connect.fxml"}
   * @param controller the object whose {@code @FXML} fields get the form's named nodes
   * @param references nodes made in code, by the names the form's {@code fx:reference}s use
   * @return the form's root
   * @throws UncheckedIOException when the file cannot be read (a packaging error, not the user's)
   */
  static <T extends Parent> T load(String fxml, Object controller, Map<String, ?> references) {
    FXMLLoader loader = new FXMLLoader(Forms.class.getResource(fxml));
    loader.setController(controller);
    loader.getNamespace().putAll(references);
    try {
      return loader.load();
    } catch (IOException e) {
      throw new UncheckedIOException(fxml + " cannot be read", e);
    }
  }

  /** {@link #load(String, Object, Map)} without references. */
  static <T extends Parent> T load(String fxml, Object controller) {
    return load(fxml, controller, Map.of());
  }

  /**
   * Makes each control's {@code accessibleHelp} (set in its form) its tooltip too, made when the
   * pointer first comes over it ({@link Tips}): a form states a tip once, for the eye and the
   * screen reader, and loading it makes no pop-up window.
   */
  static void tips(Control... controls) {
    for (Control c : controls) {
      Tips.set(c, c.getAccessibleHelp());
    }
  }

  /**
   * The scene of a tool window over the document (Partition Sizes, Write Paths): styled as the
   * editor, closed by Escape wherever the focus is (a filter: a list or table with the focus takes
   * Escape before a handler), and the document's undo and redo on Ctrl+Z and Ctrl+Shift+Z (a text
   * field keeps its own while focused).
   *
   * @param stage the window, hidden by Escape
   * @param root the window's content
   * @param width its width, in pixels
   * @param height its height, in pixels
   * @param document the document whose undo and redo the keys run, asked when pressed
   */
  static javafx.scene.Scene toolScene(
      javafx.stage.Stage stage,
      Parent root,
      double width,
      double height,
      java.util.function.Supplier<org.keyspacestudio.model.edit.Document> document) {
    javafx.scene.Scene scene = new javafx.scene.Scene(root, width, height);
    scene.getStylesheets().add(stylesheet());
    scene.addEventFilter(
        javafx.scene.input.KeyEvent.KEY_PRESSED,
        e -> {
          if (e.getCode() == javafx.scene.input.KeyCode.ESCAPE) {
            e.consume();
            stage.hide();
          }
        });
    scene
        .getAccelerators()
        .put(
            javafx.scene.input.KeyCombination.keyCombination("Shortcut+Z"),
            () -> document.get().undo());
    scene
        .getAccelerators()
        .put(
            javafx.scene.input.KeyCombination.keyCombination("Shortcut+Shift+Z"),
            () -> document.get().redo());
    return scene;
  }

  /**
   * Gives a dialog its owner, title and form, styled as the editor ({@code editor.css} over the
   * theme).
   */
  static void dress(Dialog<?> dialog, Window owner, String title, Node form) {
    dialog.initOwner(owner);
    dialog.setTitle(title);
    dialog.getDialogPane().setContent(form);
    dialog.getDialogPane().getStylesheets().add(stylesheet());
  }

  /**
   * The node itself, or else its first descendant in depth-first order (the order Tab follows in a
   * form), that can take the keyboard focus: focus-traversable, shown, enabled and in a shown
   * parent; null when none can.
   *
   * @param node where to look, not null
   * @return the node to give the focus to, or null
   */
  static Node firstFocusable(Node node) {
    if (!node.isVisible() || node.isDisabled()) {
      return null;
    }
    if (node.isFocusTraversable()) {
      return node;
    }
    if (node instanceof javafx.scene.Parent parent) {
      for (Node child : parent.getChildrenUnmodifiable()) {
        Node found = firstFocusable(child);
        if (found != null) {
          return found;
        }
      }
    }
    return null;
  }

  /**
   * Makes Tab and Shift+Tab leave a form's text area for the next field or the one before, as in
   * the text fields around it, rather than type a tab character into a description or comment
   * (JavaFX's text area types it, and leaves only on Ctrl+Tab, which still works).
   *
   * @param area a text area of a form, not null
   */
  static void tabLeaves(javafx.scene.control.TextArea area) {
    area.addEventFilter(
        javafx.scene.input.KeyEvent.KEY_PRESSED,
        e -> {
          if (e.getCode() == javafx.scene.input.KeyCode.TAB
              && !e.isControlDown()
              && !e.isAltDown()
              && !e.isMetaDown()) {
            e.consume();
            // The text area's own Ctrl+Tab (Ctrl+Shift+Tab): focus to the next (previous) node.
            area.fireEvent(
                new javafx.scene.input.KeyEvent(
                    javafx.scene.input.KeyEvent.KEY_PRESSED,
                    "",
                    "",
                    javafx.scene.input.KeyCode.TAB,
                    e.isShiftDown(),
                    true,
                    false,
                    false));
          }
        });
  }

  /**
   * Puts the cursor in {@code field}, its text selected, each time the dialog shows: what is typed
   * replaces the proposal. Without it a dialog gives the focus to its default button, and a space
   * typed into the name pressed OK.
   */
  static void typeFirstIn(Dialog<?> dialog, javafx.scene.control.TextField field) {
    dialog.setOnShown(
        e ->
            javafx.application.Platform.runLater(
                () -> {
                  field.requestFocus();
                  field.selectAll();
                }));
  }

  /** The editor's own stylesheet, {@code editor.css}. */
  static String stylesheet() {
    return Forms.class.getResource("editor.css").toExternalForm();
  }
}
