package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.application.Application;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.keyspacestudio.export.diagram.DiagramStyle;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The dark theme reaches the controls and the diagram on screen, the light one comes back, and Help
 * > Keyboard Shortcuts lists the menus' shortcuts (headless).
 */
@ExtendWith(ApplicationExtension.class)
class ThemeAndShortcutsTest {

  private EditorWindow window;

  @Start
  void start(Stage stage) {
    window = new EditorWindow(stage, null);
  }

  @Test
  void theDarkThemeColoursTheControlsAndTheDiagramAndTheLightOneComesBack(FxRobot robot) {
    try {
      robot.interact(() -> window.chooseTheme(Settings.Theme.DARK));
      assertThat(window.darkTheme()).isTrue();
      assertThat(Application.getUserAgentStylesheet()).contains("primer-dark");
      assertThat(window.canvas().geometry().style()).isSameAs(DiagramStyle.DARK);

      robot.interact(() -> window.chooseTheme(Settings.Theme.LIGHT));
      assertThat(window.darkTheme()).isFalse();
      assertThat(Application.getUserAgentStylesheet()).contains("primer-light");
      assertThat(window.canvas().geometry().style()).isSameAs(DiagramStyle.DEFAULT);
    } finally {
      robot.interact(() -> window.chooseTheme(Settings.Theme.SYSTEM));
    }
  }

  @Test
  void theShortcutListNamesEveryMenuShortcut(FxRobot robot) {
    var rows = window.shortcutList();
    assertThat(rows).anySatisfy(r -> assertThat(r[1]).isEqualTo("New Diagram…"));
    assertThat(rows).anySatisfy(r -> assertThat(r[1]).isEqualTo("Keyboard Shortcuts"));
    assertThat(rows).allSatisfy(r -> assertThat(r[2]).isNotBlank());
    assertThat(rows.stream().map(r -> r[2]).distinct().count())
        .as("no two commands share keys")
        .isEqualTo(rows.size());
  }

  @Test
  void thePreferencesFormComesFromFxmlAndItsChoiceIsAppliedAndRemembered(FxRobot robot) {
    try {
      robot.interact(
          () -> {
            PreferencesDialog prefs = PreferencesDialog.of(window.stage(), window.settings());
            var pane = prefs.dialog().getDialogPane();
            @SuppressWarnings("unchecked")
            javafx.scene.control.ComboBox<Settings.Theme> theme =
                (javafx.scene.control.ComboBox<Settings.Theme>)
                    pane.getContent().lookup("#preferences-theme");
            javafx.scene.control.CheckBox grid =
                (javafx.scene.control.CheckBox) pane.getContent().lookup("#preferences-grid");
            assertThat(theme.getItems()).containsExactly(Settings.Theme.values());
            assertThat(grid.isSelected()).isEqualTo(window.settings().grid());
            theme.setValue(Settings.Theme.DARK);
            grid.setSelected(false);
            window.applyPreferences(prefs.choice());
          });
      assertThat(window.darkTheme()).isTrue();
      assertThat(window.settings().theme()).isEqualTo(Settings.Theme.DARK);
      assertThat(window.settings().grid()).isFalse();
    } finally {
      robot.interact(
          () ->
              window.applyPreferences(
                  new PreferencesDialog.Choice(Settings.Theme.SYSTEM, true, true, 1)));
    }
  }
}
