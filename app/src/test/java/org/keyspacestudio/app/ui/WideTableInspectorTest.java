package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.ElementRef;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A table of 250 columns and a type of 150 fields in the inspector and the Partition Sizes window:
 * the first 100 rows are listed, more on demand, and a row the user goes to (a new one) is listed
 * however far down it is. Every row listed at once froze the window: 4 to 7 s for 800 columns,
 * minutes for 20,000.
 */
@ExtendWith(ApplicationExtension.class)
class WideTableInspectorTest {

  private static final ElementRef WIDE =
      ElementRef.table(CqlIdentifier.of("iot"), CqlIdentifier.of("readings"));

  private EditorWindow window;

  @Start
  void start(Stage stage) throws Exception {
    Path dir = Files.createTempDirectory("kstudio-wide");
    Path cql = dir.resolve("iot.cql");
    StringBuilder columns = new StringBuilder();
    for (int i = 0; i < 248; i++) {
      columns.append(", m").append(i).append(" double");
    }
    StringBuilder fields = new StringBuilder("f0 int");
    for (int i = 1; i < 150; i++) {
      fields.append(", f").append(i).append(" int");
    }
    Files.writeString(
        cql,
        "CREATE KEYSPACE iot WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + "CREATE TYPE iot.calibration ("
            + fields
            + ");\n"
            + "CREATE TABLE iot.readings (sensor text, at timestamp"
            + columns
            + ", PRIMARY KEY (sensor, at));\n"
            + "CREATE MATERIALIZED VIEW iot.by_m0 AS SELECT sensor, at, m0 FROM iot.readings"
            + " WHERE m0 IS NOT NULL AND sensor IS NOT NULL AND at IS NOT NULL"
            + " PRIMARY KEY (m0, sensor, at);\n");
    window = new EditorWindow(stage, cql);
  }

  private boolean listed(FxRobot robot, String column) {
    return robot.lookup("#column-name-" + column).tryQuery().isPresent();
  }

  @Test
  void theFirstHundredColumnsAreListedThenAHundredMoreThenANewColumnAtTheEnd(FxRobot robot) {
    robot.interact(
        () -> {
          window.canvas().selection().clear();
          window.canvas().selection().add(WIDE);
        });
    WaitForAsyncUtils.waitForFxEvents();
    // Key columns first: sensor, at, then m0 to m97.
    assertThat(listed(robot, "sensor")).isTrue();
    assertThat(listed(robot, "m97")).isTrue();
    assertThat(listed(robot, "m98")).isFalse();
    Label said = robot.lookup("#more-columns .label").query();
    assertThat(said.getText()).isEqualTo("Columns 1 to 100 of 250 are listed.");

    // Under the rows listed, as a user scrolls to it.
    javafx.scene.control.Button more = robot.lookup("#list-more-columns").query();
    robot.interact(() -> window.inspector().setVvalue(1));
    robot.clickOn(more);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(listed(robot, "m197")).isTrue();
    assertThat(listed(robot, "m198")).isFalse();
    assertThat(((Label) robot.lookup("#more-columns .label").query()).getText())
        .isEqualTo("Columns 1 to 200 of 250 are listed.");
    TextField first = robot.lookup("#column-name-m98").query();
    assertThat(first.isFocused()).as("the focus on the first column listed now").isTrue();
    assertThat(inView(first)).as("scrolled to it").isTrue();

    // A column added from the diagram comes last, past those listed: listed, named by typing.
    robot.interact(() -> window.canvas().requestFocus());
    robot
        .press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.C)
        .release(KeyCode.C, KeyCode.SHIFT, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    robot.write("battery").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project().schema().keyspaces().get(0).tables().get(0).columns())
        .hasSize(251)
        .last()
        .extracting(c -> c.name().asInternal())
        .isEqualTo("battery");
    assertThat(listed(robot, "battery")).isTrue();
    TextField battery = robot.lookup("#column-name-battery").query();
    assertThat(inView(battery)).as("the new column's row is in view").isTrue();
    assertThat(listed(robot, "m247")).as("the columns between are listed too").isTrue();
    assertThat(robot.lookup("#more-columns").tryQuery()).as("every column is listed").isEmpty();
  }

