package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.geometry.Rectangle2D;
import org.junit.jupiter.api.Test;

/** Where a tool window goes when the editor shows tables for it. */
class OutOfTheWayTest {

  private static final Rectangle2D SCREEN = new Rectangle2D(0, 0, 1600, 1000);

  /** The diagram of the editor's window at its default size on a 1600x1000 screen. */
  private static final Rectangle2D DIAGRAM = new Rectangle2D(368, 185, 637, 532);

  @Test
  void aWindowAcrossTheDiagramGoesToTheBottomOfTheScreenAndTheTablesAboveIt() {
    // Recovery Notes as it opens, centred on the editor: the diagram's whole width from y = 268
    // down, 83 pixels of it free.
    Rectangle2D notes = new Rectangle2D(302, 268, 1000, 462);
    OutOfTheWay.Placement p = OutOfTheWay.place(DIAGRAM, notes, SCREEN);
    assertThat(p.x()).isEqualTo(302);
    assertThat(p.y()).isEqualTo(538);
    assertThat(p.free()).isEqualTo(new Rectangle2D(368, 185, 637, 353));
  }

  @Test
  void aWindowBesideTheDiagramStaysAndLeavesItWhole() {
    Rectangle2D window = new Rectangle2D(1020, 100, 500, 400);
    OutOfTheWay.Placement p = OutOfTheWay.place(DIAGRAM, window, SCREEN);
    assertThat(p.x()).isEqualTo(1020);
    assertThat(p.y()).isEqualTo(100);
    assertThat(p.free()).isEqualTo(DIAGRAM);
  }

  @Test
  void aWindowCoveringACornerStaysWhenMovingWouldFreeLittleMore() {
    // Covers the diagram's right 20 pixels: the left 617 are free; at the right edge of the
    // screen it would free them all, under 5 % more.
    Rectangle2D window = new Rectangle2D(985, 150, 500, 700);
    OutOfTheWay.Placement p = OutOfTheWay.place(DIAGRAM, window, SCREEN);
    assertThat(p.x()).isEqualTo(985);
    assertThat(p.free()).isEqualTo(new Rectangle2D(368, 185, 617, 532));
  }

  @Test
  void aWindowTooLargeToLeaveAnythingFreeSaysSo() {
    Rectangle2D window = new Rectangle2D(0, 0, 1600, 1000);
    OutOfTheWay.Placement p = OutOfTheWay.place(DIAGRAM, window, SCREEN);
    assertThat(p.free()).isNull();
    assertThat(p.x()).isZero();
    assertThat(p.y()).isZero();
  }
}
