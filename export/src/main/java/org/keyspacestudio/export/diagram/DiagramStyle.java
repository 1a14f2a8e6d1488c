package org.keyspacestudio.export.diagram;

import java.awt.Color;
import java.awt.Font;

/**
 * Sizes (diagram pixels) and colours of the drawing. One instance serves the screen and every
 * export.
 */
public final class DiagramStyle {

  /** The light palette: every export, and the editor's light theme. */
  public static final DiagramStyle DEFAULT = new DiagramStyle(false);

  /** The same sizes in dark colours, for the editor's dark theme. */
  public static final DiagramStyle DARK = new DiagramStyle(true);

  public final Font rowFont = DiagramFonts.regular(12f);
  public final Font keyFont = DiagramFonts.bold(12f);
  public final Font titleFont = DiagramFonts.bold(13f);
  public final Font arrowFont = DiagramFonts.bold(12f);

  public final double headerHeight = 26;
  public final double rowHeight = 20;
  public final double padding = 8;
  public final double columnGap = 14;
  public final double minWidth = 150;
  public final double gap = 48;
  public final double margin = 24;

  public final Color background;
  public final Color grid;
  public final Color border;
  public final Color tableHeader;
  public final Color viewHeader;
  public final Color typeHeader;
  public final Color entityHeader;
  public final Color relationshipFill;
  public final Color taskHeader;
  public final double diamondHeight = 64;
  public final double entityMinWidth = 110;
  public final double entityHeight = 44;
  public final double ovalMinWidth = 64;
  public final double ovalHeight = 32;
  public final double triangleWidth = 64;
  public final double triangleHeight = 52;

  /** Space between the outlines of a doubled shape (weak entity, identifying, multi-valued). */
  public final double doubleGap = 4;

  public final Color entityFill;
  public final Color attributeFill;
  public final Color isaFill;
  public final double corner = 14;
  public final Color headerText;
  public final Color rowText;
  public final Color typeText;

  /** The bars that stand for a name and for a type in a box too small to read (greeked text). */
  public final Color greekedName;

  public final Color greekedType;
  public final Color markerText;
  public final Color keyRowFill;
  public final Color rowLine;
  public final Color selection;

  /** An element with an error (Cassandra refuses the statement): border, mark and text. */
  public final Color problem;

  /** The row of a column with an error. */
  public final Color problemFill;

  /** An element with warnings only (Cassandra accepts the statement): border, mark and text. */
  public final Color warning;

  /** The row of a column with warnings only. */
  public final Color warningFill;

  public final Color arrow;

  /** Whether this is the dark palette (the editor's dark theme; exports use the light one). */
  public final boolean dark;

  private DiagramStyle(boolean dark) {
    this.dark = dark;
    background = dark ? new Color(0x1E, 0x22, 0x28) : Color.WHITE;
    grid = dark ? new Color(0x2A, 0x30, 0x38) : new Color(0xEE, 0xF1, 0xF4);
    border = dark ? new Color(0x8B, 0x98, 0xA5) : new Color(0x45, 0x55, 0x64);
    tableHeader = dark ? new Color(0x2F, 0x6A, 0x8F) : new Color(0x2E, 0x5E, 0x7E);
    viewHeader = dark ? new Color(0x4F, 0x7A, 0x3A) : new Color(0x5B, 0x7D, 0x44);
    typeHeader = dark ? new Color(0x7B, 0x5A, 0x93) : new Color(0x7A, 0x5C, 0x8E);
    entityHeader = dark ? new Color(0x8D, 0x5A, 0x26) : new Color(0x8A, 0x5A, 0x2B);
    relationshipFill = dark ? new Color(0x3A, 0x30, 0x24) : new Color(0xFB, 0xF3, 0xE6);
    taskHeader = dark ? new Color(0x2F, 0x6B, 0x6E) : new Color(0x3C, 0x6E, 0x71);
    entityFill = dark ? new Color(0x33, 0x29, 0x1D) : new Color(0xFD, 0xF6, 0xEC);
    attributeFill = dark ? new Color(0x1E, 0x22, 0x28) : Color.WHITE;
    isaFill = dark ? new Color(0x24, 0x30, 0x40) : new Color(0xEE, 0xF3, 0xF8);
    headerText = Color.WHITE;
    rowText = dark ? new Color(0xD6, 0xDD, 0xE4) : new Color(0x1F, 0x29, 0x33);
    typeText = dark ? new Color(0x9A, 0xA7, 0xB3) : new Color(0x5F, 0x6B, 0x77);
    greekedName = mix(rowText, background, 0.55);
    greekedType = mix(typeText, background, 0.55);
    markerText = dark ? new Color(0x7F, 0xB4, 0xD9) : new Color(0x2E, 0x5E, 0x7E);
    keyRowFill = dark ? new Color(0x26, 0x2D, 0x35) : new Color(0xF2, 0xF6, 0xF9);
    rowLine = dark ? new Color(0x39, 0x42, 0x4C) : new Color(0xDD, 0xE3, 0xE8);
    selection = dark ? new Color(0x4A, 0xA3, 0xF0) : new Color(0x1E, 0x88, 0xE5);
    problem = dark ? new Color(0xEF, 0x53, 0x50) : new Color(0xD3, 0x2F, 0x2F);
    problemFill = dark ? new Color(0x3D, 0x24, 0x24) : new Color(0xFD, 0xEC, 0xEA);
    // Amber, as the Problems list and the inspector show a warning (Primer's attention colours).
    warning = dark ? new Color(0xD2, 0x99, 0x22) : new Color(0x9A, 0x67, 0x00);
    warningFill = dark ? new Color(0x37, 0x2E, 0x1A) : new Color(0xFF, 0xF8, 0xC5);
    arrow = dark ? new Color(0xC9, 0xD1, 0xD9) : new Color(0x33, 0x33, 0x33);
  }

  /** {@code a} blended towards {@code b} by {@code t} (0: a, 1: b). */
  private static Color mix(Color a, Color b, double t) {
    return new Color(
        (int) Math.round(a.getRed() + (b.getRed() - a.getRed()) * t),
        (int) Math.round(a.getGreen() + (b.getGreen() - a.getGreen()) * t),
        (int) Math.round(a.getBlue() + (b.getBlue() - a.getBlue()) * t));
  }
}
