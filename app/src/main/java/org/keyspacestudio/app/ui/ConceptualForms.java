package org.keyspacestudio.app.ui;

import java.util.Map;
import javafx.fxml.FXML;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;

/**
 * The inspector's forms for the conceptual model's entities ({@code EntityInspector.fxml}),
 * relationships ({@code RelationshipInspector.fxml}), IsA hierarchies ({@code
 * HierarchyInspector.fxml}) and single attributes ({@code AttributeInspector.fxml}); {@link
 * QueryFirstPanes} fills them and turns their changes into edits.
 */
final class ConceptualForms {

  private ConceptualForms() {}

  /** An entity's form: its name field (made by the caller) and whether it is weak. */
  static final class EntityForm {
    @FXML Label title;
    @FXML CheckBox weak;

    /** The form's root, to put in the inspector. */
    final Parent root;

    EntityForm(TextField name) {
      root = Forms.load("EntityInspector.fxml", this, Map.of("name", name));
    }
  }

  /** A relationship's form: its name field, identifying or not, and a row per end from row 1. */
  static final class RelationshipForm {
    @FXML Label title;
    @FXML CheckBox identifying;
    @FXML GridPane ends;
    @FXML Button addEnd;

    /** The form's root, to put in the inspector. */
    final Parent root;

    RelationshipForm(TextField name) {
      root = Forms.load("RelationshipInspector.fxml", this, Map.of("name", name));
    }
  }

  /** An IsA hierarchy's form: its name field, parent, children (from the caller) and kinds. */
  static final class HierarchyForm {
    @FXML ComboBox<String> parent;
    @FXML Label childrenHeading;
    @FXML VBox children;
    @FXML RadioButton disjoint;
    @FXML RadioButton overlapping;

    /** The form's root, to put in the inspector. */
    final Parent root;

    HierarchyForm(TextField name) {
      root = Forms.load("HierarchyInspector.fxml", this, Map.of("name", name));
    }
  }

  /** An attribute's form: a row per attribute and part (from row 1), the way to its owner. */
  static final class AttributeForm {
    @FXML Label title;
    @FXML GridPane rows;
    @FXML Label multiValued;
    @FXML Button toOwner;

    /** The form's root, to put in the inspector. */
    final Parent root;

    AttributeForm() {
      root = Forms.load("AttributeInspector.fxml", this);
    }
  }
}
