package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javafx.geometry.Point2D;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.keyspacestudio.export.diagram.BoxGeometry;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.Cardinality;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.conceptual.Relationship;
import org.keyspacestudio.model.diagram.Box;
import org.keyspacestudio.model.diagram.DiagramKind;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.edit.ConceptualEdits;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.workflow.Operator;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.Transition;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Query-first modeling in the editor, as a user does it (headless): an entity with attributes, a
 * relationship with cardinalities, a task with a transition and a query, each step one undo step;
 * and the four diagrams, each keeping its own zoom and selection.
 */
@ExtendWith(ApplicationExtension.class)
class QueryFirstEditorTest {

  private EditorWindow window;

  @Start
  void start(Stage stage) {
    window = new EditorWindow(stage, null);
  }

  private Project project() {
    return window.document().project();
  }

  private Point2D screenPointOf(DiagramKind kind, ElementRef ref) {
    DiagramCanvas canvas = window.canvas(kind);
    BoxGeometry box = canvas.geometry().box(ref);
    Point2D local = canvas.toScreen(box.bounds().getCenterX(), box.bounds().getCenterY());
    return canvas.localToScreen(local);
  }

  private static void undo(FxRobot robot) {
    robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
  }

  /** A new entity from the palette, named by typing, as a user makes one. */
  private static void entityFromPalette(FxRobot robot, String name) {
    robot.clickOn("#tool-entity");
    WaitForAsyncUtils.waitForFxEvents();
    robot.write(name).type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
  }

  /** Presses a shortcut (the keys together, released in the other order) and lets it act. */
  private static void shortcut(FxRobot robot, KeyCode... keys) {
    robot.press(keys);
    for (int i = keys.length - 1; i >= 0; i--) {
      robot.release(keys[i]);
    }
    WaitForAsyncUtils.waitForFxEvents();
  }

  private static void redo(FxRobot robot) {
    shortcut(robot, KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.Z);
  }

  @Test
  void anEntityWithAttributesIsDrawnFromThePaletteAndEveryStepUndoes(FxRobot robot) {
    assertThat(window.currentDiagram())
        .as("a new project starts query-first")
        .isEqualTo(DiagramKind.CONCEPTUAL);
    entityFromPalette(robot, "User");
    assertThat(project().conceptual().entity("User")).isPresent();
    // One entity and no key yet: counted in the singular ("1 entities" before).
    assertThat(robot.lookup("#status-text").queryLabeled().getText())
        .startsWith("1 entity  ·  0 relationships  ·  1 error  ·  0 warnings");
    // The inspector says what the error is, and offers a fix.
    assertThat(
            robot
                .lookup(".inspector-problems .button")
                .queryAllAs(javafx.scene.control.Button.class))
        .extracting(javafx.scene.control.Button::getText)
        .containsExactly("Fix: Add the key attribute user_id (uuid) to User");

    // Ctrl+Alt+K: a key attribute of the selected entity, its name ready to type.
    shortcut(robot, KeyCode.CONTROL, KeyCode.ALT, KeyCode.K);
    robot.write("user_id").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    // With the attribute selected, a new attribute goes to the same entity.
    robot.clickOn("#tool-multivalued");
    WaitForAsyncUtils.waitForFxEvents();
    robot.write("emails").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();

    var user = project().conceptual().entity("User").orElseThrow();
    assertThat(user.attributes())
        .extracting(Attribute::name, Attribute::kind)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("user_id", Attribute.Kind.SIMPLE),
            org.assertj.core.groups.Tuple.tuple("emails", Attribute.Kind.MULTI_VALUED));
    assertThat(user.keys()).containsExactly(Key.of(AttributeRef.parse("User.user_id")));
    var g = window.canvas(DiagramKind.CONCEPTUAL).geometry();
    assertThat(g.box(ElementRef.attribute("User", "user_id")).box().kind())
        .as("drawn as an underlined oval")
        .isEqualTo(Box.Kind.KEY_ATTRIBUTE);
    assertThat(g.box(ElementRef.attribute("User", "emails")).box().kind())
        .isEqualTo(Box.Kind.MULTI_VALUED_ATTRIBUTE);
    for (BoxGeometry b : g.boxes()) {
      for (BoxGeometry other : g.boxes()) {
        assertThat(b == other || !b.bounds().intersects(other.bounds()))
            .as("%s clear of %s", b.box().title(), other.box().title())
            .isTrue();
      }
    }

