package org.keyspacestudio.app.ui;

import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;

/**
 * Marks the focus owner with the pseudo-class {@code :keyboard-focused} while the user works from
 * the keyboard, as a browser's {@code :focus-visible}: set when a key is pressed (Tab to a control,
 * Space on a row's ✕ whose next row's ✕ then takes the focus), cleared by a mouse press. JavaFX
 * 21's own {@code :focus-visible} is set only by its focus traversal, not for focus the editor
 * gives a control after it rebuilds a form, so a control focused that way showed either no ring
 * (Tab, Space and the next ✕ unmarked) or, styled by {@code :focused}, a ring after a click too.
 */
final class KeyboardFocus {

  /** The pseudo-class: {@code .button.row-action:keyboard-focused} in {@code editor.css}. */
  static final PseudoClass KEYBOARD_FOCUSED = PseudoClass.getPseudoClass("keyboard-focused");

  private boolean fromKeyboard;
  private Node marked;

  private KeyboardFocus() {}

  /** Tracks the scene's focus owner and the last kind of input from now on. */
  static void install(Scene scene) {
    KeyboardFocus k = new KeyboardFocus();
    scene.addEventFilter(
        KeyEvent.KEY_PRESSED,
        e -> {
          k.fromKeyboard = true;
          k.mark(scene.getFocusOwner());
        });
    scene.addEventFilter(
        MouseEvent.MOUSE_PRESSED,
        e -> {
          k.fromKeyboard = false;
          k.mark(null);
        });
    scene.focusOwnerProperty().addListener((o, was, now) -> k.mark(k.fromKeyboard ? now : null));
  }

  private void mark(Node owner) {
    if (marked == owner) {
      return;
    }
    if (marked != null) {
      marked.pseudoClassStateChanged(KEYBOARD_FOCUSED, false);
    }
    marked = owner;
    if (owner != null) {
      owner.pseudoClassStateChanged(KEYBOARD_FOCUSED, true);
    }
  }
}
