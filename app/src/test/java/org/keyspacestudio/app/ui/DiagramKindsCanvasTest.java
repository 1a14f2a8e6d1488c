package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.keyspacestudio.export.diagram.BoxGeometry;
import org.keyspacestudio.export.diagram.DiagramGeometry;
import org.keyspacestudio.export.diagram.DiagramStyle;
import org.keyspacestudio.model.diagram.Box;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.schema.ElementRef;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The canvas's interaction (select, drag) is not tied to tables: an ER relationship diamond and a
 * workflow task are selected and moved the same way.
 */
@ExtendWith(ApplicationExtension.class)
class DiagramKindsCanvasTest {
  private static final ElementRef USER = ElementRef.diagramElement(ElementRef.Kind.ENTITY, "User");
  private static final ElementRef PLACES =
      ElementRef.diagramElement(ElementRef.Kind.RELATIONSHIP, "places");
  private static final ElementRef TASK =
      ElementRef.diagramElement(ElementRef.Kind.TASK, "Checkout");

  private DiagramCanvas canvas;
  private final List<Map<ElementRef, Point>> moves = new ArrayList<>();

  @Start
  void start(Stage stage) {
    List<Box> boxes =
        List.of(
            new Box(USER, Box.Kind.ENTITY, "User", List.of(new Box.Row(USER, "id", "", "K", true))),
            new Box(PLACES, Box.Kind.RELATIONSHIP, "places", List.of()),
            new Box(
                TASK,
                Box.Kind.TASK,
                "Checkout",
                List.of(new Box.Row(TASK, "Q4: cart by user", "", "", false))));
    Diagram diagram =
        Diagram.empty()
            .withPositions(
                Map.of(
                    USER, new Point(20, 20), PLACES, new Point(260, 20), TASK, new Point(20, 160)));
    canvas =
        new DiagramCanvas(DiagramGeometry.of(boxes, diagram, DiagramStyle.DEFAULT), moves::add);
    stage.setScene(new Scene(canvas, 700, 400));
    stage.show();
    canvas.actualSize();
  }

  private Point2D screen(ElementRef ref, double dx, double dy) {
    BoxGeometry box = canvas.geometry().box(ref);
    Point2D local = canvas.toScreen(box.bounds().getX() + dx, box.bounds().getY() + dy);
    return canvas.localToScreen(local);
  }

  @Test
  void aRelationshipDiamondIsSelectedAndDraggedLikeATable(FxRobot robot) {
    BoxGeometry diamond = canvas.geometry().box(PLACES);
    double midX = diamond.bounds().getWidth() / 2;
    double midY = diamond.bounds().getHeight() / 2;
    robot.clickOn(screen(PLACES, midX, midY));
    assertThat(canvas.selection()).containsExactly(PLACES);

    robot.clickOn(screen(PLACES, 3, 3)); // the bounding box's corner, outside the diamond
    assertThat(canvas.selection()).as("clicking beside the diamond selects nothing").isEmpty();

    robot.drag(screen(PLACES, midX, midY)).moveBy(100, 120).drop();
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(moves).isNotEmpty();
    Point moved = moves.get(moves.size() - 1).get(PLACES);
    assertThat(moved.x()).isGreaterThan(300);
    assertThat(moved.y()).isGreaterThan(100);
  }

  @Test
  void aWorkflowTaskIsSelectedByItsRows(FxRobot robot) {
    robot.clickOn(screen(TASK, 30, DiagramStyle.DEFAULT.headerHeight + 8));
    assertThat(canvas.selection()).containsExactly(TASK);
  }
}
