package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.keyspacestudio.export.diagram.DiagramGeometry;
import org.keyspacestudio.export.diagram.DiagramStyle;
import org.keyspacestudio.model.diagram.Box;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.schema.ElementRef;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Fit to Window centres a diagram it scales down, and the keyboard's zooms (Zoom In, Zoom Out,
 * Actual Size) keep the diagram in sight: a workflow as wide as KillrVideo's, fitted, vanished
 * above the view at Actual Size when zooms went round the view's empty middle.
 */
@ExtendWith(ApplicationExtension.class)
class DiagramZoomTest {
  private DiagramCanvas canvas;

  @Start
  void start(Stage stage) {
    List<Box> boxes = new java.util.ArrayList<>();
    Map<ElementRef, Point> positions = new java.util.HashMap<>();
    // One row of tasks, about 2,300 x 40 diagram pixels: far wider than high.
    for (int i = 0; i < 10; i++) {
      ElementRef ref = ElementRef.diagramElement(ElementRef.Kind.ENTITY, "task_" + i);
      boxes.add(new Box(ref, Box.Kind.ENTITY, "task_" + i, List.of()));
      positions.put(ref, new Point(40 + i * 230, 40));
    }
    canvas =
        new DiagramCanvas(
            DiagramGeometry.of(
                boxes, Diagram.empty().withPositions(positions), DiagramStyle.DEFAULT),
            m -> {});
    stage.setScene(new Scene(canvas, 700, 420));
    stage.show();
  }

  /** The diagram's bounds on screen: left, top, right, bottom in canvas pixels. */
  private double[] onScreen() {
    java.awt.geom.Rectangle2D b = canvas.geometry().bounds();
    Point2D from = canvas.toScreen(b.getMinX(), b.getMinY());
    Point2D to = canvas.toScreen(b.getMaxX(), b.getMaxY());
    return new double[] {from.getX(), from.getY(), to.getX(), to.getY()};
  }

  private boolean inSight(double[] r) {
    return r[2] > 0 && r[0] < canvas.getWidth() && r[3] > 0 && r[1] < canvas.getHeight();
  }

  @Test
  void fitCentresAWideDiagramAndActualSizeKeepsItInSight(FxRobot robot) {
    robot.interact(() -> canvas.fit());
    double[] fitted = onScreen();
    assertThat(canvas.zoomProperty().get()).isLessThan(1);
    // Filling the width less the margins, centred in the height.
    assertThat(fitted[0]).isCloseTo(30, within(1.0));
    assertThat(fitted[2]).isCloseTo(canvas.getWidth() - 30, within(1.0));
    assertThat(fitted[1]).isCloseTo(canvas.getHeight() - fitted[3], within(1.0));

    robot.interact(canvas::actualSize);
    assertThat(canvas.zoomProperty().get()).isEqualTo(1.0);
    double[] actual = onScreen();
    assertThat(inSight(actual)).as("diagram in view at 100%%: %s", List.of(actual)).isTrue();
    // Round the middle of what was in view: the diagram's middle stays the view's middle.
    assertThat((actual[0] + actual[2]) / 2).isCloseTo(canvas.getWidth() / 2, within(1.0));
    assertThat((actual[1] + actual[3]) / 2).isCloseTo(canvas.getHeight() / 2, within(1.0));
  }

  @Test
  void zoomingInOnADiagramInACornerKeepsItInSight(FxRobot robot) {
    robot.interact(
        () -> {
          canvas.actualSize();
          canvas.fit();
          // Scroll the diagram into the bottom right corner: its top left part alone in view.
          double[] r = onScreen();
          canvas.panBy(canvas.getWidth() - 120 - r[0], canvas.getHeight() - 30 - r[1]);
        });
    for (int i = 0; i < 6; i++) {
      robot.interact(() -> canvas.zoomBy(1.25));
      assertThat(inSight(onScreen())).as("in view after zoom in %d", i + 1).isTrue();
    }
    for (int i = 0; i < 12; i++) {
      robot.interact(() -> canvas.zoomBy(0.8));
      assertThat(inSight(onScreen())).as("in view after zoom out %d", i + 1).isTrue();
    }
  }
}
