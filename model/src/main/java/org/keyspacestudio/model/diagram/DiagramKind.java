package org.keyspacestudio.model.diagram;

import java.util.Locale;

/**
 * The four diagrams of a project, in the order of the Chebotko method: the conceptual (ER) model,
 * the application workflow, and the Chebotko diagram at the logical and the physical level.
 */
public enum DiagramKind {
  CONCEPTUAL("Conceptual"),
  WORKFLOW("Workflow"),
  LOGICAL("Logical"),
  PHYSICAL("Physical");

  private final String title;

  DiagramKind(String title) {
    this.title = title;
  }

  /** As shown on a tab: "Conceptual", "Workflow", "Logical", "Physical". */
  public String title() {
    return title;
  }

  /** Whether it is a Chebotko diagram (logical or physical). */
  public boolean chebotko() {
    return this == LOGICAL || this == PHYSICAL;
  }

  /** The Chebotko level of a logical or physical diagram; null for the others. */
  public Diagram.Level level() {
    return switch (this) {
      case LOGICAL -> Diagram.Level.LOGICAL;
      case PHYSICAL -> Diagram.Level.PHYSICAL;
      default -> null;
    };
  }

  /**
   * Reads a name in any case ({@code conceptual}, {@code ER}, {@code workflow}...).
   *
   * @throws IllegalArgumentException for an unknown name
   */
  public static DiagramKind parse(String text) {
    String t = text.strip().toUpperCase(Locale.ROOT);
    if (t.equals("ER")) {
      return CONCEPTUAL;
    }
    try {
      return valueOf(t);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "unknown diagram '" + text + "' (expected conceptual, workflow, logical or physical)", e);
    }
  }
}
