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

  /** A table box with an id (K) and a name column of the given type. */
  private static Box table(int i, String nameType) {
    org.keyspacestudio.model.cql.CqlIdentifier ks =
        org.keyspacestudio.model.cql.CqlIdentifier.of("ks");
    org.keyspacestudio.model.cql.CqlIdentifier t =
        org.keyspacestudio.model.cql.CqlIdentifier.of("t_" + i);
    return new Box(
        ElementRef.table(ks, t),
        Box.Kind.TABLE,
        "t_" + i,
        List.of(
            new Box.Row(
                ElementRef.column(ks, t, org.keyspacestudio.model.cql.CqlIdentifier.of("id")),
                "id",
                "uuid",
                "K",
                true),
            new Box.Row(
                ElementRef.column(ks, t, org.keyspacestudio.model.cql.CqlIdentifier.of("name")),
                "name",
                nameType,
                "",
                false)));
  }

  @Test
  void editsDrawOnlyTheBoxesTheyChangedAndShowWhatAFullRedrawShows(FxRobot robot) {
    List<Box> tables = new java.util.ArrayList<>();
    Map<ElementRef, Point> at = new java.util.HashMap<>();
    for (int i = 0; i < 12; i++) {
      Box b = table(i, "text");
      tables.add(b);
      at.put(b.element(), new Point(30 + (i % 4) * 170, 30 + (i / 4) * 120));
    }
    Diagram diagram = Diagram.empty().withPositions(at);
    DiagramGeometry start = DiagramGeometry.of(tables, diagram, DiagramStyle.DEFAULT);
    robot.interact(
        () -> {
          canvas.actualSize();
          canvas.show(start, java.util.Set.of());
          canvas.paintNow();
        });
    // t_1's name column becomes an int (the box keeps its size), t_8 goes.
    List<Box> edited = new java.util.ArrayList<>();
    for (int i = 0; i < 12; i++) {
      if (i == 1) {
        edited.add(table(1, "int"));
      } else if (i != 8) {
        edited.add(tables.get(i));
      }
    }
    DiagramGeometry editedGeometry = DiagramGeometry.of(edited, diagram, DiagramStyle.DEFAULT);
    ElementRef t1 = tables.get(1).element();
    ElementRef t4 = tables.get(4).element();
    ElementRef t1Name = tables.get(1).rows().get(1).element();
    assertThat(editedGeometry.box(t1).bounds()).isEqualTo(start.box(t1).bounds());
    // First the content alone, then problems come (a box's, a row's), then all goes back.
    DiagramGeometry[] steps = {editedGeometry, editedGeometry, start};
    List<java.util.Set<ElementRef>> marked =
        List.of(java.util.Set.of(), java.util.Set.of(t4, t1Name), java.util.Set.of());
    for (int i = 0; i < steps.length; i++) {
      DiagramGeometry next = steps[i];
      java.util.Set<ElementRef> withProblems = marked.get(i);
      robot.interact(
          () -> {
            canvas.show(next, withProblems);
            canvas.paintNow();
          });
      assertThat(canvas.lastPaintWasWhole()).as("edit %d drew the whole view", i).isFalse();
      int[][] both = shownAndRedrawn(robot);
      assertThat(differences(both[0], both[1], (int) Math.ceil(canvas.getWidth())))
          .as("pixels that differ from a full redraw after edit %d", i)
          .isEmpty();
    }
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
