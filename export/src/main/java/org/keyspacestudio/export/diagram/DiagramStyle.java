package org.keyspacestudio.export.diagram;

import java.awt.Color;
import java.awt.Font;

/**
 * Sizes (diagram pixels) and colours of the drawing. One instance serves the screen and every
 * export.
 */
public final class DiagramStyle {

  public static final DiagramStyle DEFAULT = new DiagramStyle();

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

  public final Color background = Color.WHITE;
  public final Color grid = new Color(0xEE, 0xF1, 0xF4);
  public final Color border = new Color(0x45, 0x55, 0x64);
  public final Color tableHeader = new Color(0x2E, 0x5E, 0x7E);
  public final Color viewHeader = new Color(0x5B, 0x7D, 0x44);
  public final Color typeHeader = new Color(0x7A, 0x5C, 0x8E);
  public final Color entityHeader = new Color(0x8A, 0x5A, 0x2B);
  public final Color relationshipFill = new Color(0xFB, 0xF3, 0xE6);
  public final Color taskHeader = new Color(0x3C, 0x6E, 0x71);
  public final double diamondHeight = 64;
  public final double entityMinWidth = 110;
  public final double entityHeight = 44;
  public final double ovalMinWidth = 64;
  public final double ovalHeight = 32;
  public final double triangleWidth = 64;
  public final double triangleHeight = 52;

  /** Space between the outlines of a doubled shape (weak entity, identifying, multi-valued). */
  public final double doubleGap = 4;

  public final Color entityFill = new Color(0xFD, 0xF6, 0xEC);
  public final Color attributeFill = Color.WHITE;
  public final Color isaFill = new Color(0xEE, 0xF3, 0xF8);
  public final double corner = 14;
  public final Color headerText = Color.WHITE;
  public final Color rowText = new Color(0x1F, 0x29, 0x33);
  public final Color typeText = new Color(0x5F, 0x6B, 0x77);
  public final Color markerText = new Color(0x2E, 0x5E, 0x7E);
  public final Color keyRowFill = new Color(0xF2, 0xF6, 0xF9);
  public final Color rowLine = new Color(0xDD, 0xE3, 0xE8);
  public final Color selection = new Color(0x1E, 0x88, 0xE5);
  public final Color problem = new Color(0xD3, 0x2F, 0x2F);
  public final Color problemFill = new Color(0xFD, 0xEC, 0xEA);
  public final Color arrow = new Color(0x33, 0x33, 0x33);

  private DiagramStyle() {}
}
