package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.keyspacestudio.export.diagram.DiagramGeometry;
import org.keyspacestudio.export.diagram.DiagramStyle;
import org.keyspacestudio.model.diagram.Box;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.diagram.QueryArrow;
import org.keyspacestudio.model.schema.ElementRef;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * A pan moves the pixels already drawn and draws only what it uncovers, and a drag draws again only
 * where boxes and arrows were and are: what the user sees after any number of pans and drag steps
 * is, pixel for pixel, what a full redraw shows, minimap, handle and rubber band included.
 */
@ExtendWith(ApplicationExtension.class)
class DiagramCanvasScrollTest {
  private DiagramCanvas canvas;

  @Start
  void start(Stage stage) {
    List<Box> boxes = new java.util.ArrayList<>();
    Map<ElementRef, Point> positions = new java.util.HashMap<>();
    for (int i = 0; i < 24; i++) {
      ElementRef ref = ElementRef.diagramElement(ElementRef.Kind.ENTITY, "entity_" + i);
      boxes.add(
          new Box(
              ref,
              Box.Kind.ENTITY,
              "entity_" + i,
              List.of(
                  new Box.Row(ref, "id", "uuid", "K", true),
                  new Box.Row(ref, "name", "text", "", false))));
      positions.put(ref, new Point(40 + (i % 6) * 260, 40 + (i / 6) * 180));
    }
    Diagram diagram =
        Diagram.empty()
            .withPositions(positions)
            .withArrows(
                List.of(
                    new QueryArrow("Q1", boxes.get(0).element(), boxes.get(7).element()),
                    new QueryArrow("Q2", boxes.get(3).element(), boxes.get(20).element())));
    canvas = new DiagramCanvas(DiagramGeometry.of(boxes, diagram, DiagramStyle.DEFAULT), m -> {});
    canvas.setOnConnect(ref -> true, (from, to) -> {});
    stage.setScene(new Scene(canvas, 700, 420));
    stage.show();
  }

  /** Where two images differ: the count and the area, or empty when they are the same. */
  private static String differences(int[] a, int[] b, int width) {
    int count = 0;
    int minX = Integer.MAX_VALUE;
    int minY = Integer.MAX_VALUE;
    int maxX = -1;
    int maxY = -1;
    for (int i = 0; i < a.length; i++) {
      if (a[i] != b[i]) {
        count++;
        minX = Math.min(minX, i % width);
        maxX = Math.max(maxX, i % width);
        minY = Math.min(minY, i / width);
        maxY = Math.max(maxY, i / width);
      }
    }
    return count == 0
        ? ""
        : count + " pixels within x " + minX + ".." + maxX + ", y " + minY + ".." + maxY;
  }

  @Test
  void pansByWholePixelsShowWhatAFullRedrawShows(FxRobot robot) {
    robot.interact(
        () -> {
          canvas.actualSize();
          canvas.selection().add(canvas.geometry().boxes().iterator().next().box().element());
          canvas.paintNow();
        });
    assertThat(canvas.minimapArea()).as("part of the diagram is out of view").isNotNull();
    assertThat(canvas.handle()).as("the selected box's handle is shown").isNotNull();
    int[][] steps = {{13, -7}, {-40, 25}, {0, 90}, {120, 0}, {-3, -3}, {250, -160}, {-1, 2}};
    for (int[] step : steps) {
      robot.interact(
          () -> {
            canvas.panBy(step[0], step[1]);
            canvas.paintNow();
          });
      int[][] both = shownAndRedrawn(robot);
      assertThat(differences(both[0], both[1], (int) Math.ceil(canvas.getWidth())))
          .as("pixels that differ from a full redraw after a pan by %d, %d", step[0], step[1])
          .isEmpty();
    }
  }

  /** The pixels shown now, and those a full redraw of the same view shows. */
  private int[][] shownAndRedrawn(FxRobot robot) {
    int[][] both = new int[2][];
    robot.interact(
        () -> {
          both[0] = canvas.pixelsOnScreen();
          canvas.paint();
          canvas.paintNow();
          both[1] = canvas.pixelsOnScreen();
        });
    return both;
  }

  @Test
  void dragStepsDrawOnlyWhatChangedAndShowWhatAFullRedrawShows(FxRobot robot) {
    ElementRef first = canvas.geometry().boxes().iterator().next().box().element();
    Point start = new Point(40, 40); // where the set-up put entity_0
    robot.interact(
        () -> {
          canvas.actualSize();
          canvas.selection().add(first);
          canvas.paintNow();
        });
    // Across its neighbour, over the Q1 arrow's old route, partly out of view, with pans between.
    int[][] steps = {{30, 10}, {260, 0}, {270, 170}, {90, 330}, {-60, -30}, {700, 60}, {5, 5}};
    for (int i = 0; i < steps.length; i++) {
      int[] step = steps[i];
      robot.interact(
          () -> {
            canvas.dragPreview(Map.of(first, start.plus(step[0], step[1])));
            if (step[0] == 90) {
              canvas.panBy(-17, 9);
            }
            canvas.paintNow();
          });
      int[][] both = shownAndRedrawn(robot);
      assertThat(differences(both[0], both[1], (int) Math.ceil(canvas.getWidth())))
          .as("pixels that differ from a full redraw after drag step %d", i)
          .isEmpty();
    }
    robot.interact(
        () -> {
          canvas.dragPreview(null);
          canvas.paintNow();
        });
    int[][] both = shownAndRedrawn(robot);
    assertThat(differences(both[0], both[1], (int) Math.ceil(canvas.getWidth())))
        .as("pixels that differ from a full redraw after the drag ended")
        .isEmpty();
  }

  @Test
  void aRubberBandThatSelectsNothingShowsWhatAFullRedrawShows(FxRobot robot) {
    robot.interact(
        () -> {
          canvas.actualSize();
          canvas.paintNow();
        });
    // Between entity_0 and entity_1, above the second row: nothing to select there.
    javafx.geometry.Point2D from = canvas.localToScreen(canvas.toScreen(235, 130));
    robot.drag(from, javafx.scene.input.MouseButton.PRIMARY);
    for (int[] by : new int[][] {{20, 10}, {15, 12}, {-25, -8}}) {
      robot.moveBy(by[0], by[1]);
      robot.interact(canvas::paintNow);
      int[][] both = shownAndRedrawn(robot);
      assertThat(canvas.selection()).isEmpty();
      assertThat(differences(both[0], both[1], (int) Math.ceil(canvas.getWidth())))
          .as("pixels that differ from a full redraw while the band grows and shrinks")
          .isEmpty();
    }
    robot.drop();
  }
}