    // Every step back: the rename of emails, emails, user_id's rename, user_id, User, the entity.
    robot.interact(() -> window.canvas().requestFocus());
    undo(robot);
    assertThat(project().conceptual().entity("User").get().attribute("attribute")).isPresent();
    undo(robot);
    assertThat(project().conceptual().entity("User").get().attributes()).hasSize(1);
    undo(robot);
    undo(robot);
    assertThat(project().conceptual().entity("User").get().attributes()).isEmpty();
    assertThat(project().conceptual().entity("User").get().keys()).isEmpty();
    undo(robot);
    assertThat(project().conceptual().entities())
        .extracting(e -> e.name())
        .containsExactly("Entity");
    undo(robot);
    assertThat(project().conceptual().isEmpty()).isTrue();
    for (int i = 0; i < 6; i++) {
      redo(robot);
    }
    assertThat(project().conceptual().entity("User").orElseThrow()).isEqualTo(user);
  }

  @Test
  void aRelationshipIsDrawnFromOneEntityToAnotherAndItsCardinalitiesSet(FxRobot robot) {
    robot.interact(
        () -> {
          window.document().perform(ConceptualEdits.addEntity("User", false, new Point(40, 200)));
          window.document().perform(ConceptualEdits.addEntity("Video", false, new Point(520, 200)));
          window.canvas().actualSize();
        });
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn(screenPointOf(DiagramKind.CONCEPTUAL, ElementRef.entity("User")));
    WaitForAsyncUtils.waitForFxEvents();
    Point2D handle = window.canvas().localToScreen(window.canvas().handle());
    robot
        .drag(handle)
        .moveTo(screenPointOf(DiagramKind.CONCEPTUAL, ElementRef.entity("Video")))
        .drop();
    WaitForAsyncUtils.waitForFxEvents();
    // The new relationship is selected and its name ready to type.
    robot.write("uploads").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    Relationship uploads = project().conceptual().relationship("uploads").orElseThrow();
    assertThat(uploads.ends())
        .containsExactly(
            new Relationship.End("User", Cardinality.ONE, ""),
            new Relationship.End("Video", Cardinality.N, ""));
    assertThat(window.canvas().selection()).containsExactly(ElementRef.relationship("uploads"));

    robot.clickOn("#end-cardinality-1").clickOn("m");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().conceptual().relationship("uploads").get().ends().get(1).cardinality())
        .isEqualTo(Cardinality.M);
    var edges = window.canvas().geometry().arrows();
    assertThat(edges).extracting(a -> a.label()).containsExactlyInAnyOrder("1", "m");
    assertThat(edges).allMatch(a -> window.canvas().geometry().isPlainLine(a));

    robot.interact(() -> window.canvas().requestFocus());
    undo(robot);
    assertThat(project().conceptual().relationship("uploads").get().ends().get(1).cardinality())
        .isEqualTo(Cardinality.N);
    undo(robot);
    assertThat(project().conceptual().relationship("relates")).isPresent();
    undo(robot);
    assertThat(project().conceptual().relationships()).isEmpty();
    redo(robot);
    redo(robot);
    redo(robot);
    assertThat(project().conceptual().relationship("uploads").get().ends().get(1).cardinality())
        .isEqualTo(Cardinality.M);
  }

  @Test
  void tabGoesFromANewAttributesNameToItsKindAndType(FxRobot robot) {
    entityFromPalette(robot, "User");
    shortcut(robot, KeyCode.CONTROL, KeyCode.ALT, KeyCode.A);
    // The rename rebuilds the form: the focus went nowhere, and what was typed next was lost.
    robot.write("email").type(KeyCode.TAB);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.inspector().getScene().getFocusOwner().getUserData())
        .isEqualTo("attr:User.email:kind");
    robot.type(KeyCode.TAB).write("text").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().conceptual().attribute(AttributeRef.parse("User.email")))
        .map(Attribute::type)
        .contains("text");
  }

  @Test
  void aTypeTypedQuicklyAfterTheRenameOfANewAttributeIsKept(FxRobot robot) {
    entityFromPalette(robot, "Sensor");
    shortcut(robot, KeyCode.CONTROL, KeyCode.ALT, KeyCode.A);
    WaitForAsyncUtils.waitForFxEvents();
    // Name, Tab, Tab and the type, all before the form is built again for the new name (as typed
    // quickly, or by a tool): the focus went nowhere and "timestamp" was lost.
    javafx.scene.Node kind =
        robot.lookup(n -> "attr:Sensor.attribute:kind".equals(n.getUserData())).query();
    javafx.scene.control.TextField type =
        robot.lookup("#attribute-type-attribute").queryAs(javafx.scene.control.TextField.class);
    robot.interact(
        () -> {
          javafx.scene.control.TextField name =
              (javafx.scene.control.TextField) window.inspector().getScene().getFocusOwner();
          name.setText("installed_at");
          kind.requestFocus();
          type.requestFocus();
          type.setText("timestamp");
          type.end();
        });
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().conceptual().attribute(AttributeRef.parse("Sensor.installed_at")))
        .isPresent();
    javafx.scene.Node focused = window.inspector().getScene().getFocusOwner();
    assertThat(focused.getId()).isEqualTo("attribute-type-installed_at");
    assertThat(((javafx.scene.control.TextField) focused).getText()).isEqualTo("timestamp");
    robot.type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().conceptual().attribute(AttributeRef.parse("Sensor.installed_at")))
        .map(Attribute::type)
        .contains("timestamp");
  }

  @Test
  void everyControlOfARenamedEntitysFormTakesKeysAsSoonAsTheFormIsBuilt(FxRobot robot) {
    robot.interact(() -> window.open(java.nio.file.Path.of("../examples/killrvideo.kstudio")));
    robot.interact(
        () -> {
          window.showDiagram(DiagramKind.CONCEPTUAL);
          window.select(ElementRef.entity("User"));
        });
    WaitForAsyncUtils.waitForFxEvents();
    javafx.scene.control.TextField name = robot.lookup("#er-name").query();
    javafx.scene.Node weak = robot.lookup("#er-weak").query();
    var firstAttribute = new java.util.concurrent.CompletableFuture<String>();
    robot.interact(
        () -> {
          name.requestFocus();
          name.setText("Member");
          // Tab from the name to the weak check box: the rename commits in the next event and
          // builds the form again. A second Tab reaches the first attribute's name: without its
          // skin until the next pulse, it dropped the keys typed and selected nothing, so
          // "member_id" typed at speed became "ber_iduser_id".
          weak.requestFocus();
          javafx.application.Platform.runLater(
              () -> {
                javafx.scene.Node field =
                    window.inspector().lookupAll(".text-field").stream()
                        .filter(n -> "attr:Member.user_id:name".equals(n.getUserData()))
                        .findFirst()
                        .orElse(null);
                firstAttribute.complete(
                    field == null
                        ? "not built"
                        : ((javafx.scene.control.Control) field).getSkin() != null
                            ? "skinned"
                            : "no skin");
              });
        });
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(firstAttribute.join()).isEqualTo("skinned");
    assertThat(focusOwner(window, false)).isEqualTo("er-weak, skinned");
  }

  /** The example's uploads relationship in the inspector, its end's role field clicked. */
  private void clickUploadsEndRole(FxRobot robot, int end) {
    robot.interact(() -> window.open(java.nio.file.Path.of("../examples/killrvideo.kstudio")));
    robot.interact(
        () -> {
          window.showDiagram(DiagramKind.CONCEPTUAL);
          window.select(ElementRef.relationship("uploads"));
        });
    WaitForAsyncUtils.waitForFxEvents();
    String key = "end:" + end + ":role";
    robot.clickOn(robot.lookup(n -> key.equals(n.getUserData())).queryAs(javafx.scene.Node.class));
  }

  @Test
  void tabGoesOnFromARelationshipEndsRoleThroughItsRemoveButtonToTheNextEnd(FxRobot robot) {
    clickUploadsEndRole(robot, 0);
    // The remove button Tab reaches from the role has no key: the role's commit built the form
    // again and the focus went to the diagram, whose Tabs selected other elements; the second
    // role was typed nowhere (seen under Openbox, typed by hand).
    robot.write("uploader").type(KeyCode.TAB, KeyCode.TAB, KeyCode.TAB, KeyCode.TAB);
    robot.write("upload").type(KeyCode.TAB);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().conceptual().relationship("uploads").orElseThrow().ends())
        .extracting(Relationship.End::role)
        .containsExactly("uploader", "upload");
    assertThat(window.canvas().selection()).containsExactly(ElementRef.relationship("uploads"));
  }

  @Test
  void aRelationshipsLastEndRemovedFromTheKeyboardLeavesTheFocusInTheInspector(FxRobot robot) {
    clickUploadsEndRole(robot, 1);
    // Tab to the last end's remove button, Space: the row and its button are gone, and what is
    // at the button's place now cannot take the focus. JavaFX had passed it on to the toolbar.
    robot.type(KeyCode.TAB).type(KeyCode.SPACE);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().conceptual().relationship("uploads").orElseThrow().ends()).hasSize(1);
    javafx.scene.Node owner = window.inspector().getScene().getFocusOwner();
    assertThat(owner).isNotNull();
    boolean within = false;
    for (javafx.scene.Node n = owner; n != null; n = n.getParent()) {
      within |= n == window.inspector();
    }
    assertThat(within).as("focus on %s", owner).isTrue();
  }

  @Test
  void tabFromARenamedQuerysIdGoesOnToItsDescriptionAndATakenIdIsRefused(FxRobot robot) {
    robot.interact(() -> window.open(java.nio.file.Path.of("../examples/killrvideo.kstudio")));
    robot.interact(
        () -> {
          window.showDiagram(DiagramKind.WORKFLOW);
          window.select(ElementRef.query("Q8"));
        });
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("#query-id");
    robot.press(KeyCode.CONTROL).type(KeyCode.A).release(KeyCode.CONTROL);
    // The rename selected Q10 from a form that no longer named it: the focus went to the model
    // browser, and what was typed next for the description went there (seen under Openbox).
    robot.write("Q10").type(KeyCode.TAB);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().workflow().query("Q10")).isPresent();
    assertThat(focusOwner(window, true)).isEqualTo("query:description, skinned");
    // Another query's id changes nothing: it had selected that query, as if renamed.
    robot.interact(
        () -> {
          javafx.scene.control.TextField id =
              robot.lookup("#query-id").queryAs(javafx.scene.control.TextField.class);
          id.requestFocus();
          id.selectAll();
        });
    robot.write("Q6").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().workflow().queries()).extracting(Query::id).contains("Q10", "Q6");
    assertThat(window.inspector().shown()).isEqualTo(ElementRef.query("Q10"));
  }

  @Test
  void theFieldATabLeftForIsFocusedAsSoonAsTheRenamedAttributesFormIsBuilt(FxRobot robot)
      throws Exception {
    entityFromPalette(robot, "Sensor");
    shortcut(robot, KeyCode.CONTROL, KeyCode.ALT, KeyCode.A);
    WaitForAsyncUtils.waitForFxEvents();
    javafx.scene.Node kind =
        robot.lookup(n -> "attr:Sensor.attribute:kind".equals(n.getUserData())).query();
    var focusedNext = new java.util.concurrent.CompletableFuture<String>();
    robot.interact(
        () -> {
          javafx.scene.control.TextField name =
              (javafx.scene.control.TextField) window.inspector().getScene().getFocusOwner();
          name.setText("installed_at");
          // Tab from the name: the rename builds the form again, after this event.
          kind.requestFocus();
          // What the next key typed reaches once that form is built: the focus went there one
          // event later, and Tab, Tab and a type typed quickly were lost. (The name commits in
          // the next event, which asks for the form in the one after: this runs after both.)
          javafx.application.Platform.runLater(
              () ->
                  javafx.application.Platform.runLater(
                      () -> focusedNext.complete(focusOwner(window, true))));
        });
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(focusedNext.get(5, java.util.concurrent.TimeUnit.SECONDS))
        .isEqualTo("attr:Sensor.installed_at:kind, skinned");
  }

  @Test
  void anAttributeWithoutATypeShowsInGreyTheTypeItsNameGivesIt(FxRobot robot) {
    entityFromPalette(robot, "User");
    shortcut(robot, KeyCode.CONTROL, KeyCode.ALT, KeyCode.A);
    robot.write("created_at").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    javafx.scene.control.TextField type =
        robot.lookup("#attribute-type-created_at").queryAs(javafx.scene.control.TextField.class);
    // The type the mapping gives it (it said "CQL type" and the mapping made a text column).
    assertThat(type.getText()).isEmpty();
    assertThat(type.getPromptText()).isEqualTo("timestamp");
    robot.interact(
        () ->
            window
                .document()
                .perform(
                    ConceptualEdits.addAttribute(
                        "User", "nickname", Attribute.Kind.SIMPLE, false, new Point(0, 0))));
    WaitForAsyncUtils.waitForFxEvents();
    robot.interact(() -> window.select(ElementRef.attribute("User", "nickname")));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(
            robot
                .lookup("#attribute-type-nickname")
                .queryAs(javafx.scene.control.TextField.class)
                .getPromptText())
        .isEqualTo("text");
  }

  /** A relationship of two entities selected on {@code c}, made with Ctrl+Alt+R and named. */
  private void relate(FxRobot robot, DiagramCanvas c, String a, String b, String name) {
    robot.interact(
        () -> {
          c.selection().clear();
          c.selection().addAll(List.of(ElementRef.entity(a), ElementRef.entity(b)));
          c.requestFocus();
        });
    shortcut(robot, KeyCode.CONTROL, KeyCode.ALT, KeyCode.R);
    robot.write(name).type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
  }

  @Test
  void boxesMadeOneAfterTheOtherFromThePaletteDoNotLandOnEachOther(FxRobot robot) {
    for (String name : List.of("User", "Video", "Comment")) {
      entityFromPalette(robot, name);
    }
    // A relationship of two of them: halfway when there is room, else beside them.
    DiagramCanvas c = window.canvas(DiagramKind.CONCEPTUAL);
    relate(robot, c, "User", "Video", "posts");
    assertThat(project().conceptual().relationship("posts").orElseThrow().ends())
        .extracting(Relationship.End::entity)
        .containsExactly("User", "Video");
    var g = c.geometry();
    List<java.awt.geom.Rectangle2D> drawn =
        java.util.stream.Stream.concat(
                List.of("User", "Video", "Comment").stream().map(ElementRef::entity),
                java.util.stream.Stream.of(ElementRef.relationship("posts")))
            .map(ref -> g.box(ref).bounds())
            .toList();
    // Nor does a line from the diamond to one entity cross the other.
    var user = drawn.get(0);
    var video = drawn.get(1);
    var posts = drawn.get(3);
    assertThat(
            new java.awt.geom.Line2D.Double(
                    user.getCenterX(), user.getCenterY(), posts.getCenterX(), posts.getCenterY())
                .intersects(video))
        .isFalse();
    assertThat(
            new java.awt.geom.Line2D.Double(
                    video.getCenterX(), video.getCenterY(), posts.getCenterX(), posts.getCenterY())
                .intersects(user))
        .isFalse();
    for (int i = 0; i < drawn.size(); i++) {
      for (int j = i + 1; j < drawn.size(); j++) {
        assertThat(drawn.get(i).intersects(drawn.get(j)))
            .as("box %d and %d overlap: %s, %s", i, j, drawn.get(i), drawn.get(j))
            .isFalse();
      }
    }
  }

  @Test
  void aQueryTypedBeforeItsAttributesAddsThemToTheConceptualModelInOneClick(FxRobot robot) {
    robot.clickOn("#diagram-workflow");
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("#tool-task");
    WaitForAsyncUtils.waitForFxEvents();
    robot.write("Find user").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("#tool-query");
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("#query-given").write("User.email =").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("#query-returns").write("User.user_id").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.problems())
        .extracting(p -> p.rule().id())
        .contains("QUERY-ATTRIBUTE-UNKNOWN");
    assertThat(robot.lookup("#query-fix").queryButton().getText())
        .isEqualTo("Fix: Add User.email, User.user_id to the conceptual model (new entity User)");

    robot.clickOn("#query-fix");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().conceptual().entity("User").orElseThrow().attributes())
        .extracting(Attribute::name)
        .containsExactly("email", "user_id");
    assertThat(window.problems())
        .extracting(p -> p.rule().id())
        .doesNotContain("QUERY-ATTRIBUTE-UNKNOWN");
    // Drawn in the ER diagram, the attributes around their entity, and kept there.
    robot.clickOn("#diagram-conceptual");
    WaitForAsyncUtils.waitForFxEvents();
    var er = window.canvas(DiagramKind.CONCEPTUAL).geometry();
    assertThat(er.box(ElementRef.entity("User"))).isNotNull();
    assertThat(er.box(ElementRef.attribute("User", "email"))).isNotNull();
    assertThat(project().conceptualLayout().positions())
        .containsKeys(ElementRef.entity("User"), ElementRef.attribute("User", "user_id"));

    robot.interact(() -> window.canvas().requestFocus());
    undo(robot);
    assertThat(project().conceptual().entity("User")).isEmpty();
    assertThat(project().workflow().query("Q1").orElseThrow().returns())
        .containsExactly(AttributeRef.parse("User.user_id"));
  }

  @Test
  void aTransitionBetweenTasksThatExistIsMadeFromTheKeyboard(FxRobot robot) {
    robot.clickOn("#diagram-workflow");
    WaitForAsyncUtils.waitForFxEvents();
    for (String task : List.of("Log in", "Show user", "Show video")) {
      robot.interact(() -> window.canvas().selection().clear());
      robot.clickOn("#tool-task");
      WaitForAsyncUtils.waitForFxEvents();
      robot.write(task).type(KeyCode.ENTER);
      WaitForAsyncUtils.waitForFxEvents();
    }
    DiagramCanvas wf = window.canvas(DiagramKind.WORKFLOW);

    // Two tasks selected: from the first selected to the second, its queries ready to type.
    robot.interact(
        () -> {
          wf.selection().clear();
          wf.selection().add(ElementRef.task("Show video"));
          wf.selection().add(ElementRef.task("Show user"));
        });
    robot.interact(wf::requestFocus);
    shortcut(robot, KeyCode.CONTROL, KeyCode.ALT, KeyCode.L);
    assertThat(project().workflow().transition("Show video", "Show user")).isPresent();
    assertThat(wf.selection()).containsExactly(ElementRef.transition("Show video", "Show user"));
    assertThat(window.inspector().getScene().getFocusOwner().getUserData())
        .isEqualTo("transition:queries");

    // One task selected: the task it goes to is chosen in a dialog (the first offered: Show user).
    robot.interact(
        () -> {
          wf.selection().clear();
          wf.selection().add(ElementRef.task("Log in"));
        });
    robot.interact(wf::requestFocus);
    shortcut(robot, KeyCode.CONTROL, KeyCode.ALT, KeyCode.L);
    robot.type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().workflow().transition("Log in", "Show user")).isPresent();

    robot.interact(wf::requestFocus);
    undo(robot);
    assertThat(project().workflow().transition("Log in", "Show user")).isEmpty();
    assertThat(project().workflow().transition("Show video", "Show user")).isPresent();
  }

  @Test
  void aTaskWithATransitionAndAQueryIsDrawnAndEveryStepUndoes(FxRobot robot) {
    robot.clickOn("#diagram-workflow");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.currentDiagram()).isEqualTo(DiagramKind.WORKFLOW);
    robot.clickOn("#tool-task");
    WaitForAsyncUtils.waitForFxEvents();
    robot.write("Log in").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    // With "Log in" selected, a new task comes after it, joined by a transition.
    robot.clickOn(screenPointOf(DiagramKind.WORKFLOW, ElementRef.task("Log in")));
    robot.clickOn("#tool-task");
    WaitForAsyncUtils.waitForFxEvents();
    robot.write("Show user").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    // Renamed, the task keeps the focus in its name (it went to the model browser).
    assertThat(window.inspector().getScene().getFocusOwner().getUserData()).isEqualTo("table:name");
    assertThat(project().workflow().transitions())
        .containsExactly(
            new Transition(null, "Log in", List.of()),
            new Transition("Log in", "Show user", List.of()));
    // A click on its line selects it: with no query yet it has no label to click.
    DiagramCanvas wf = window.canvas(DiagramKind.WORKFLOW);
    var route =
        wf.geometry()
            .path(
                wf.geometry().arrows().stream()
                    .filter(
                        a ->
                            QueryFirstGestures.transitionOf(a)
                                .equals(ElementRef.transition("Log in", "Show user")))
                    .findFirst()
                    .orElseThrow())
            .route();
    var from = route.get(route.size() - 2);
    var to = route.get(route.size() - 1);
    robot.clickOn(
        wf.localToScreen(
            wf.toScreen((from.getX() + to.getX()) / 2, (from.getY() + to.getY()) / 2 + 2)));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(wf.selection()).containsExactly(ElementRef.transition("Log in", "Show user"));

    // Drawing the transition again selects it; a query goes on it from the inspector.
    robot.clickOn(screenPointOf(DiagramKind.WORKFLOW, ElementRef.task("Log in")));
    WaitForAsyncUtils.waitForFxEvents();
    Point2D handle = window.canvas().localToScreen(window.canvas().handle());
    robot
        .drag(handle)
        .moveTo(screenPointOf(DiagramKind.WORKFLOW, ElementRef.task("Show user")))
        .drop();
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.canvas().selection())
        .containsExactly(ElementRef.transition("Log in", "Show user"));
    robot.clickOn("#new-query");
    WaitForAsyncUtils.waitForFxEvents();
    // Tab leaves the description for Given, as between the text fields (it typed a tab).
    robot.clickOn("#query-description").write("Find a user by email").type(KeyCode.TAB);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#query-given").query().isFocused()).isTrue();
    robot.write("User.email =");
    WaitForAsyncUtils.waitForFxEvents();
    robot.type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("#query-returns").write("User.user_id, User.name").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();

    Query q1 = project().workflow().query("Q1").orElseThrow();
    assertThat(q1.description()).isEqualTo("Find a user by email");
    assertThat(q1.given())
        .containsExactly(new Query.Condition(AttributeRef.parse("User.email"), Operator.EQ));
    assertThat(q1.returns())
        .containsExactly(AttributeRef.parse("User.user_id"), AttributeRef.parse("User.name"));
    assertThat(project().workflow().transition("Log in", "Show user").get().queries())
        .containsExactly("Q1");
    assertThat(window.canvas(DiagramKind.WORKFLOW).geometry().arrows())
        .as("the transition is labelled with its query")
        .anyMatch(a -> a.label().equals("Q1"));
    assertThat(window.problems())
        .as("no conceptual model yet: its attributes are unknown")
        .extracting(p -> p.rule().id())
        .contains("QUERY-ATTRIBUTE-UNKNOWN");

    robot.interact(() -> window.canvas().requestFocus());
    undo(robot); // returns
    assertThat(project().workflow().query("Q1").get().returns()).isEmpty();
    undo(robot); // given
    undo(robot); // description
    assertThat(project().workflow().query("Q1").get().description()).isEmpty();
    undo(robot); // the query
    assertThat(project().workflow().queries()).isEmpty();
    assertThat(project().workflow().transition("Log in", "Show user").get().queries()).isEmpty();
    undo(robot); // Show user's name
    undo(robot); // the transition
    undo(robot); // the second task
    assertThat(project().workflow().tasks()).hasSize(1);
    for (int i = 0; i < 7; i++) {
      redo(robot);
    }
    assertThat(project().workflow().query("Q1")).contains(q1);
  }

  @Test
  void eachDiagramKeepsItsOwnZoomAndSelection(FxRobot robot) throws Exception {
    robot.interact(() -> window.open(java.nio.file.Path.of("../examples/killrvideo.kstudio")));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.currentDiagram()).isEqualTo(DiagramKind.CONCEPTUAL);
    robot.clickOn(screenPointOf(DiagramKind.CONCEPTUAL, ElementRef.entity("Video")));
    robot.interact(() -> window.canvas().zoomBy(1.5));
    double erZoom = window.canvas().zoomProperty().get();

    robot.press(KeyCode.ALT, KeyCode.DIGIT2).release(KeyCode.DIGIT2, KeyCode.ALT);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.currentDiagram()).isEqualTo(DiagramKind.WORKFLOW);
    assertThat(window.canvas().selection()).isEmpty();
    assertThat(window.canvas().geometry().box(ElementRef.task("Log in"))).isNotNull();
    robot.clickOn(screenPointOf(DiagramKind.WORKFLOW, ElementRef.task("Show video")));
    assertThat(window.canvas().zoomProperty().get()).isNotEqualTo(erZoom);

    robot.clickOn("#diagram-conceptual");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.canvas().selection()).containsExactly(ElementRef.entity("Video"));
    assertThat(window.canvas().zoomProperty().get()).isEqualTo(erZoom);
    robot.clickOn("#diagram-workflow");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.canvas().selection()).containsExactly(ElementRef.task("Show video"));
    robot.clickOn("#diagram-logical");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.canvas().geometry().level())
        .isEqualTo(org.keyspacestudio.model.diagram.Diagram.Level.LOGICAL);
  }

  @Test
  void mapAllQueriesBuildsTheTablesAndAQueryCanSwitchToAnotherAlternative(FxRobot robot)
      throws Exception {
    robot.interact(() -> window.open(java.nio.file.Path.of("../examples/killrvideo.kstudio")));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().schema().keyspaces().get(0).tables()).isEmpty();
    robot.interact(() -> window.showDiagram(DiagramKind.LOGICAL));
    assertThat(window.canvas().emptyHintShown())
        .isEqualTo(
            "No table yet. Model > Map All Queries (Ctrl+M) makes the tables of the 9 queries;"
                + " or Insert > New Table (Ctrl+T).");

    robot.press(KeyCode.CONTROL, KeyCode.M).release(KeyCode.M, KeyCode.CONTROL);
    // Mapped in the background, then applied on the JavaFX thread.
    WaitForAsyncUtils.waitFor(
        20,
        java.util.concurrent.TimeUnit.SECONDS,
        () -> window.currentDiagram() == DiagramKind.LOGICAL);
    WaitForAsyncUtils.waitForFxEvents();
    var tables = project().schema().keyspaces().get(0).tables();
    assertThat(tables).extracting(t -> t.name().asInternal()).contains("videos_by_user");
    assertThat(window.canvas().emptyHintShown()).isNull();
    assertThat(
            window
                .canvas()
                .geometry()
                .box(
                    ElementRef.table(
                        org.keyspacestudio.model.cql.CqlIdentifier.of("killr_video"),
                        org.keyspacestudio.model.cql.CqlIdentifier.of("videos_by_user"))))
        .isNotNull();
    int mapped = tables.size();
    for (Query q : project().workflow().queries()) {
      assertThat(org.keyspacestudio.model.support.QuerySupport.tablesOf(project(), q.id()))
          .as(q.id())
          .isNotEmpty();
    }

    // Each KillrVideo query has one way to be answered: its inspector offers the table in use,
    // and no copy of it under another name (latest_videos_2 was offered).
    robot.interact(() -> window.select(ElementRef.query("Q7")));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#use-alternative-0").queryButton().isDisabled()).isTrue();
    assertThat(robot.lookup("#use-alternative-1").tryQuery()).isEmpty();

    // Q8 given its user too: the table in use still answers it, and the method's own table
    // (both in the partition key) is offered next; it becomes Q8's table.
    Query q8 = project().workflow().query("Q8").orElseThrow();
    robot.interact(
        () ->
            window
                .document()
                .perform(
                    org.keyspacestudio.model.edit.WorkflowEdits.setQuery(
                        "Q8",
                        q8.withGiven(
                            org.keyspacestudio.model.workflow.QueryText.parseGiven(
                                "Video.video_id =, User.user_id =")))));
    robot.interact(() -> window.select(ElementRef.query("Q8")));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#use-alternative-0").queryButton().isDisabled()).isTrue();
    robot.clickOn("#use-alternative-1");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().schema().keyspaces().get(0).tables()).hasSize(mapped + 1);
    assertThat(robot.lookup("#use-alternative-1").queryButton().isDisabled()).isTrue();
    assertThat(robot.lookup("#use-alternative-0").queryButton().isDisabled()).isFalse();

    undo(robot);
    assertThat(project().schema().keyspaces().get(0).tables()).hasSize(mapped);
    undo(robot); // Q8's given
    undo(robot);
    assertThat(project().schema().keyspaces().get(0).tables()).isEmpty();
  }

  @Test
  void aQueryAMappedTableHoldsEverythingForIsOfferedAViewOverItWhichUndoTakesBack(FxRobot robot)
      throws Exception {
    robot.interact(() -> window.open(java.nio.file.Path.of("../examples/killrvideo.kstudio")));
    WaitForAsyncUtils.waitForFxEvents();
    robot.press(KeyCode.CONTROL, KeyCode.M).release(KeyCode.M, KeyCode.CONTROL);
    WaitForAsyncUtils.waitFor(
        20,
        java.util.concurrent.TimeUnit.SECONDS,
        () -> !project().schema().keyspaces().get(0).tables().isEmpty());
    WaitForAsyncUtils.waitForFxEvents();
    // Videos by rating: videos holds both, keyed by video_id alone.
    robot.interact(
        () -> {
          window
              .document()
              .perform(
                  org.keyspacestudio.model.edit.WorkflowEdits.addQuery(
                      "Find videos by rating", ElementRef.task("Show video")));
        });
    List<Query> queries = project().workflow().queries();
    String id = queries.get(queries.size() - 1).id();
    Query byRating =
        project()
            .workflow()
            .query(id)
            .orElseThrow()
            .withGiven(
                org.keyspacestudio.model.workflow.QueryText.parseGiven("Video.mpaa_rating ="))
            .withReturns(
                org.keyspacestudio.model.workflow.QueryText.parseRefs("Video.title, Video.url"));
    robot.interact(
        () -> {
          window
              .document()
              .perform(org.keyspacestudio.model.edit.WorkflowEdits.setQuery(id, byRating));
          window.select(ElementRef.query(id));
        });
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#use-alternative-0").queryButton().getText())
        .isEqualTo("Use this table");
    assertThat(robot.lookup("#alternative-view-1").queryLabeled().getText())
        .isEqualTo("Materialized view over videos");
    javafx.scene.control.Button useView = robot.lookup("#use-alternative-1").queryButton();
    assertThat(useView.getText()).isEqualTo("Use this view");
    robot.interact(useView::fire);
    WaitForAsyncUtils.waitForFxEvents();
    var ks = project().schema().keyspaces().get(0);
    assertThat(ks.views()).hasSize(1);
    var view = ks.views().get(0);
    assertThat(view.baseTable().asInternal()).isEqualTo("videos");
    assertThat(view.primaryKey().partitionKey())
        .extracting(c -> c.asInternal())
        .containsExactly("mpaa_rating");
    assertThat(org.keyspacestudio.model.support.QuerySupport.tablesOf(project(), id))
        .containsExactly(ElementRef.view(ks.name(), view.name()));
    assertThat(window.canvas().geometry().box(ElementRef.view(ks.name(), view.name()))).isNotNull();
    // The view is in use now, and neither a table nor another view of its shape is offered.
    assertThat(robot.lookup("#use-alternative-0").queryButton().getText()).isEqualTo("In use");
    assertThat(robot.lookup("#use-alternative-1").tryQuery()).isEmpty();
    robot.interact(() -> window.showDiagram(DiagramKind.PHYSICAL));
    WaitForAsyncUtils.waitForFxEvents();
    // The status bar counts the view beside the tables.
    assertThat(robot.lookup("#status-text").queryLabeled().getText())
        .startsWith(
            org.keyspacestudio.app.Counts.of(project().schema().tableCount(), "table", "tables")
                + "  ·  1 view  ·  ");

    undo(robot);
    assertThat(robot.lookup("#status-text").queryLabeled().getText()).doesNotContain("view");
    assertThat(project().schema().keyspaces().get(0).views()).isEmpty();
    assertThat(org.keyspacestudio.model.support.QuerySupport.tablesOf(project(), id)).isEmpty();
  }

  @Test
  void anImportedSchemaGetsItsModelsFromTheNoQueriesDialogAndUndoTakesThemBack(FxRobot robot)
      throws Exception {
    recoverFromTheNoQueriesDialog(
        robot,
        "CREATE TABLE shop.users (user_id uuid PRIMARY KEY, name text, email text);\n"
            + "CREATE TABLE shop.orders (order_id uuid PRIMARY KEY, user_id uuid, total decimal);\n"
            + "CREATE TABLE shop.orders_by_user (user_id uuid, placed timestamp, order_id uuid,"
            + " total decimal, PRIMARY KEY (user_id, placed, order_id))"
            + " WITH CLUSTERING ORDER BY (placed DESC, order_id ASC);\n");
    assertThat(window.currentDiagram()).isEqualTo(DiagramKind.CONCEPTUAL);
    assertThat(project().conceptual().entities())
        .extracting(e -> e.name())
        .containsExactly("User", "Order");
    // orders holds user_id outside its key: an Order has one User.
    assertThat(project().conceptual().relationship("user_order").orElseThrow().ends())
        .extracting(e -> e.cardinality().symbol())
        .containsExactly("1", "n");
    assertThat(window.canvas().geometry().box(ElementRef.entity("Order"))).isNotNull();
    Query byUser = project().workflow().query("Q3").orElseThrow();
    assertThat(byUser.description())
        .isEqualTo("Find Order by user_id, ordered by placed descending (table orders_by_user)");
    assertThat(org.keyspacestudio.model.support.QuerySupport.tablesOf(project(), "Q3"))
        .isNotEmpty();
    // The guesses it made are shown, to check: each selects the tables it names.
    RecoveryNotesWindow notes = window.notesWindow();
    assertThat(notes.isShowing()).isTrue();
    assertThat(robot.lookup("#recovery-summary").queryLabeled().getText())
        .isEqualTo(
            "2 entities, 1 relationship and 3 queries recovered from 3 tables of shop, with 2"
                + " guesses to check:");
    assertThat(notes.list().getItems())
        .containsExactly(
            "orders holds User's identifier in rows of Order: taken as the relationship"
                + " user_order (1:n, an Order has one User)",
            "Show Order follows Show User: Q3 (orders_by_user) gives User.user_id, which Show"
                + " User's queries return");
    // A note of the workflow names the table of its query: Show Tables shows it.
    assertThat(
            RecoveryNotesWindow.named(
                project(),
                org.keyspacestudio.model.cql.CqlIdentifier.of("shop"),
                notes.list().getItems().get(1)))
        .containsExactly(
            ElementRef.table(
                org.keyspacestudio.model.cql.CqlIdentifier.of("shop"),
                org.keyspacestudio.model.cql.CqlIdentifier.of("orders_by_user")));
    // It opened beside the recovered conceptual model, which is fitted into what it leaves free
    // (once the window manager's placing, watched for 1.5 s, is over).
    try {
      WaitForAsyncUtils.waitFor(
          3,
          java.util.concurrent.TimeUnit.SECONDS,
          () -> !notesBounds(notes).intersects(diagramOnScreen(window.canvas())));
    } catch (java.util.concurrent.TimeoutException e) {
      // Said below.
    }
    assertThat(notesBounds(notes).intersects(diagramOnScreen(window.canvas())))
        .as(
            "the conceptual model %s under the notes window %s",
            diagramOnScreen(window.canvas()), notesBounds(notes))
        .isFalse();
    // The notes window over the diagram's middle, across its whole width, as it can open.
    robot.interact(
        () -> {
          var diagram = window.canvas().localToScreen(window.canvas().getLayoutBounds());
          notes.stage().setWidth(diagram.getWidth() + 80);
          notes.stage().setHeight(diagram.getHeight() / 2);
          notes.stage().setX(diagram.getMinX() - 40);
          notes.stage().setY(diagram.getMinY() + diagram.getHeight() / 4);
        });
    WaitForAsyncUtils.waitForFxEvents();
    robot.interact(
        () -> {
          notes.list().getSelectionModel().select(0);
          notes.showTable();
        });
    assertThat(robot.lookup("#recovery-note").queryLabeled().getText())
        .isEqualTo(notes.list().getItems().get(0));
    WaitForAsyncUtils.waitForFxEvents();
    var orders =
        ElementRef.table(
            org.keyspacestudio.model.cql.CqlIdentifier.of("shop"),
            org.keyspacestudio.model.cql.CqlIdentifier.of("orders"));
    assertThat(window.currentDiagram().chebotko()).isTrue();
    assertThat(window.canvas().selection()).containsExactly(orders);
    // The table is shown where the notes window, moved out of the way, does not cover it.
    java.awt.geom.Rectangle2D box = window.canvas().geometry().box(orders).bounds();
    var corner = window.canvas().toScreen(box.getMinX(), box.getMinY());
    var far = window.canvas().toScreen(box.getMaxX(), box.getMaxY());
    var onScreen =
        window
            .canvas()
            .localToScreen(
                new javafx.geometry.BoundingBox(
                    corner.getX(),
                    corner.getY(),
                    far.getX() - corner.getX(),
                    far.getY() - corner.getY()));
    var diagram = window.canvas().localToScreen(window.canvas().getLayoutBounds());
    var notesBounds =
        new javafx.geometry.BoundingBox(
            notes.stage().getX(),
            notes.stage().getY(),
            notes.stage().getWidth(),
            notes.stage().getHeight());
    assertThat(diagram.contains(onScreen)).as("%s in the diagram %s", onScreen, diagram).isTrue();
    assertThat(notesBounds.intersects(onScreen))
        .as("%s under the notes window %s", onScreen, notesBounds)
        .isFalse();

    // The notes are the project's: saved with it, cleared once checked, back with Undo.
    assertThat(project().recovery().notes()).isEqualTo(notes.list().getItems());
    robot.clickOn("#clearNotes");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(notes.list().getItems()).isEmpty();
    assertThat(project().recovery().isEmpty()).isTrue();
    assertThat(robot.lookup("#recovery-summary").queryLabeled().getText())
        .startsWith("No models were recovered");
    assertThat(robot.lookup("#clearNotes").queryButton().isDisabled()).isTrue();
    assertThat(robot.lookup("#copyNotes").queryButton().isDisabled()).isTrue();
    assertThat(project().conceptual().entities()).hasSize(2);
    undo(robot);
    assertThat(notes.list().getItems()).hasSize(2);
    assertThat(robot.lookup("#recovery-summary").queryLabeled().getText())
        .startsWith("2 entities, 1 relationship and 3 queries recovered");
    robot.interact(() -> notes.stage().hide());
    // Model > Recovery Notes brings them back from the editor's window.
    robot.interact(() -> window.canvas().requestFocus());
    shortcut(robot, KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.N);
    assertThat(notes.isShowing()).isTrue();
    assertThat(notes.list().getItems()).hasSize(2);
    robot.interact(() -> notes.stage().hide());

    undo(robot);
    assertThat(project().conceptual().entities()).isEmpty();
    assertThat(project().workflow().queries()).isEmpty();
    assertThat(project().recovery().isEmpty()).isTrue();
  }

  @Test
  void aSavedProjectsRecoveryNotesOpenBesideTheDiagram(FxRobot robot) throws Exception {
    // Recovered and saved (as kstudio map --from-schema -o does), then opened: its notes are
    // still there, and the window opens off the diagram, which stays as it was.
    Project tables =
        new Project(
            org.keyspacestudio.model.parse.CqlImporter.read(
                    "CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy',"
                        + " 'replication_factor': 1};\n"
                        + "CREATE TABLE shop.users (user_id uuid PRIMARY KEY, name text);\n"
                        + "CREATE TABLE shop.orders (order_id uuid PRIMARY KEY, user_id uuid,"
                        + " total decimal);\n",
                    "shop.cql")
                .schema());
    Project recovered =
        org.keyspacestudio.model.edit.ReverseEdits.recovered(
                tables, org.keyspacestudio.model.cql.CqlIdentifier.of("shop"))
            .project();
    assertThat(recovered.recovery().notes()).isNotEmpty();
    java.nio.file.Path file = java.nio.file.Files.createTempFile("kstudio-notes", ".kstudio");
    org.keyspacestudio.model.project.ProjectFile.write(recovered, file);
    robot.interact(() -> window.open(file));
    WaitForAsyncUtils.waitForFxEvents();
    double zoom = window.canvas().zoomProperty().get();
    robot.interact(() -> window.canvas().requestFocus());
    shortcut(robot, KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.N);
    RecoveryNotesWindow notes = window.notesWindow();
    assertThat(notes.list().getItems()).isEqualTo(recovered.recovery().notes());
    var diagram = window.canvas().localToScreen(window.canvas().getLayoutBounds());
    try {
      WaitForAsyncUtils.waitFor(
          3, java.util.concurrent.TimeUnit.SECONDS, () -> !notesBounds(notes).intersects(diagram));
    } catch (java.util.concurrent.TimeoutException e) {
      // Said below.
    }
    assertThat(notesBounds(notes).intersects(diagram))
        .as("the notes window %s over the diagram %s", notesBounds(notes), diagram)
        .isFalse();
    assertThat(window.canvas().zoomProperty().get()).isEqualTo(zoom);
    // Enter on a note shows its tables, as a double-click does.
    robot.interact(
        () -> {
          notes.stage().requestFocus();
          notes.list().requestFocus();
          notes.list().getSelectionModel().select(0);
        });
    robot.type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.currentDiagram().chebotko()).isTrue();
    assertThat(window.canvas().selection())
        .containsExactly(
            ElementRef.table(
                org.keyspacestudio.model.cql.CqlIdentifier.of("shop"),
                org.keyspacestudio.model.cql.CqlIdentifier.of("orders")));
    robot.interact(() -> notes.stage().hide());
    java.nio.file.Files.deleteIfExists(file);
  }

  /** Where a tool window is on screen. */
  private static javafx.geometry.Bounds notesBounds(ToolWindow window) {
    return new javafx.geometry.BoundingBox(
        window.stage().getX(),
        window.stage().getY(),
        window.stage().getWidth(),
        window.stage().getHeight());
  }

  /** Where the whole diagram a canvas shows is on screen. */
  private static javafx.geometry.Bounds diagramOnScreen(DiagramCanvas canvas) {
    java.awt.geom.Rectangle2D all = canvas.geometry().bounds();
    var corner = canvas.toScreen(all.getMinX(), all.getMinY());
    var far = canvas.toScreen(all.getMaxX(), all.getMaxY());
    return canvas.localToScreen(
        new javafx.geometry.BoundingBox(
            corner.getX(), corner.getY(), far.getX() - corner.getX(), far.getY() - corner.getY()));
  }

  /**
   * Opens a script of keyspace {@code shop} with these statements, and recovers its models from the
   * button of the Ctrl+M dialog shown for a schema without queries.
   */
  private void recoverFromTheNoQueriesDialog(FxRobot robot, String statements) throws Exception {
    java.nio.file.Path cql = java.nio.file.Files.createTempFile("kstudio-recover", ".cql");
    java.nio.file.Files.writeString(
        cql,
        "CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy',"
            + " 'replication_factor': 1};\n"
            + statements);
    robot.interact(() -> window.open(cql));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().conceptual().entities()).isEmpty();
    shortcut(robot, KeyCode.CONTROL, KeyCode.M);
    robot.clickOn("Recover Models");
    // Recovered in the background, then applied on the JavaFX thread.
    WaitForAsyncUtils.waitFor(
        20,
        java.util.concurrent.TimeUnit.SECONDS,
        () -> !project().conceptual().entities().isEmpty());
    WaitForAsyncUtils.waitForFxEvents();
    java.nio.file.Files.deleteIfExists(cql);
  }

  @Test
  void aViewAndAnIndexRecoveredAsQueriesAreCheckedAndTheViewsInspectorListsItsQuery(FxRobot robot)
      throws Exception {
    recoverFromTheNoQueriesDialog(
        robot,
        "CREATE TABLE shop.users (user_id uuid PRIMARY KEY, email text, city text);\n"
            + "CREATE MATERIALIZED VIEW shop.users_by_email AS SELECT * FROM shop.users"
            + " WHERE email IS NOT NULL AND user_id IS NOT NULL PRIMARY KEY (email, user_id);\n"
            + "CREATE INDEX users_city_idx ON shop.users (city);\n");
    var shop = org.keyspacestudio.model.cql.CqlIdentifier.of("shop");
    ElementRef view =
        ElementRef.view(shop, org.keyspacestudio.model.cql.CqlIdentifier.of("users_by_email"));
    assertThat(project().workflow().query("Q2").orElseThrow().description())
        .isEqualTo("Find User by email (view users_by_email)");
    assertThat(project().workflow().query("Q3").orElseThrow().description())
        .isEqualTo("Find User by city (index users_city_idx on table users)");
    // The view answers Q2 (no "answered by no table"); Q3 is served by the index.
    assertThat(window.problems())
        .extracting(x -> x.rule().id())
        .doesNotContain("SUPPORT-NO-TABLE")
        .contains("SUPPORT-INDEX");
    assertThat(window.problems())
        .filteredOn(x -> x.rule().id().equals("SUPPORT-INDEX"))
        .extracting(x -> x.message())
        .allMatch(m -> m.startsWith("Q3 on users: "));

    robot.interact(
        () -> {
          window.showDiagram(DiagramKind.PHYSICAL);
          window.canvas().selection().clear();
          window.canvas().selection().add(view);
        });
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup(".text-field").queryAllAs(javafx.scene.control.TextField.class))
        .anyMatch(
            t -> String.valueOf(t.getUserData()).startsWith("arrow:") && t.getText().equals("Q2"));
    // Each query's SELECT on the view, with Cassandra's verdict.
    assertThat(robot.lookup(".label").queryAllAs(javafx.scene.control.Label.class))
        .anyMatch(l -> l.getText().equals("Q2: Find User by email (view users_by_email)  ✓"));
    // Its partitions are estimated as a table's: with no instance count typed in, assumed.
    assertThat(robot.lookup("#inspector-partition-size").queryLabeled().getText())
        .startsWith("100 rows, 100 values, ")
        .contains("(rows assumed)");
  }

  @Test
  void theDocumentationIsWrittenInTheBackgroundAndTheStatusBarSaysSo(FxRobot robot)
      throws Exception {
    robot.interact(() -> window.open(java.nio.file.Path.of("../examples/killrvideo.kstudio")));
    robot.press(KeyCode.CONTROL, KeyCode.M).release(KeyCode.M, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    java.nio.file.Path page = java.nio.file.Files.createTempFile("kstudio-doc", ".html");
    java.util.concurrent.CountDownLatch written = new java.util.concurrent.CountDownLatch(1);
    robot.interact(() -> window.writeDocumentation(page, false, written::countDown));
    assertThat(written.await(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(java.nio.file.Files.readString(page))
        .contains("<title>killrvideo</title>")
        .contains("CREATE TABLE killr_video.latest_videos");
    assertThat(robot.lookup(".label").queryAllAs(javafx.scene.control.Label.class))
        .anyMatch(l -> l.getText().equals("Wrote " + page.getFileName()));
    java.nio.file.Files.deleteIfExists(page);
  }

  @Test
  void aTableThatNoLongerAnswersItsQueryIsKeyedAgainFromTheInspector(FxRobot robot)
      throws Exception {
    robot.interact(() -> window.open(java.nio.file.Path.of("../examples/killrvideo.kstudio")));
    var ks = org.keyspacestudio.model.cql.CqlIdentifier.of("killr_video");
    var videoId = org.keyspacestudio.model.cql.CqlIdentifier.of("video_id");
    ElementRef latest =
        ElementRef.table(ks, org.keyspacestudio.model.cql.CqlIdentifier.of("latest_videos"));
    robot.interact(
        () -> {
          window.document().perform(org.keyspacestudio.model.edit.MappingEdits.mapAll(ks));
          window.showDiagram(DiagramKind.LOGICAL);
          window.select(latest);
        });
    WaitForAsyncUtils.waitForFxEvents();
    var keyed = project().schema().keyspace(ks).orElseThrow().table(latest.object()).orElseThrow();
    // video_id made a regular column in the inspector: Q7 orders by it, Cassandra refuses.
    robot.interact(
        () ->
            window
                .document()
                .perform(
                    org.keyspacestudio.model.edit.SchemaEdits.setRole(
                        latest, videoId, org.keyspacestudio.model.edit.SchemaEdits.Role.REGULAR)));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#status-text").queryLabeled().getText()).contains("1 error");
    List<javafx.scene.control.Button> fixes =
        robot.lookup(".button").queryAllAs(javafx.scene.control.Button.class).stream()
            .filter(b -> b.getText() != null && b.getText().startsWith("Fix: "))
            .filter(b -> b.getText().contains("Q7"))
            .toList();
    assertThat(fixes)
        .extracting(javafx.scene.control.Button::getText)
        .containsExactly(
            "Fix: Key latest_videos for Q7: PRIMARY KEY ((bucket), video_id DESC)",
            "Fix: Map Q7 to a new table latest_videos_2");
    robot.interact(() -> fixes.get(0).fire());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().schema().keyspace(ks).orElseThrow().table(latest.object()).orElseThrow())
        .isEqualTo(keyed);
    assertThat(robot.lookup("#status-text").queryLabeled().getText()).contains("0 errors");
    undo(robot);
    // The Problems table offers them too: "2 fixes" before the message, a click lists them.
    javafx.scene.control.Hyperlink link =
        robot.lookup(".problem-fix").queryAs(javafx.scene.control.Hyperlink.class);
    assertThat(link.getText()).isEqualTo("2 fixes");
    robot.clickOn(link);
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("Fix: Key latest_videos for Q7: PRIMARY KEY ((bucket), video_id DESC)");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().schema().keyspace(ks).orElseThrow().table(latest.object()).orElseThrow())
        .isEqualTo(keyed);
    undo(robot);
    assertThat(
            project()
                .schema()
                .keyspace(ks)
                .orElseThrow()
                .table(latest.object())
                .orElseThrow()
                .primaryKey()
                .isKeyColumn(videoId))
        .isFalse();
  }

  /**
   * Opens the KillrVideo example with every query mapped, on the logical diagram.
   *
   * @return the table of that name
   */
  private ElementRef mappedKillrVideo(FxRobot robot, String table) {
    var ks = org.keyspacestudio.model.cql.CqlIdentifier.of("killr_video");
    robot.interact(
        () -> {
          window.open(java.nio.file.Path.of("../examples/killrvideo.kstudio"));
          window.document().perform(org.keyspacestudio.model.edit.MappingEdits.mapAll(ks));
          window.showDiagram(DiagramKind.LOGICAL);
        });
    WaitForAsyncUtils.waitForFxEvents();
    return ElementRef.table(ks, org.keyspacestudio.model.cql.CqlIdentifier.of(table));
  }

  @Test
  void aQueryArrowDrawnByHandIsCheckedAtOnce(FxRobot robot) {
    ElementRef users = mappedKillrVideo(robot, "users");
    assertThat(window.problems()).noneMatch(p -> users.equals(p.element()));
    // Q7 (the latest videos, newest first) on users, keyed by user_id: Cassandra would refuse it.
    // Only the diagram's arrows changed, and the Problems table had stayed as it was.
    robot.interact(
        () ->
            window
                .document()
                .perform(org.keyspacestudio.model.edit.Edits.addArrow("Q7", null, users)));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.problems())
        .filteredOn(p -> users.equals(p.element()))
        .isNotEmpty()
        .allMatch(p -> p.rule().id().startsWith("SUPPORT-"))
        .allMatch(p -> p.message().contains("Q7"));
    assertThat(window.problems())
        .containsExactlyInAnyOrderElementsOf(
            org.keyspacestudio.model.project.ProjectChecks.validate(project()));
    undo(robot);
    assertThat(window.problems()).noneMatch(p -> users.equals(p.element()));
  }

  @Test
  void aTableAFixMakesForAQueryIsPlacedBesideTheTableItsArrowComesFrom(FxRobot robot) {
    ElementRef users = mappedKillrVideo(robot, "users");
    // users deleted from the model: Q2 is answered by no table; its fix from the Problems table.
    robot.interact(
        () ->
            window
                .document()
                .perform(org.keyspacestudio.model.edit.Edits.delete(java.util.Set.of(users))));
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("Problems");
    @SuppressWarnings("unchecked")
    javafx.scene.control.TableView<org.keyspacestudio.model.validate.Problem> problems =
        robot.lookup(".table-view").queryAllAs(javafx.scene.control.TableView.class).stream()
            .filter(t -> !t.getItems().isEmpty())
            .filter(t -> t.getItems().get(0) instanceof org.keyspacestudio.model.validate.Problem)
            .findFirst()
            .orElseThrow();
    var q2 =
        problems.getItems().stream()
            .filter(p -> p.message().startsWith("Q2 is answered by no table"))
            .findFirst()
            .orElseThrow();
    robot.interact(() -> problems.getSelectionModel().select(q2));
    // The query shows in the inspector, and the Problems table stays (the Queries table had taken
    // its place, the user's place in the list lost).
    assertThat(window.inspector().shown()).isEqualTo(ElementRef.query("Q2"));
    assertThat(problems.isVisible() && problems.getScene() != null).isTrue();
    assertThat(
            robot.lookup(".tab-pane").queryAllAs(javafx.scene.control.TabPane.class).stream()
                .map(t -> t.getSelectionModel().getSelectedItem().getText())
                .toList())
        .contains("Problems")
        .doesNotContain("Queries");
    robot.interact(() -> window.quickFix());
    robot.clickOn("Fix: Map Q2 to a new table users");
    WaitForAsyncUtils.waitForFxEvents();
    assertPlacedAfterItsArrow(users);
    // Redo puts it there again (it had gone below every other table).
    undo(robot);
    redo(robot);
    assertPlacedAfterItsArrow(users);

    // The same fix from Q2's inspector on the workflow diagram: placed so on the tables' diagram.
    undo(robot);
    robot.interact(
        () -> {
          window.showDiagram(DiagramKind.WORKFLOW);
          window.select(ElementRef.query("Q2"));
        });
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("Fix: Map Q2 to a new table users");
    WaitForAsyncUtils.waitForFxEvents();
    robot.interact(() -> window.showDiagram(DiagramKind.LOGICAL));
    WaitForAsyncUtils.waitForFxEvents();
    assertPlacedAfterItsArrow(users);
  }

  /**
   * The table is to the right of the table its query arrow comes from, level with it, with room for
   * the arrow's label between (the automatic layout had put it below every other table; beside the
   * source at any side, it was above it, with no room for "Q2"), over no other box.
   */
  private void assertPlacedAfterItsArrow(ElementRef table) {
    var arrow =
        project().diagram().arrows().stream()
            .filter(a -> table.equals(a.to()) && a.from() != null)
            .findFirst()
            .orElseThrow();
    var g = window.canvas().geometry();
    var made = g.box(table).bounds();
    var from = g.box(arrow.from()).bounds();
    assertThat(made.getMinX() - from.getMaxX())
        .as("the room between %s and %s", arrow.from(), table)
        .isBetween(40.0, 160.0);
    assertThat(made.getMinY()).isEqualTo(from.getMinY());
    for (BoxGeometry other : g.boxes()) {
      if (!other.box().element().equals(table)) {
        assertThat(other.bounds().intersects(made)).as("over %s", other.box().element()).isFalse();
      }
    }
  }

  @Test
  void aQueryNoKeyServesSaysSoAndAFixLeavesItsOrderToTheApplication(FxRobot robot)
      throws Exception {
    robot.interact(() -> window.open(java.nio.file.Path.of("../examples/killrvideo.kstudio")));
    var ks = org.keyspacestudio.model.cql.CqlIdentifier.of("killr_video");
    var q3 = project().workflow().query("Q3").orElseThrow();
    // The videos a user uploaded since a time, by title: no key serves a range on video_id and
    // an order by title.
    var asked =
        q3.withGiven(
                List.of(
                    new org.keyspacestudio.model.workflow.Query.Condition(
                        org.keyspacestudio.model.conceptual.AttributeRef.parse("User.user_id"),
                        org.keyspacestudio.model.workflow.Operator.EQ),
                    new org.keyspacestudio.model.workflow.Query.Condition(
                        org.keyspacestudio.model.conceptual.AttributeRef.parse("Video.video_id"),
                        org.keyspacestudio.model.workflow.Operator.GE)))
            .withOrderBy(
                List.of(
                    new org.keyspacestudio.model.workflow.Query.Ordering(
                        org.keyspacestudio.model.conceptual.AttributeRef.parse("Video.title"),
                        org.keyspacestudio.model.schema.ClusteringOrder.ASC)));
    robot.interact(
        () -> {
          window
              .document()
              .perform(org.keyspacestudio.model.edit.WorkflowEdits.setQuery("Q3", asked));
          window.showDiagram(DiagramKind.WORKFLOW);
          window.select(ElementRef.query("Q3"));
        });
    WaitForAsyncUtils.waitForFxEvents();
    // On no table yet: the query is to change first, its changes offered there.
    assertThat(robot.lookup(".label").queryAllAs(javafx.scene.control.Label.class))
        .extracting(javafx.scene.control.Label::getText)
        .contains(
            "No table yet: change the query first (below); the mapping's tables would not answer"
                + " it as asked.");
    assertThat(
            robot.lookup(".button").queryAllAs(javafx.scene.control.Button.class).stream()
                .map(javafx.scene.control.Button::getText))
        .contains("Fix: Sort Q3's rows in the application: drop its order by Video.title ASC");
    robot.interact(
        () -> {
          window.document().perform(org.keyspacestudio.model.edit.MappingEdits.mapAll(ks));
          window.showDiagram(DiagramKind.WORKFLOW);
          window.select(ElementRef.query("Q3"));
        });
    WaitForAsyncUtils.waitForFxEvents();
    // The mapping's tables are listed, each saying Cassandra would refuse Q3 on it too.
    assertThat(robot.lookup(".label").queryAllAs(javafx.scene.control.Label.class))
        .extracting(javafx.scene.control.Label::getText)
        .contains("Tables for Q3: none answers it as asked");
    assertThat(
            robot
                .lookup("#alternative-refused-0")
                .queryAs(javafx.scene.control.Label.class)
                .getText())
        .startsWith("✗ Cassandra would refuse Q3 on it too: SUPPORT-ORDER");
    robot.clickOn("Fix: Sort Q3's rows in the application: drop its order by Video.title ASC");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().workflow().query("Q3").orElseThrow().orderBy()).isEmpty();
    assertThat(robot.lookup("#status-text").queryLabeled().getText()).contains("0 errors");
    assertThat(robot.lookup(".label").queryAllAs(javafx.scene.control.Label.class))
        .extracting(javafx.scene.control.Label::getText)
        .contains("Tables that answer Q3 (best first)");
  }

  @Test
  void aQueryNamesTheEndsOfARecursiveRelationshipByTheirRolesAndGetsAColumnPerEnd(FxRobot robot)
      throws Exception {
    robot.interact(() -> window.open(java.nio.file.Path.of("../examples/killrvideo.kstudio")));
    var follows =
        new org.keyspacestudio.model.conceptual.Relationship(
            "follows",
            false,
            List.of(
                new org.keyspacestudio.model.conceptual.Relationship.End(
                    "User", org.keyspacestudio.model.conceptual.Cardinality.N, "follower"),
                new org.keyspacestudio.model.conceptual.Relationship.End(
                    "User", org.keyspacestudio.model.conceptual.Cardinality.N, "followee")),
            List.of(),
            List.of());
    robot.interact(
        () -> {
          window
              .document()
              .perform(
                  new org.keyspacestudio.model.edit.Document.Edit(
                      "follows",
                      p -> p.withConceptual(p.conceptual().withRelationship("follows", follows))));
          window
              .document()
              .perform(
                  org.keyspacestudio.model.edit.WorkflowEdits.addQuery(
                      "Find the followers of a user", ElementRef.task("Show user")));
          window.showDiagram(DiagramKind.WORKFLOW);
        });
    String id = project().workflow().queries().get(project().workflow().queries().size() - 1).id();
    robot.interact(() -> window.select(ElementRef.query(id)));
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("#query-given").write("followee.user_id =").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    robot
        .clickOn("#query-returns")
        .write("follower.user_id, follower.first_name")
        .type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().workflow().query(id).orElseThrow().returns()).hasSize(2);
    assertThat(window.problems())
        .extracting(p -> p.rule().id())
        .doesNotContain("QUERY-ATTRIBUTE-UNKNOWN");
    assertThat(robot.lookup(".label").queryAllAs(javafx.scene.control.Label.class))
        .extracting(javafx.scene.control.Label::getText)
        .contains("Tables that answer " + id + " (best first)", "1. followers_by_followee");
    robot.clickOn("#use-alternative-0");
    WaitForAsyncUtils.waitForFxEvents();
    var table =
        project()
            .schema()
            .keyspace(org.keyspacestudio.model.cql.CqlIdentifier.of("killr_video"))
            .orElseThrow()
            .table(org.keyspacestudio.model.cql.CqlIdentifier.of("followers_by_followee"))
            .orElseThrow();
    assertThat(table.columns())
        .extracting(c -> c.name().asInternal())
        .containsExactly("followee_user_id", "follower_user_id", "first_name");
    assertThat(window.problems())
        .noneMatch(p -> p.severity() == org.keyspacestudio.model.validate.Severity.ERROR);
  }

  @Test
  void aTaskNothingReachesIsJoinedToTheWorkflowFromItsInspector(FxRobot robot) throws Exception {
    robot.interact(() -> window.open(java.nio.file.Path.of("../examples/killrvideo.kstudio")));
    robot.interact(
        () -> {
          window
              .document()
              .perform(
                  org.keyspacestudio.model.edit.WorkflowEdits.addTask(
                      "Show ratings", new Point(900, 40)));
          window.select(ElementRef.task("Show ratings"));
        });
    WaitForAsyncUtils.waitForFxEvents();
    // The task's inspector says what is wrong, and offers the transitions that would reach it.
    assertThat(robot.lookup(".inspector-problem").queryAllAs(javafx.scene.control.Label.class))
        .extracting(javafx.scene.control.Label::getText)
        .containsExactly(
            "Warning: Task Show ratings cannot be reached from the entry (WF-TASK-UNREACHABLE)");
    List<javafx.scene.control.Button> fixes =
        robot
            .lookup(".inspector-problems .button")
            .queryAllAs(javafx.scene.control.Button.class)
            .stream()
            .toList();
    assertThat(fixes)
        .extracting(javafx.scene.control.Button::getText)
        .startsWith("Fix: Add a transition Show comments on video -> Show ratings")
        .endsWith("Fix: Make Show ratings an entry too");
    robot.interact(() -> fixes.get(1).fire());
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().workflow().transition("Show video", "Show ratings")).isPresent();
    assertThat(robot.lookup(".inspector-problem").tryQuery()).isEmpty();
    undo(robot);
    assertThat(project().workflow().transition("Show video", "Show ratings")).isEmpty();
  }

  @Test
  void mapAgainShowsTheChangesAndAppliesTheChosenOnesKeepingTheUsersEdits(FxRobot robot)
      throws Exception {
    robot.interact(() -> window.open(java.nio.file.Path.of("../examples/killrvideo.kstudio")));
    var ks = org.keyspacestudio.model.cql.CqlIdentifier.of("killr_video");
    ElementRef byUser =
        ElementRef.table(ks, org.keyspacestudio.model.cql.CqlIdentifier.of("videos_by_user"));
    robot.interact(
        () -> {
          var doc = window.document();
          doc.perform(org.keyspacestudio.model.edit.MappingEdits.mapAll(ks));
          doc.perform(
              org.keyspacestudio.model.edit.SchemaEdits.addColumn(
                  byUser,
                  org.keyspacestudio.model.cql.CqlIdentifier.of("note"),
                  org.keyspacestudio.model.type.NativeType.TEXT));
          doc.perform(
              ConceptualEdits.addAttribute(
                  "Video", "duration", Attribute.Kind.SIMPLE, false, new Point(0, 0)));
          Query q3 = doc.project().workflow().query("Q3").orElseThrow();
          var returns = new java.util.ArrayList<>(q3.returns());
          returns.add(AttributeRef.parse("Video.duration"));
          doc.perform(
              org.keyspacestudio.model.edit.WorkflowEdits.setQuery("Q3", q3.withReturns(returns)));
          doc.perform(
              org.keyspacestudio.model.edit.WorkflowEdits.delete(
                  java.util.Set.of(ElementRef.query("Q8"))));
        });
    Project before = project();

    mapAgainUntil(robot, "#remap-change-0");
    assertThat(
            robot.lookup("#remap-change-0").queryAs(javafx.scene.control.CheckBox.class).getText())
        .isEqualTo("Change killr_video.videos_by_user (Q3)");
    // Keep the table Q8 answered: only the change to videos_by_user is applied.
    robot.clickOn("#remap-change-1");
    robot.clickOn("Apply");
    WaitForAsyncUtils.waitForFxEvents();
    var keyspace = project().schema().keyspace(ks).orElseThrow();
    assertThat(keyspace.table(byUser.object()).orElseThrow().columns())
        .extracting(c -> c.name().asInternal())
        .contains("note", "duration");
    assertThat(keyspace.table(org.keyspacestudio.model.cql.CqlIdentifier.of("ratings_by_video")))
        .isPresent();
    assertThat(window.currentDiagram()).isEqualTo(DiagramKind.LOGICAL);
    // The table that changed is selected and in the inspector.
    assertThat(window.canvas().selection()).containsExactly(byUser);
    assertThat(robot.lookup("#table-name").queryAs(javafx.scene.control.TextField.class).getText())
        .isEqualTo("videos_by_user");
    undo(robot);
    // (The logical diagram placed its boxes when shown: only where they are drawn differs.)
    assertThat(project().schema()).isEqualTo(before.schema());
    assertThat(project().mapping()).isEqualTo(before.mapping());
  }

  /** Model > Map Again (Ctrl+Shift+R), then waits for its dialog's node {@code query}. */
  private static void mapAgainUntil(FxRobot robot, String query) throws Exception {
    robot
        .press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.R)
        .release(KeyCode.R, KeyCode.SHIFT, KeyCode.CONTROL);
    WaitForAsyncUtils.waitFor(
        20,
        java.util.concurrent.TimeUnit.SECONDS,
        () -> robot.lookup(query).tryQuery().isPresent());
    WaitForAsyncUtils.waitForFxEvents();
  }

  /**
   * The inspector's focus owner, as the key typed next finds it: its user data ({@code byData}) or
   * id, and whether it has the skin that handles keys ("attr:User.email:kind, skinned").
   */
  static String focusOwner(EditorWindow window, boolean byData) {
    javafx.scene.Node owner = window.inspector().getScene().getFocusOwner();
    if (owner == null) {
      return "nothing";
    }
    return (byData ? owner.getUserData() : owner.getId())
        + (owner instanceof javafx.scene.control.Control c && c.getSkin() != null
            ? ", skinned"
            : ", no skin");
  }

  @Test
  void mappingWithoutQueriesSaysHowToDrawThemAndTakesTheUserThere(FxRobot robot) {
    // An empty project: Ctrl+M had shown an error (a red cross and OK) and left the user there.
    robot.press(KeyCode.CONTROL, KeyCode.M).release(KeyCode.M, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    javafx.scene.control.DialogPane pane =
        robot.lookup("#no-queries").queryAs(javafx.scene.control.DialogPane.class);
    assertThat(pane.getHeaderText()).isEqualTo("No queries to map yet");
    assertThat(pane.getContentText()).contains("Ctrl+Alt+E", "Ctrl+Alt+T", "Ctrl+Alt+Q");
    assertThat(pane.getButtonTypes())
        .extracting(javafx.scene.control.ButtonType::getText)
        .containsExactly("Open the KillrVideo Example", "Show the Workflow", "Close");
    robot.clickOn("Show the Workflow");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.currentDiagram()).isEqualTo(DiagramKind.WORKFLOW);

    // Map Again says the same; this time to the example, whose nine queries Ctrl+M then maps.
    robot
        .press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.R)
        .release(KeyCode.R, KeyCode.SHIFT, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#no-queries").tryQuery()).isPresent();
    robot.clickOn("Open the KillrVideo Example");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().workflow().queries()).hasSize(9);
    robot.press(KeyCode.CONTROL, KeyCode.M).release(KeyCode.M, KeyCode.CONTROL);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#no-queries").tryQuery()).isEmpty();
  }

  @Test
  void mapAgainWhenNothingChangesSaysSoInADialogOfThatSize(FxRobot robot) throws Exception {
    robot.interact(() -> window.open(java.nio.file.Path.of("../examples/killrvideo.kstudio")));
    var ks = org.keyspacestudio.model.cql.CqlIdentifier.of("killr_video");
    robot.interact(
        () -> window.document().perform(org.keyspacestudio.model.edit.MappingEdits.mapAll(ks)));
    Project before = project();

    mapAgainUntil(robot, "#remap-nothing");
    javafx.scene.control.Label nothing =
        robot.lookup("#remap-nothing").queryAs(javafx.scene.control.Label.class);
    assertThat(nothing.getText()).isEqualTo("9 tables are as the mapping makes them.");
    javafx.scene.control.DialogPane pane =
        (javafx.scene.control.DialogPane) nothing.getScene().getRoot();
    // Close alone, and no room for a list: it had Apply (disabled), Cancel, a 620 x 360 list with
    // this one line in it and the merge option, greyed.
    assertThat(pane.getButtonTypes()).containsExactly(javafx.scene.control.ButtonType.CLOSE);
    assertThat(robot.lookup("#remap-keep-edits").queryAs(javafx.scene.Node.class).isVisible())
        .isFalse();
    assertThat(pane.getScene().getWindow().getHeight()).isLessThan(260);
    robot.clickOn("Close");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#remap-nothing").tryQuery()).isEmpty();
    assertThat(project()).isSameAs(before);
  }

  @Test
  void noTwoMenuItemsShareAShortcut(FxRobot robot) {
    java.util.Map<String, String> seen = new java.util.HashMap<>();
    java.util.List<String> clashes = new java.util.ArrayList<>();
    for (javafx.scene.control.Menu menu :
        robot.lookup(".menu-bar").queryAs(javafx.scene.control.MenuBar.class).getMenus()) {
      java.util.Deque<javafx.scene.control.MenuItem> items =
          new java.util.ArrayDeque<>(menu.getItems());
      while (!items.isEmpty()) {
        javafx.scene.control.MenuItem item = items.pop();
        if (item instanceof javafx.scene.control.Menu sub) {
          items.addAll(sub.getItems());
        }
        if (item.getAccelerator() != null) {
          String key = item.getAccelerator().getName();
          String before = seen.put(key, item.getText());
          if (before != null) {
            clashes.add(key + ": " + before + " and " + item.getText());
          }
        }
      }
    }
    assertThat(seen).hasSizeGreaterThan(30);
    assertThat(clashes).isEmpty();
  }

  @Test
  void aNewRelationshipsLinesRunToItsEntitiesThroughNoAttribute(FxRobot robot) {
    // As typed by hand: two entities from the keyboard, each with a key and two attributes.
    DiagramCanvas c = window.canvas(DiagramKind.CONCEPTUAL);
    for (List<String> entity :
        List.of(
            List.of("Customer", "customer_id", "email", "signed_up"),
            List.of("Order", "order_id", "placed_at", "total"))) {
      robot.interact(c::requestFocus);
      shortcut(robot, KeyCode.CONTROL, KeyCode.ALT, KeyCode.E);
      robot.write(entity.get(0)).type(KeyCode.ENTER);
      shortcut(robot, KeyCode.CONTROL, KeyCode.ALT, KeyCode.K);
      robot.write(entity.get(1)).type(KeyCode.ENTER);
      for (String attribute : entity.subList(2, 4)) {
        shortcut(robot, KeyCode.CONTROL, KeyCode.ALT, KeyCode.A);
        robot.write(attribute).type(KeyCode.ENTER);
      }
      robot.interact(
          () -> {
            c.selection().clear();
            c.selection().add(ElementRef.entity(entity.get(0)));
          });
    }
    relate(robot, c, "Customer", "Order", "places");
    var g = c.geometry();
    assertThat(g.boxes()).hasSize(9);
    var places = g.box(ElementRef.relationship("places")).bounds();
    List<String> crossed = new java.util.ArrayList<>();
    for (String entity : List.of("Customer", "Order")) {
      var end = g.box(ElementRef.entity(entity)).bounds();
      var line =
          new java.awt.geom.Line2D.Double(
              places.getCenterX(), places.getCenterY(), end.getCenterX(), end.getCenterY());
      for (var box : g.boxes()) {
        if (box.box().element().kind() == ElementRef.Kind.ATTRIBUTE
            && line.intersects(box.bounds())) {
          crossed.add(entity + " through " + box.box().element());
        }
      }
    }
    // The diamond went off the line between them, and its line to Customer ran through
    // customer_id.
    assertThat(crossed).isEmpty();
  }

  @Test
  void ctrlZInAFieldWithNothingTypedUndoesTheModelsLastEdit(FxRobot robot) {
    entityFromPalette(robot, "User");
    entityFromPalette(robot, "Video");
    DiagramCanvas c = window.canvas(DiagramKind.CONCEPTUAL);
    robot.interact(
        () -> {
          c.selection().clear();
          c.selection().add(ElementRef.entity("User"));
          c.requestFocus();
        });
    // One entity selected: a relationship with one end, its name field taking the keyboard.
    shortcut(robot, KeyCode.CONTROL, KeyCode.ALT, KeyCode.R);
    var field = robot.lookup("#er-name").queryAs(javafx.scene.control.TextField.class);
    assertThat(window.stage().getScene().getFocusOwner()).isSameAs(field);
    assertThat(project().conceptual().relationships()).hasSize(1);
    // The field took Ctrl+Z and did nothing (it had nothing typed to undo).
    shortcut(robot, KeyCode.CONTROL, KeyCode.Z);
    assertThat(project().conceptual().relationships()).isEmpty();
    shortcut(robot, KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.Z);
    assertThat(project().conceptual().relationships()).hasSize(1);

    // Typing in a field, Ctrl+Z undoes the typing first.
    robot.interact(
        () -> {
          c.selection().clear();
          c.selection().add(ElementRef.relationship("relates"));
        });
    WaitForAsyncUtils.waitForFxEvents();
    var name = robot.lookup("#er-name").queryAs(javafx.scene.control.TextField.class);
    robot.clickOn(name);
    robot.type(KeyCode.END);
    robot.write("s");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(name.getText()).isEqualTo("relatess");
    shortcut(robot, KeyCode.CONTROL, KeyCode.Z);
    assertThat(name.getText()).isEqualTo("relates");
    assertThat(project().conceptual().relationships()).hasSize(1);
  }

  @Test
  void theExampleOpensFromTheHelpMenuAsANewUnsavedProject(FxRobot robot) {
    robot.clickOn("Help");
    robot.clickOn("Open the KillrVideo Example");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().conceptual().entities()).hasSize(4);
    assertThat(project().workflow().queries()).hasSize(9);
    assertThat(window.document().file()).as("saving asks where").isNull();
    assertThat(window.stage().getTitle()).startsWith("killrvideo.kstudio (example) — ");
    assertThat(window.currentDiagram()).isEqualTo(DiagramKind.CONCEPTUAL);
    // A new project after it is untitled again.
    shortcut(robot, KeyCode.CONTROL, KeyCode.N);
    assertThat(window.stage().getTitle()).startsWith("Untitled — ");
  }

  @Test
  void deleteInTheQueriesTableDeletesTheQueryNotWhereItRuns(FxRobot robot) {
    robot.interact(window::openExample);
    shortcut(robot, KeyCode.ALT, KeyCode.DIGIT2);
    robot.clickOn("Queries");
    WaitForAsyncUtils.waitForFxEvents();
    int transitions = project().workflow().transitions().size();
    int tasks = project().workflow().tasks().size();
    @SuppressWarnings("unchecked")
    javafx.scene.control.TableView<Query> table =
        robot.lookup("#queries-table").queryAs(javafx.scene.control.TableView.class);
    int q5 =
        table
            .getItems()
            .indexOf(
                table.getItems().stream()
                    .filter(q -> q.id().equals("Q5"))
                    .findFirst()
                    .orElseThrow());
    robot.interact(
        () -> {
          table.scrollTo(q5);
          table.requestFocus();
          table.getSelectionModel().select(q5);
        });
    WaitForAsyncUtils.waitForFxEvents();
    // The row selected where Q5 runs: four transitions into Show video.
    assertThat(window.canvas(DiagramKind.WORKFLOW).selection()).hasSize(4);
    robot.type(KeyCode.DELETE);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().workflow().query("Q5")).isEmpty();
    assertThat(project().workflow().transitions()).hasSize(transitions);
    assertThat(project().workflow().tasks()).hasSize(tasks);
    undo(robot);
    assertThat(project().workflow().query("Q5")).isPresent();
  }

  @Test
  void aQueryOpenedFromTheModelBrowserShowsWhereItRuns(FxRobot robot) {
    robot.interact(window::openExample);
    shortcut(robot, KeyCode.ALT, KeyCode.DIGIT2);
    robot.clickOn("#browser-filter").write("Q3");
    robot.type(KeyCode.DOWN).type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    // As its row in the Queries table does; the browser selected the row only.
    assertThat(window.canvas(DiagramKind.WORKFLOW).selection())
        .containsExactly(ElementRef.transition("Show user", "Show videos by user"));
    assertThat(robot.lookup("#query-id").queryAs(javafx.scene.control.TextField.class).getText())
        .isEqualTo("Q3");
  }

  @Test
  void aTasksInspectorLinksToTheQueriesItRuns(FxRobot robot) {
    robot.interact(window::openExample);
    robot.interact(
        () -> {
          window.showDiagram(DiagramKind.WORKFLOW);
          window.select(ElementRef.task("Show video"));
        });
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("Q8: Find the ratings of a video");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(robot.lookup("#query-id").queryAs(javafx.scene.control.TextField.class).getText())
        .isEqualTo("Q8");
  }

  @Test
  void aTaskRenamedToAnotherTasksNameIsRefusedAndKeepsTheSelection(FxRobot robot) {
    shortcut(robot, KeyCode.ALT, KeyCode.DIGIT2);
    shortcut(robot, KeyCode.CONTROL, KeyCode.ALT, KeyCode.T);
    robot.write("Show user").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    // A second task, given the first one's name.
    shortcut(robot, KeyCode.CONTROL, KeyCode.ALT, KeyCode.T);
    String second =
        window.canvas(DiagramKind.WORKFLOW).selection().iterator().next().object().asInternal();
    robot.write("Show user").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    var field = robot.lookup("#task-name").queryAs(javafx.scene.control.TextField.class);
    assertThat(field.getStyle()).as("marked as refused").contains("#d32f2f");
    assertThat(Tips.text(field)).isEqualTo("Another task is named Show user");
    assertThat(window.canvas(DiagramKind.WORKFLOW).selection())
        .as("the other task was selected, and the next query went onto it")
        .containsExactly(ElementRef.task(second));
    shortcut(robot, KeyCode.CONTROL, KeyCode.ALT, KeyCode.Q);
    assertThat(project().workflow().task(second).orElseThrow().queries()).hasSize(1);
    assertThat(project().workflow().task("Show user").orElseThrow().queries()).isEmpty();
  }

  @Test
  void anEntityRenamedToAnotherOnesNameIsRefusedAndKeepsTheSelection(FxRobot robot) {
    entityFromPalette(robot, "User");
    entityFromPalette(robot, "Video");
    var field = robot.lookup("#er-name").queryAs(javafx.scene.control.TextField.class);
    robot.clickOn(field);
    shortcut(robot, KeyCode.CONTROL, KeyCode.A);
    robot.write("User").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().conceptual().entity("Video")).isPresent();
    assertThat(window.canvas(DiagramKind.CONCEPTUAL).selection())
        .containsExactly(ElementRef.entity("Video"));
    field = robot.lookup("#er-name").queryAs(javafx.scene.control.TextField.class);
    assertThat(field.getStyle()).contains("#d32f2f");
    assertThat(Tips.text(field))
        .isEqualTo("An entity, relationship or hierarchy is named User already");
  }

  @Test
  void aHierarchyShowsTheChildrenThatAreNoEntityAndTheirFixes(FxRobot robot) throws Exception {
    robot.interact(() -> window.open(java.nio.file.Path.of("../examples/killrvideo.kstudio")));
    ElementRef kinds = ElementRef.isa("Video IsA");
    robot.interact(
        () -> {
          window
              .document()
              .perform(
                  org.keyspacestudio.model.edit.ConceptualEdits.addHierarchy(
                      "Video", new org.keyspacestudio.model.diagram.Point(900, 100)));
          window
              .document()
              .perform(
                  org.keyspacestudio.model.edit.ConceptualEdits.setHierarchy(
                      "Video IsA", "Video", List.of("Trailer", "Userr")));
          window.showDiagram(DiagramKind.CONCEPTUAL);
          window.select(kinds);
        });
    WaitForAsyncUtils.waitForFxEvents();
    // The children that name no entity are listed, ticked, beside the entities that could be.
    assertThat(
            robot.lookup(".check-box").queryAllAs(javafx.scene.control.CheckBox.class).stream()
                .filter(javafx.scene.control.CheckBox::isSelected)
                .map(javafx.scene.control.CheckBox::getText))
        .containsExactly("Trailer (not an entity)", "Userr (not an entity)");
    List<String> fixes =
        robot
            .lookup(".inspector-problems .button")
            .queryAllAs(javafx.scene.control.Button.class)
            .stream()
            .map(javafx.scene.control.Button::getText)
            .toList();
    assertThat(fixes)
        .containsExactly(
            "Fix: Add the entity Trailer",
            "Fix: Take Trailer out of Video IsA",
            "Fix: Make User a child of Video IsA instead of Userr",
            "Fix: Add the entity Userr",
            "Fix: Take Userr out of Video IsA");
    robot.clickOn("Fix: Make User a child of Video IsA instead of Userr");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().conceptual().hierarchy("Video IsA").orElseThrow().children())
        .containsExactly("Trailer", "User");
    // Unticking a child that is no entity takes it out.
    robot.clickOn("Trailer (not an entity)");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().conceptual().hierarchy("Video IsA").orElseThrow().children())
        .containsExactly("User");
    undo(robot);
    undo(robot);
    assertThat(project().conceptual().hierarchy("Video IsA").orElseThrow().children())
        .containsExactly("Trailer", "Userr");
  }

  @Test
  void aWeakEntityIsIdentifiedThroughItsOwnerByAFixThatDrawsTheRelationshipClearOfBoth(
      FxRobot robot) {
    robot.interact(
        () -> {
          var doc = window.document();
          doc.perform(
              org.keyspacestudio.model.edit.ConceptualEdits.addEntity(
                  "Sensor", false, new org.keyspacestudio.model.diagram.Point(200, 100)));
          doc.perform(
              org.keyspacestudio.model.edit.ConceptualEdits.addKeyAttribute(
                  "Sensor", "sensor_id", "uuid"));
          // Stacked close below it, as the palette puts a second entity.
          doc.perform(
              org.keyspacestudio.model.edit.ConceptualEdits.addEntity(
                  "Reading", true, new org.keyspacestudio.model.diagram.Point(200, 170)));
          doc.perform(
              org.keyspacestudio.model.edit.ConceptualEdits.addKeyAttribute(
                  "Reading", "reading_time", "timestamp"));
          window.showDiagram(DiagramKind.CONCEPTUAL);
          window.select(ElementRef.entity("Reading"));
        });
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn(
        "Fix: Identify Reading through Sensor (a new identifying relationship has, key"
            + " (Sensor.sensor_id, Reading.reading_time))");
    WaitForAsyncUtils.waitForFxEvents();
    var has = project().conceptual().relationship("has").orElseThrow();
    assertThat(has.identifying()).isTrue();
    var geometry = window.canvas(DiagramKind.CONCEPTUAL).geometry();
    var diamond = geometry.box(ElementRef.relationship("has")).bounds();
    for (String entity : List.of("Sensor", "Reading")) {
      assertThat(diamond.intersects(geometry.box(ElementRef.entity(entity)).bounds()))
          .as("the diamond over %s", entity)
          .isFalse();
    }
    org.keyspacestudio.model.diagram.Point drawn =
        project().conceptualLayout().position(ElementRef.relationship("has"));
    undo(robot);
    assertThat(project().conceptual().relationship("has")).isEmpty();
    redo(robot);
    assertThat(project().conceptualLayout().position(ElementRef.relationship("has")))
        .as("redo draws it where the fix did")
        .isEqualTo(drawn);
  }

  @Test
  void aTableMadeBeforeTheLogicalDiagramIsFirstShownIsNotDrawnAtItsVeryCorner(FxRobot robot) {
    // A new window, as the editor starts: the first table comes from elsewhere (here an edit, in
    // the editor a query's "Use this table" on the workflow), where the automatic layout puts the
    // first box: the diagram's origin.
    robot.interact(
        () ->
            window
                .document()
                .perform(
                    org.keyspacestudio.model.edit.SchemaEdits.addTable(
                        org.keyspacestudio.model.cql.CqlIdentifier.of("app"),
                        "readings",
                        new org.keyspacestudio.model.diagram.Point(0, 0))));
    robot.interact(() -> window.showDiagram(DiagramKind.LOGICAL));
    WaitForAsyncUtils.waitForFxEvents();
    DiagramCanvas canvas = window.canvas(DiagramKind.LOGICAL);
    var box =
        canvas
            .geometry()
            .box(
                ElementRef.table(
                    org.keyspacestudio.model.cql.CqlIdentifier.of("app"),
                    org.keyspacestudio.model.cql.CqlIdentifier.of("readings")))
            .bounds();
    Point2D corner = canvas.toScreen(box.getX(), box.getY());
    assertThat(corner.getX()).as("room left of the table").isGreaterThanOrEqualTo(20);
    assertThat(corner.getY()).as("room above the table").isGreaterThanOrEqualTo(20);
  }

  @Test
  void anAccessPatternTypedWrongIsRefusedAndTheFormSaysWhy(FxRobot robot) {
    robot.clickOn("#diagram-workflow");
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("#tool-task");
    WaitForAsyncUtils.waitForFxEvents();
    robot.write("Show readings").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    robot.clickOn("#tool-query");
    WaitForAsyncUtils.waitForFxEvents();
    // An operator typed wrong had been read as part of the attribute's name ("sensor_id ===="),
    // and offered as an attribute to add to the conceptual model.
    robot.clickOn("#query-given").write("Sensor.sensor_id ==== >").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().workflow().query("Q1").orElseThrow().given()).isEmpty();
    javafx.scene.control.Label hint =
        robot.lookup("#query-hint").queryAs(javafx.scene.control.Label.class);
    assertThat(hint.getText())
        .isEqualTo(
            "'Sensor.sensor_id ==== >' is not an attribute and an operator (expected"
                + " Entity.attribute followed by one of =, IN, <, <=, > or >=)");
    assertThat(hint.getStyleClass()).contains(atlantafx.base.theme.Styles.DANGER);
    assertThat(window.inspector().refusalShown()).startsWith("'Sensor.sensor_id ==== >'");
    assertThat(window.problems())
        .extracting(p -> p.rule().id())
        .doesNotContain("QUERY-ATTRIBUTE-UNKNOWN");
    // The task shown instead (no click to hide it): the balloon goes with the query's form.
    robot.interact(() -> window.select(ElementRef.task("Show readings")));
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(window.inspector().refusalShown()).isNull();
    robot.interact(() -> window.select(ElementRef.query("Q1")));
    WaitForAsyncUtils.waitForFxEvents();
    hint = robot.lookup("#query-hint").queryAs(javafx.scene.control.Label.class);
    // Mended: read, and the hint says again how the access pattern is written.
    javafx.scene.control.TextField given =
        robot.lookup("#query-given").queryAs(javafx.scene.control.TextField.class);
    robot.interact(() -> given.setText("Sensor.sensor_id >"));
    robot.clickOn("#query-given").type(KeyCode.ENTER);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(project().workflow().query("Q1").orElseThrow().given()).hasSize(1);
    assertThat(hint.getText()).startsWith("Given: attributes with =, IN");
    assertThat(hint.getStyleClass()).doesNotContain(atlantafx.base.theme.Styles.DANGER);
  }
}