  /** Whether a node of the inspector is within its viewport (scrolled to). */
  private boolean inView(javafx.scene.Node node) {
    javafx.geometry.Bounds viewport =
        window.inspector().localToScene(window.inspector().getLayoutBounds());
    javafx.geometry.Bounds b = node.localToScene(node.getBoundsInLocal());
    return b.getMinY() >= viewport.getMinY() && b.getMaxY() <= viewport.getMaxY();
  }

  @Test
  void aTypeListsItsFirstHundredFieldsAndAFieldAddedAtTheEnd(FxRobot robot) {
    ElementRef type = ElementRef.type(CqlIdentifier.of("iot"), CqlIdentifier.of("calibration"));
    robot.interact(
        () -> {
          window.canvas().selection().clear();
          window.canvas().selection().add(type);
        });
    WaitForAsyncUtils.waitForFxEvents();
    Label said = robot.lookup("#more-fields .label").query();
    assertThat(said.getText()).isEqualTo("Fields 1 to 100 of 150 are listed.");
    assertThat(window.inspector().lookup("#more-fields")).isNotNull();
    assertThat(fieldListed(robot, "f99")).isTrue();
    assertThat(fieldListed(robot, "f100")).isFalse();
    // + Add field: the new field comes last, past those listed; listed, its name focused.
    javafx.scene.control.Button add =
        robot
            .lookup(
                (javafx.scene.Node n) ->
                    n instanceof javafx.scene.control.Button b
                        && b.getText() != null
                        && b.getText().contains("Add field"))
            .query();
    robot.interact(add::fire);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.document().project().schema().keyspaces().get(0).types().get(0).fields())
        .hasSize(151);
    assertThat(fieldListed(robot, "field_151")).isTrue();
    assertThat(robot.lookup("#more-fields").tryQuery()).isEmpty();
  }

  private boolean fieldListed(FxRobot robot, String field) {
    return robot
        .lookup(
            (javafx.scene.Node n) ->
                n instanceof TextField && ("field:" + field + ":name").equals(n.getUserData()))
        .tryQuery()
        .isPresent();
  }

  @Test
  void thePartitionSizesWindowListsTheFirstHundredColumnsToo(FxRobot robot) {
    robot.interact(
        () -> {
          window.canvas().selection().clear();
          window.canvas().selection().add(WIDE);
          window.canvas().requestFocus();
        });
    robot
        .press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.P)
        .release(KeyCode.P, KeyCode.SHIFT, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    javafx.scene.Parent sizes = window.sizesWindow().stage().getScene().getRoot();
    assertThat(sizes.lookup("#size-bytes-m97")).isNotNull();
    assertThat(sizes.lookup("#size-bytes-m98")).isNull();
    Label said = (Label) sizes.lookup("#size-more-columns .label");
    assertThat(said.getText()).isEqualTo("Columns 1 to 100 of 250 are listed.");
    javafx.scene.control.Button more =
        (javafx.scene.control.Button) sizes.lookup("#list-more-columns");
    robot.interact(more::fire);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(sizes.lookup("#size-bytes-m197")).isNotNull();
    assertThat(sizes.lookup("#size-bytes-m198")).isNull();
  }

  @Test
  void aViewListsTheFirstHundredColumnsOfItsBaseTableToChooseFrom(FxRobot robot) {
    ElementRef view = ElementRef.view(CqlIdentifier.of("iot"), CqlIdentifier.of("by_m0"));
    robot.interact(
        () -> {
          window.canvas().selection().clear();
          window.canvas().selection().add(view);
        });
    WaitForAsyncUtils.waitForFxEvents();
    javafx.scene.control.CheckBox m0 = robot.lookup("#view-column-m0").query();
    assertThat(m0.isSelected()).isTrue();
    assertThat(robot.lookup("#view-column-m97").tryQuery()).isPresent();
    assertThat(robot.lookup("#view-column-m98").tryQuery()).isEmpty();
    Label said = robot.lookup("#view-more-columns .label").query();
    assertThat(said.getText()).isEqualTo("Columns 1 to 100 of 250 are listed.");
    javafx.scene.control.Button more = robot.lookup("#view-more-columns .button").query();
    robot.interact(more::fire);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#view-column-m197").tryQuery()).isPresent();
    assertThat(robot.lookup("#view-column-m198").tryQuery()).isEmpty();
  }
}
