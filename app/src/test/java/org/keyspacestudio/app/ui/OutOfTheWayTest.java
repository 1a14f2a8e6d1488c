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

  @Test
  void writePathsOpeningTheFirstTimeIsMadeNarrowerToLeaveHalfOfTheDiagramFree() {
    // Write Paths, 1100x760, centred on the editor. At the right edge of the screen as it is, it
    // would leave the left 132 of the diagram's 637 pixels free (21 %).
    Rectangle2D writes = new Rectangle2D(250, 120, 1100, 760);
    assertThat(OutOfTheWay.place(DIAGRAM, writes, SCREEN).free().getWidth()).isEqualTo(132);
    OutOfTheWay.Placement p = OutOfTheWay.opening(DIAGRAM, writes, SCREEN, 760, 560);
    assertThat(p.width()).isEqualTo(913.5);
    assertThat(p.height()).isEqualTo(760);
    assertThat(p.x()).isEqualTo(1600 - 913.5);
    assertThat(p.y()).isEqualTo(120);
    assertThat(p.free()).isEqualTo(new Rectangle2D(368, 185, 318.5, 532));
  }

  @Test
  void aWindowThatCannotBeMadeSmallEnoughLeavesWhatItsLeastSizeLeaves() {
    Rectangle2D sizes = new Rectangle2D(100, 110, 1400, 780);
    OutOfTheWay.Placement p = OutOfTheWay.opening(DIAGRAM, sizes, SCREEN, 1300, 740);
    // Its least size against the bottom edge leaves the diagram's top 75 pixels; against the
    // right or left edge, nothing.
    assertThat(p.width()).isEqualTo(1400);
    assertThat(p.height()).isEqualTo(740);
    assertThat(p.y()).isEqualTo(260);
    assertThat(p.free()).isEqualTo(new Rectangle2D(368, 185, 637, 75));
  }

  @Test
  void aWindowOpeningWhereItLeavesHalfFreeKeepsItsSize() {
    Rectangle2D notes = new Rectangle2D(302, 268, 1000, 462);
    OutOfTheWay.Placement p = OutOfTheWay.opening(DIAGRAM, notes, SCREEN, 700, 320);
    assertThat(p).isEqualTo(OutOfTheWay.place(DIAGRAM, notes, SCREEN));
    assertThat(p.width()).isEqualTo(1000);
    assertThat(p.height()).isEqualTo(462);
  }
}
