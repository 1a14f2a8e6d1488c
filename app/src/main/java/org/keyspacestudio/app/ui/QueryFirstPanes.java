package org.keyspacestudio.app.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeOwner;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.Cardinality;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.IsA;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.conceptual.Relationship;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.edit.ConceptualEdits;
import org.keyspacestudio.model.edit.WorkflowEdits;
import org.keyspacestudio.model.parse.CqlTypeParser;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.QueryText;
import org.keyspacestudio.model.workflow.Task;
import org.keyspacestudio.model.workflow.Transition;
import org.keyspacestudio.model.workflow.Workflow;

/**
 * The inspector's forms for the query-first models: an entity, relationship, attribute or IsA
 * hierarchy of the conceptual model; a task, transition or query of the workflow. Every commit
 * (Enter, leaving a field, a click) is one edit of the document; a value that does not read (an
 * attribute reference that is not {@code Entity.attribute}, a type that is not CQL) is shown in red
 * and not committed.
 */
final class QueryFirstPanes {

  private final Inspector inspector;
  private final Function<ElementRef, Point> freeSpot;
  private final java.util.function.Consumer<ElementRef> select;

  /**
   * @param inspector the inspector whose content these panes fill
   * @param freeSpot where a new attribute oval of an owner can go without overlapping anything
   * @param select selects an element (a new query, say) in the editor
   */
  QueryFirstPanes(
      Inspector inspector,
      Function<ElementRef, Point> freeSpot,
      java.util.function.Consumer<ElementRef> select) {
    this.inspector = inspector;
    this.freeSpot = freeSpot;
    this.select = select;
  }

  /** Fills the inspector for a conceptual or workflow element; false when there is nothing. */
  boolean show(ElementRef element, Project project) {
    ConceptualModel er = project.conceptual();
    Workflow wf = project.workflow();
    String name = element.object() == null ? null : element.object().asInternal();
    switch (element.kind()) {
      case ENTITY -> {
        Optional<Entity> e = er.entity(name);
        e.ifPresent(x -> entity(x, project));
        return e.isPresent();
      }
      case RELATIONSHIP -> {
        Optional<Relationship> r = er.relationship(name);
        r.ifPresent(x -> relationship(x, project));
        return r.isPresent();
      }
      case ATTRIBUTE -> {
        String path = element.member().asInternal();
        Optional<AttributeOwner> owner = er.owner(name);
        Optional<Attribute> a = owner.flatMap(o -> o.attribute(path));
        a.ifPresent(x -> attribute(owner.get(), path, x, project));
        return a.isPresent();
      }
      case ISA -> {
        Optional<IsA> h = er.hierarchy(name);
        h.ifPresent(x -> hierarchy(x, er));
        return h.isPresent();
      }
      case TASK -> {
        Optional<Task> t = wf.task(name);
        t.ifPresent(x -> task(x, wf));
        return t.isPresent();
      }
      case TRANSITION -> {
        Optional<Transition> t = wf.transition(name, element.member().asInternal());
        t.ifPresent(x -> transition(x, wf));
        return t.isPresent();
      }
      case QUERY -> {
        Optional<Query> q = wf.query(name);
        q.ifPresent(x -> query(x, project));
        return q.isPresent();
      }
      default -> {
        return false;
      }
    }
  }

  private void add(javafx.scene.Node... nodes) {
    inspector.content.getChildren().addAll(nodes);
  }

  private void hint(String text) {
    Label label = new Label(text);
    label.setWrapText(true);
    label.getStyleClass().add("inspector-hint");
    add(label);
  }

  /** Why a conceptual name is refused ({@code ConceptualRules.validName}). */
  private static final String INVALID_NAME =
      "A name is not empty, has no spaces around it and no dot (the dot joins an entity and its"
          + " attribute)";

  private void heading(String text) {
    Label label = Inspector.bold(text);
    label.getStyleClass().add("inspector-section");
    add(label);
  }

  /** A text field committed through {@code commit}; its key is what focus comes back to. */
  private TextField field(String text, String key, String id, Predicate<String> commit) {
    TextField field = new TextField(text);
    field.setUserData(key);
    if (id != null) {
      field.setId(id);
    }
    inspector.commitOn(field, commit);
    return field;
  }

  /**
   * A field checked as it is typed by {@code check} (null: fine, else why not), red with the reason
   * as its tooltip when it does not read.
   */
  private static void checked(TextField field, Function<String, String> check) {
    field
        .textProperty()
        .addListener(
            (o, a, text) -> {
              String problem = check.apply(text);
              field.setStyle(problem == null ? "" : Inspector.INVALID);
              Tips.set(field, problem);
            });
  }

  private static String reads(Runnable parse) {
    try {
      parse.run();
      return null;
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
  }

  private static String typeProblem(String text) {
    if (text.isBlank()) {
      return null;
    }
    try {
      return CqlTypeParser.parse(text)
              .anyMatch(t -> t instanceof org.keyspacestudio.model.type.UserTypeRef)
          ? "not a CQL type of its own: give the parts as a composite attribute"
          : null;
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Conceptual model

  private TextField nameField(ElementRef element, String current) {
    TextField name =
        field(
            current,
            "table:name",
            "er-name",
            text -> {
              if (!org.keyspacestudio.model.conceptual.ConceptualRules.validName(text)) {
                return inspector.refuse(INVALID_NAME);
              }
              if (nameTaken(current, text)) {
                // A name in use changed nothing and selected what has it.
                return inspector.refuse(
                    "An entity, relationship or hierarchy is named " + text + " already");
              }
              // The selection follows the renamed element, and the focus stays in the form.
              ElementRef renamed =
                  new ElementRef(
                      element.kind(),
                      null,
                      org.keyspacestudio.model.cql.CqlIdentifier.of(text),
                      null);
              inspector.renamed(renamed);
              // Its attribute rows are named by it: a key that reaches the old form's row before
              // the rebuild (Tab, Tab from the new name) finds the same row in the new form.
              inspector.followRename("attr:" + current + ".", "attr:" + text + ".");
              inspector.perform.accept(ConceptualEdits.rename(element, text));
              select.accept(renamed);
              return true;
            });
    name.setPromptText("Name");
    checked(
        name,
        text ->
            nameTaken(current, text)
                ? "An entity, relationship or hierarchy is named " + text.strip() + " already"
                : null);
    return name;
  }

  /** Whether {@code text} names another element of the document's conceptual model now. */
  private boolean nameTaken(String current, String text) {
    String name = text.strip();
    return !name.equals(current) && inspector.document.get().project().conceptual().nameTaken(name);
  }

  private void entity(Entity e, Project project) {
    ElementRef ref = ElementRef.entity(e.name());
    ConceptualForms.EntityForm form = new ConceptualForms.EntityForm(nameField(ref, e.name()));
    form.title.setText(e.weak() ? "Weak entity" : "Entity");
    CheckBox weak = form.weak;
    weak.setSelected(e.weak());
    weak.setOnAction(
        x -> inspector.perform.accept(ConceptualEdits.setWeak(e.name(), weak.isSelected())));
    add(form.root);
    // What is wrong with it (no key, a key of unknown attributes...), with the fixes.
    add(inspector.problemListOfBox(ref, project));
    attributes(e, ref, project);
    keys(e);
    List<String> joins = new ArrayList<>();
    for (Relationship r : project.conceptual().relationships()) {
      for (Relationship.End end : r.ends()) {
        if (end.entity().equals(e.name())) {
          joins.add(r.name() + " (" + end.cardinality().symbol() + ")");
        }
      }
    }
    if (!joins.isEmpty()) {
      heading("Relationships");
      hint(String.join(", ", joins));
    }
    usedBy(project.workflow(), e.name(), null);
    inspector.writesOfOwner(e.name(), project);
  }

  private void relationship(Relationship r, Project project) {
    ElementRef ref = ElementRef.relationship(r.name());
    ConceptualForms.RelationshipForm form =
        new ConceptualForms.RelationshipForm(nameField(ref, r.name()));
    form.title.setText(r.identifying() ? "Identifying relationship" : "Relationship");
    CheckBox identifying = form.identifying;
    identifying.setSelected(r.identifying());
    identifying.setOnAction(
        x ->
            inspector.perform.accept(
                ConceptualEdits.setIdentifying(r.name(), identifying.isSelected())));
    GridPane grid = form.ends;
    List<String> entities = project.conceptual().entities().stream().map(Entity::name).toList();
    for (int i = 0; i < r.ends().size(); i++) {
      int index = i;
      Relationship.End end = r.ends().get(i);
      ComboBox<String> entity = new ComboBox<>();
      entity.getItems().addAll(entities);
      if (!entities.contains(end.entity())) {
        entity.getItems().add(end.entity());
      }
      entity.setValue(end.entity());
      entity.setMaxWidth(Double.MAX_VALUE);
      entity.setOnAction(
          x -> {
            if (entity.getValue() != null && !entity.getValue().equals(end.entity())) {
              setEnd(r, index, end.withEntity(entity.getValue()));
            }
          });
      ComboBox<String> cardinality = new ComboBox<>();
      cardinality.getItems().addAll("1", "n", "m");
      cardinality.setValue(end.cardinality().symbol());
      cardinality.setId("end-cardinality-" + i);
      cardinality.setOnAction(
          x -> {
            Cardinality c = Cardinality.parse(cardinality.getValue());
            if (c != end.cardinality()) {
              setEnd(r, index, new Relationship.End(end.entity(), c, end.role()));
            }
          });
      TextField role =
          field(
              end.role(),
              "end:" + i + ":role",
              null,
              text -> {
                setEnd(r, index, new Relationship.End(end.entity(), end.cardinality(), text));
                return true;
              });
      role.setPromptText("role");
      Button delete =
          Inspector.removeButton(
              "end",
              "Remove this end",
              () -> {
                List<Relationship.End> ends = new ArrayList<>(r.ends());
                ends.remove(index);
                inspector.perform.accept(ConceptualEdits.setEnds(r.name(), ends));
              });
      grid.addRow(i + 1, entity, cardinality, role, delete);
    }
    Button addEnd = form.addEnd;
    addEnd.setOnAction(
        x -> {
          List<Relationship.End> ends = new ArrayList<>(r.ends());
          ends.add(
              new Relationship.End(
                  entities.isEmpty() ? "Entity" : entities.get(0), Cardinality.N, ""));
          inspector.perform.accept(ConceptualEdits.setEnds(r.name(), ends));
        });
    add(form.root);
    add(inspector.problemListOfBox(ref, project));
    attributes(r, ref, project);
    keys(r);
    usedBy(project.workflow(), r.name(), null);
    inspector.writesOfOwner(r.name(), project);
  }

  private void setEnd(Relationship r, int index, Relationship.End end) {
    List<Relationship.End> ends = new ArrayList<>(r.ends());
    ends.set(index, end);
    inspector.perform.accept(ConceptualEdits.setEnds(r.name(), ends));
  }

  private static GridPane grid(double... widths) {
    GridPane grid = new GridPane();
    grid.setHgap(4);
    grid.setVgap(4);
    for (int i = 0; i < widths.length; i++) {
      ColumnConstraints c =
          new ColumnConstraints(Math.min(widths[i], 60), widths[i], Double.MAX_VALUE);
      c.setHgrow(i == 0 ? Priority.ALWAYS : Priority.SOMETIMES);
      grid.getColumnConstraints().add(c);
    }
    return grid;
  }

  private void attributes(AttributeOwner owner, ElementRef ref, Project project) {
    heading("Attributes");
    GridPane grid = grid(120, 110, 100, 34, 34);
    String[] headers = {"Name", "Kind", "Type", "Key", ""};
    for (int i = 0; i < headers.length; i++) {
      grid.add(Inspector.bold(headers[i]), i, 0);
    }
    int row = 1;
    for (Attribute a : owner.attributes()) {
      row = attributeRow(grid, row, owner, a.name(), a, true);
      for (Attribute part : a.parts()) {
        row = attributeRow(grid, row, owner, a.name() + "." + part.name(), part, false);
      }
    }
    Button addAttribute = new Button("+ Add attribute");
    addAttribute.setId("add-attribute");
    addAttribute.setOnAction(
        x -> {
          inspector.focusKey = null;
          inspector.perform.accept(
              ConceptualEdits.addAttribute(
                  owner.name(), "attribute", Attribute.Kind.SIMPLE, false, freeSpot.apply(ref)));
        });
    add(grid, addAttribute);
  }

  private int attributeRow(
      GridPane grid, int row, AttributeOwner owner, String path, Attribute a, boolean topLevel) {
    String key = "attr:" + owner.name() + "." + path;
    TextField name =
        field(
            topLevel ? a.name() : "  ↳ " + a.name(),
            key + ":name",
            "attribute-name-" + path,
            text -> {
              String clean = text.startsWith("↳") ? text.substring(1).strip() : text;
              if (!org.keyspacestudio.model.conceptual.ConceptualRules.validName(clean)) {
                return inspector.refuse(INVALID_NAME);
              }
              boolean shown = ElementRef.attribute(owner.name(), path).equals(inspector.shown());
              int dot = path.lastIndexOf('.');
              String renamedPath = (dot < 0 ? "" : path.substring(0, dot + 1)) + clean;
              // Tab from the name goes on to the kind, under the attribute's new name.
              inspector.followRename(key + ":", "attr:" + owner.name() + "." + renamedPath + ":");
              ElementRef renamed = ElementRef.attribute(owner.name(), renamedPath);
              if (shown) {
                inspector.renamed(renamed);
              }
              inspector.perform.accept(ConceptualEdits.renameAttribute(owner.name(), path, clean));
              if (shown) {
                select.accept(renamed);
              }
              return true;
            });
    ComboBox<Attribute.Kind> kind = new ComboBox<>();
    kind.setUserData(key + ":kind");
    kind.getItems().addAll(Attribute.Kind.values());
    kind.setValue(a.kind());
    kind.setMaxWidth(Double.MAX_VALUE);
    kind.setButtonCell(new KindCell());
    kind.setCellFactory(l -> new KindCell());
    kind.setOnAction(
        x -> {
          if (kind.getValue() != null && kind.getValue() != a.kind()) {
            inspector.perform.accept(
                ConceptualEdits.setAttributeKind(owner.name(), path, kind.getValue()));
          }
        });
    TextField type =
        field(
            a.type(),
            key + ":type",
            "attribute-type-" + path,
            text -> {
              String problem = typeProblem(text);
              if (problem != null) {
                return inspector.refuse(problem);
              }
              inspector.perform.accept(ConceptualEdits.setAttributeType(owner.name(), path, text));
              return true;
            });
    // Without a type, in grey the one mapping gives it: what its name says, else text.
    type.setPromptText(
        a.kind() == Attribute.Kind.COMPOSITE
            ? "(its parts)"
            : org.keyspacestudio.model.mapping.TypeGuess.of(a).map(t -> t.asCql()).orElse("text"));
    Tips.set(
        type,
        "The CQL type of its columns once mapped. Left empty (the grey type), the name decides when"
            + " it says what it holds (installed_at: timestamp, sensor_id: uuid, is_active:"
            + " boolean), else text.");
    Completion.attachTypes(type, List::of);
    type.setDisable(a.kind() == Attribute.Kind.COMPOSITE);
    checked(type, QueryFirstPanes::typeProblem);
    CheckBox isKey = new CheckBox();
    isKey.setId("attribute-key-" + path);
    isKey.setSelected(owner.isKey(path));
    isKey.setDisable(!topLevel);
    Tips.set(isKey, "Part of the primary key (underlined)");
    isKey.setOnAction(
        x ->
            inspector.perform.accept(
                ConceptualEdits.setKey(owner.name(), path, isKey.isSelected())));
    Button delete =
        Inspector.removeButton(
            "attribute",
            "Delete this attribute",
            () ->
                inspector.perform.accept(
                    ConceptualEdits.delete(Set.of(ElementRef.attribute(owner.name(), path)))));
    HBox buttons = new HBox(2, delete);
    if (a.kind() == Attribute.Kind.COMPOSITE) {
      ElementRef composite = ElementRef.attribute(owner.name(), path);
      buttons
          .getChildren()
          .add(
              0,
              Inspector.small(
                  "+",
                  "Add a part",
                  () ->
                      inspector.perform.accept(
                          ConceptualEdits.addPart(
                              owner.name(), path, "part", freeSpot.apply(composite)))));
    }
    grid.addRow(row, name, kind, type, isKey, buttons);
    return row + 1;
  }

  /** Shows an attribute kind as a word. */
  private static final class KindCell extends javafx.scene.control.ListCell<Attribute.Kind> {
    @Override
    protected void updateItem(Attribute.Kind kind, boolean empty) {
      super.updateItem(kind, empty);
      setText(
          empty || kind == null
              ? null
              : switch (kind) {
                case SIMPLE -> "simple";
                case MULTI_VALUED -> "multi-valued";
                case COMPOSITE -> "composite";
              });
    }
  }

  private void keys(AttributeOwner owner) {
    heading("Keys");
    String text = String.join("; ", owner.keys().stream().map(Key::toString).toList());
    TextField keys =
        field(
            text,
            "keys:" + owner.name(),
            "er-keys",
            value -> {
              List<Key> parsed = parseKeys(value);
              if (parsed == null) {
                return inspector.refuse(
                    "Keys are lists of Entity.attribute, split by ; (User.user_id; User.email)");
              }
              inspector.perform.accept(ConceptualEdits.setKeys(owner.name(), parsed));
              return true;
            });
    keys.setPromptText("Entity.attribute, ...; another key");
    Completion.attach(keys, this::references);
    checked(keys, v -> parseKeys(v) == null ? "Keys are Entity.attribute lists, split by ;" : null);
    add(keys);
    hint(
        "The first key is the primary one (underlined). A weak entity's key includes its owner's"
            + " key, such as Sensor.id, Reading.timestamp.");
  }

  /** {@code A.x, A.y; A.z} as keys, or null when a reference does not read. */
  static List<Key> parseKeys(String text) {
    List<Key> keys = new ArrayList<>();
    for (String part : text.split(";")) {
      if (part.isBlank()) {
        continue;
      }
      try {
        keys.add(new Key(QueryText.parseRefs(part)));
      } catch (IllegalArgumentException e) {
        return null;
      }
    }
    return keys;
  }

  private void attribute(AttributeOwner owner, String path, Attribute a, Project project) {
    ElementRef ownerRef = project.conceptual().ownerRef(owner.name());
    ConceptualForms.AttributeForm form = new ConceptualForms.AttributeForm();
    form.title.setText("Attribute of " + owner.name());
    GridPane grid = form.rows;
    int row = attributeRow(grid, 1, owner, path, a, !path.contains("."));
    for (Attribute part : a.parts()) {
      row = attributeRow(grid, row, owner, path + "." + part.name(), part, false);
    }
    if (a.kind() == Attribute.Kind.MULTI_VALUED) {
      form.multiValued.setText(
          "Several values per "
              + owner.name()
              + ": a set of "
              + (a.type().isBlank() ? "text" : a.type())
              + " in the tables that hold it.");
      form.multiValued.setVisible(true);
      form.multiValued.setManaged(true);
    }
    form.toOwner.setText("Show " + owner.name());
    form.toOwner.setOnAction(x -> select.accept(ownerRef));
    add(form.root);
    usedBy(project.workflow(), owner.name(), path);
  }

  /** The queries that mention an owner (or one of its attributes). */
  private void usedBy(Workflow workflow, String owner, String attribute) {
    List<String> uses = new ArrayList<>();
    for (Query q : workflow.queries()) {
      for (AttributeRef ref : q.attributes()) {
        if (ref.owner().equals(owner) && (attribute == null || ref.attribute().equals(attribute))) {
          uses.add(q.id());
          break;
        }
      }
    }
    if (!uses.isEmpty()) {
      heading("Used by queries");
      HBox links = new HBox(6);
      for (String id : uses) {
        javafx.scene.control.Hyperlink link = new javafx.scene.control.Hyperlink(id);
        link.setOnAction(x -> select.accept(ElementRef.query(id)));
        links.getChildren().add(link);
      }
      add(links);
    }
  }

  private void hierarchy(IsA h, ConceptualModel er) {
    ElementRef ref = ElementRef.isa(h.name());
    ConceptualForms.HierarchyForm form =
        new ConceptualForms.HierarchyForm(nameField(ref, h.name()));
    List<String> entities = er.entities().stream().map(Entity::name).toList();
    ComboBox<String> parent = form.parent;
    parent.getItems().addAll(entities);
    parent.setValue(h.parent());
    parent.setOnAction(
        x -> {
          if (parent.getValue() != null && !parent.getValue().equals(h.parent())) {
            inspector.perform.accept(
                ConceptualEdits.setHierarchy(h.name(), parent.getValue(), h.children()));
          }
        });
    form.childrenHeading.setText("Children (kinds of " + h.parent() + ")");
    for (String entity : entities) {
      if (entity.equals(h.parent())) {
        continue;
      }
      CheckBox child = Mnemonics.none(new CheckBox(entity));
      child.setSelected(h.children().contains(entity));
      child.setOnAction(
          x -> {
            List<String> children = new ArrayList<>(h.children());
            if (child.isSelected()) {
              children.add(entity);
            } else {
              children.remove(entity);
            }
            inspector.perform.accept(ConceptualEdits.setHierarchy(h.name(), h.parent(), children));
          });
      form.children.getChildren().add(child);
    }
    // Children that name no entity (a hand-edited or imported project): shown, to be unticked.
    for (String unknown : h.children()) {
      if (!entities.contains(unknown)) {
        CheckBox child = Mnemonics.none(new CheckBox(unknown + " (not an entity)"));
        child.setSelected(true);
        child.getStyleClass().add(atlantafx.base.theme.Styles.DANGER);
        child.setOnAction(
            x -> {
              List<String> children = new ArrayList<>(h.children());
              children.remove(unknown);
              inspector.perform.accept(
                  ConceptualEdits.setHierarchy(h.name(), h.parent(), children));
            });
        form.children.getChildren().add(child);
      }
    }
    (h.disjoint() ? form.disjoint : form.overlapping).setSelected(true);
    form.disjoint.setOnAction(
        x -> inspector.perform.accept(ConceptualEdits.setDisjoint(h.name(), true)));
    form.overlapping.setOnAction(
        x -> inspector.perform.accept(ConceptualEdits.setDisjoint(h.name(), false)));
    add(form.root);
    add(inspector.problemListOfBox(ref, inspector.document.get().project()));
  }

  // ---------------------------------------------------------------------------------------------
  // Workflow

  private TextField idsField(
      List<String> ids, String key, String id, Predicate<List<String>> commit) {
    TextField field =
        field(String.join(", ", ids), key, id, text -> commit.test(QueryText.parseIds(text)));
    field.setPromptText("Q1, Q2");
    Completion.attachQueries(field, () -> inspector.document.get().project().workflow().queries());
    return field;
  }

  private void task(Task t, Workflow wf) {
    TextField name =
        field(
            t.name(),
            "table:name",
            "task-name",
            text -> {
              if (text.isBlank()) {
                return inspector.refuse("A task needs a name");
              }
              if (taken(t.name(), text)) {
                // Renaming to another task's name changed nothing and selected that task: the
                // next query went onto it.
                return inspector.refuse("Another task is named " + text.strip());
              }
              if (!text.equals(t.name())) {
                inspector.renamed(ElementRef.task(text));
              }
              inspector.perform.accept(WorkflowEdits.renameTask(t.name(), text));
              select.accept(ElementRef.task(text));
              return true;
            });
    checked(name, text -> taken(t.name(), text) ? "Another task is named " + text.strip() : null);
    TextField queries =
        idsField(
            t.queries(),
            "task:queries",
            "task-queries",
            ids -> {
              inspector.perform.accept(WorkflowEdits.setTaskQueries(t.name(), ids));
              return true;
            });
    WorkflowForms.TaskForm form = new WorkflowForms.TaskForm(name, queries);
    form.newQuery.setOnAction(x -> newQuery(ElementRef.task(t.name()), wf));
    queryLinks(t.queries(), wf, form.links);
    List<Transition> out =
        wf.transitions().stream().filter(x -> t.name().equals(x.from())).toList();
    form.nextHeading.setVisible(!out.isEmpty());
    form.nextHeading.setManaged(!out.isEmpty());
    for (Transition x : out) {
      javafx.scene.control.Hyperlink link =
          new javafx.scene.control.Hyperlink("→ " + x.to() + ": " + String.join(", ", x.queries()));
      link.setMnemonicParsing(false);
      link.setOnAction(e -> select.accept(Workflow.ref(x)));
      form.next.getChildren().add(link);
    }
    add(form.root);
    // Not reached from the entry, an unknown query..., with the fixes.
    add(inspector.problemListOfBox(ElementRef.task(t.name()), inspector.document.get().project()));
  }

  /** A link to each query of the list that exists ("Q3: Find the videos a user uploaded"). */
  private void queryLinks(List<String> ids, Workflow wf, javafx.scene.layout.VBox links) {
    for (String id : ids) {
      wf.query(id)
          .ifPresent(
              q -> {
                javafx.scene.control.Hyperlink link =
                    new javafx.scene.control.Hyperlink(q.id() + ": " + q.description());
                link.setMnemonicParsing(false);
                link.setOnAction(e -> select.accept(ElementRef.query(q.id())));
                links.getChildren().add(link);
              });
    }
  }

  private void newQuery(ElementRef on, Workflow wf) {
    String id = wf.nextQueryId();
    inspector.perform.accept(WorkflowEdits.addQuery("", on));
    select.accept(ElementRef.query(id));
  }

  private void transition(Transition t, Workflow wf) {
    TextField queries =
        idsField(
            t.queries(),
            "transition:queries",
            "transition-queries",
            ids -> {
              inspector.perform.accept(WorkflowEdits.setTransitionQueries(t.from(), t.to(), ids));
              return true;
            });
    WorkflowForms.TransitionForm form = new WorkflowForms.TransitionForm(queries);
    form.path.setText((t.from() == null ? "(entry)" : t.from()) + "  →  " + t.to());
    form.newQuery.setOnAction(x -> newQuery(Workflow.ref(t), wf));
    queryLinks(t.queries(), wf, form.links);
    add(form.root);
    add(inspector.problemListOfBox(Workflow.ref(t), inspector.document.get().project()));
  }

  private void query(Query q, Project project) {
    TextField id =
        field(
            q.id(),
            "query:id",
            "query-id",
            text -> {
              if (text.isBlank()
                  || text.chars().anyMatch(c -> Character.isWhitespace(c) || c == ',')) {
                return inspector.refuse(
                    "A query's id is one word without spaces or commas (Q1, Q2a)");
              }
              if (queryIdTaken(q.id(), text)) {
                // The edit changes nothing then, and the selection went to the other query.
                return inspector.refuse("Another query is " + text.strip());
              }
              if (!text.equals(q.id())) {
                // The focus stays in the form (Tab from the id went to the model browser).
                inspector.renamed(ElementRef.query(text));
              }
              inspector.perform.accept(WorkflowEdits.setQuery(q.id(), current(q).withId(text)));
              select.accept(ElementRef.query(text));
              return true;
            });
    checked(id, text -> queryIdTaken(q.id(), text) ? "Another query is " + text.strip() : null);
    TextField given =
        queryPart(
            QueryText.formatGiven(q.given()),
            "query:given",
            "query-given",
            (now, text) -> now.withGiven(QueryText.parseGiven(text)),
            q.id());
    // The prompts take their example from the model's first entity with two attributes, the
    // KillrVideo example's when it has none.
    List<String> example =
        project.conceptual().entities().stream()
            .filter(e -> e.attributes().size() >= 2)
            .findFirst()
            .map(
                e ->
                    List.of(
                        e.name() + "." + e.attributes().get(0).name(),
                        e.name() + "." + e.attributes().get(1).name()))
            .orElse(List.of("Video.tag", "Video.added_date"));
    given.setPromptText(example.get(0) + " =, " + example.get(1) + " >=");
    Completion.attachGiven(given, this::references);
    TextField returns =
        queryPart(
            QueryText.formatRefs(q.returns()),
            "query:returns",
            "query-returns",
            (now, text) -> now.withReturns(QueryText.parseRefs(text)),
            q.id());
    returns.setPromptText(example.get(0) + ", " + example.get(1));
    Completion.attach(returns, this::references);
    TextField order =
        queryPart(
            QueryText.formatOrderBy(q.orderBy()),
            "query:order",
            "query-order",
            (now, text) -> now.withOrderBy(QueryText.parseOrderBy(text)),
            q.id());
    order.setPromptText(example.get(1) + " DESC");
    Completion.attach(order, this::references);
    QueryForm form = new QueryForm(id, given, returns, order);
    form.explainInvalid(List.of(given, returns, order));
    form.title.setText("Query " + q.id());
    TextArea description = form.description;
    description.setText(q.description());
    description
        .focusedProperty()
        .addListener(
            (o, was, is) -> {
              if (is) {
                inspector.focusKey = "query:description";
              } else if (!description.getText().strip().equals(q.description())) {
                String text = description.getText().strip();
                javafx.application.Platform.runLater(
                    () ->
                        inspector.perform.accept(
                            WorkflowEdits.setQuery(q.id(), current(q).withDescription(text))));
              }
            });
    ComboBox<Query.ResultSize> size = form.size;
    size.getItems().addAll(Query.ResultSize.values());
    size.setValue(q.size());
    size.setButtonCell(new SizeCell());
    size.setCellFactory(l -> new SizeCell());
    size.setOnAction(
        x -> {
          if (size.getValue() != null && size.getValue() != q.size()) {
            inspector.perform.accept(
                WorkflowEdits.setQuery(q.id(), current(q).withSize(size.getValue())));
          }
        });
    add(form.root);
    // What is wrong with it (an attribute the model lacks, a repeated ordering...), with the fixes.
    add(inspector.problemListOfBox(ElementRef.query(q.id()), project));
    List<String> runs = new ArrayList<>();
    for (Transition t : project.workflow().transitions()) {
      if (t.queries().contains(q.id())) {
        runs.add((t.from() == null ? "(entry)" : t.from()) + " → " + t.to());
      }
    }
    for (Task t : project.workflow().tasks()) {
      if (t.queries().contains(q.id())) {
        runs.add(t.name());
      }
    }
    heading("Runs on");
    hint(
        runs.isEmpty()
            ? "No transition or task yet: put " + q.id() + " on one."
            : String.join("; ", runs));
    tables(q, project);
  }

  /**
   * The tables that answer a query, each with its SELECT and what stops it; then the mapping's
   * alternatives, each with why, and a button that makes it the query's table.
   */
  private void tables(Query q, Project project) {
    var keyspace = org.keyspacestudio.model.mapping.Mapping.keyspace(project, null);
    var result = org.keyspacestudio.model.mapping.Mapping.alternatives(project, q, keyspace);
    // The mapping rules' tables; a query no key serves as asked is refused on each of them.
    List<List<org.keyspacestudio.model.support.SupportCheck.Finding>> refusals = new ArrayList<>();
    for (var alt : result.alternatives()) {
      refusals.add(
          org.keyspacestudio.model.support.QuerySupport.findings(project, q, alt).stream()
              .filter(f -> f.rule().severity() == org.keyspacestudio.model.validate.Severity.ERROR)
              .toList());
    }
    boolean noneAnswers =
        !result.alternatives().isEmpty() && refusals.stream().noneMatch(List::isEmpty);
    heading("Answered by");
    var answers = new ArrayList<org.keyspacestudio.model.support.QuerySupport.Answer>();
    for (ElementRef ref : org.keyspacestudio.model.support.QuerySupport.tablesOf(project, q.id())) {
      org.keyspacestudio.model.support.QuerySupport.answer(project, q, ref).ifPresent(answers::add);
    }
    if (answers.isEmpty()) {
      hint(
          noneAnswers
              ? "No table yet: change the query first (below); the mapping's tables would not"
                  + " answer it as asked."
              : "No table yet: choose one of the tables below (or Model > Map All Queries,"
                  + " Ctrl+M).");
    }
    for (var a : answers) {
      javafx.scene.control.Hyperlink link =
          new javafx.scene.control.Hyperlink(
              a.table().toString() + (a.supported() ? "  ✓ supported" : "  ✗ not supported"));
      link.setMnemonicParsing(false);
      link.setStyle(
          a.supported() ? "-fx-text-fill: -color-success-fg;" : "-fx-text-fill: -color-danger-fg;");
      link.setOnAction(e -> select.accept(a.table()));
      add(link, selectText(a.select()));
      if (!a.missing().isEmpty()) {
        problem(
            "No column holds "
                + String.join(", ", a.missing().stream().map(AttributeRef::toString).toList()));
      }
      for (var f : a.findings()) {
        if (f.rule().severity() == org.keyspacestudio.model.validate.Severity.ERROR) {
          problem(f.rule().id() + ": " + f.message());
        } else {
          hint(f.rule().id() + ": " + f.message());
        }
      }
      for (var fix : org.keyspacestudio.model.edit.SupportEdits.fixes(project, q, a.table())) {
        add(Inspector.fixButton(fix, inspector.perform));
      }
    }
    heading(
        noneAnswers
            ? "Tables for " + q.id() + ": none answers it as asked"
            : "Tables that answer " + q.id() + " (best first)");
    if (noneAnswers) {
      // On no table yet, the query's own fixes (SUPPORT-NO-TABLE's) change it.
      List<org.keyspacestudio.model.edit.Fix> changes =
          answers.isEmpty()
              ? org.keyspacestudio.model.edit.SupportEdits.changesOnNoTable(project, q)
              : List.of();
      problem(
          "No primary key lets Cassandra run "
              + q.id()
              + " as asked ("
              + refusals.get(0).get(0).rule().id()
              + "): the query must leave its order by or one of its ranges to the application"
              + (answers.isEmpty() ? ":" : " (the fixes above change it)."));
      for (var fix : changes) {
        add(Inspector.fixButton(fix, inspector.perform));
      }
    }
    if (result.alternatives().isEmpty()) {
      result.problems().forEach(this::problem);
      // Attributes typed before they were drawn: one click adds them to the conceptual model.
      for (var fix : org.keyspacestudio.model.edit.QuickFixes.unknownAttributes(project, q.id())) {
        Button b = Inspector.fixButton(fix, inspector.perform);
        b.setId("query-fix");
        b.getStyleClass().add(atlantafx.base.theme.Styles.SMALL);
        add(b);
      }
      return;
    }
    int n = 0;
    for (var alt : result.alternatives()) {
      int index = n++;
      StringBuilder columns = new StringBuilder();
      for (var c : alt.columns()) {
        columns
            .append(columns.length() == 0 ? "" : ", ")
            .append(c.name())
            .append(
                switch (c.kind()) {
                  case PARTITION_KEY -> " K";
                  case CLUSTERING ->
                      c.order() == org.keyspacestudio.model.schema.ClusteringOrder.DESC
                          ? " C↓"
                          : " C↑";
                  case STATIC -> " S";
                  case REGULAR -> "";
                });
      }
      Label title = Inspector.bold((index + 1) + ". " + alt.table());
      Label cols = new Label(columns.toString());
      cols.setWrapText(true);
      cols.setStyle("-fx-font-family: 'DejaVu Sans Mono', monospace; -fx-font-size: 11px;");
      Label why = new Label(alt.why());
      why.setWrapText(true);
      why.setStyle("-fx-text-fill: -color-fg-muted; -fx-font-size: 11px;");
      List<org.keyspacestudio.model.support.SupportCheck.Finding> refused = refusals.get(index);
      boolean current =
          alt.reuse() != null
              ? answers.stream().anyMatch(a -> a.table().equals(alt.reuse()))
              : answers.stream()
                  .anyMatch(
                      a ->
                          a.table().object().asInternal().equals(alt.table())
                              && (a.table().kind() == ElementRef.Kind.VIEW) == alt.createsView());
      Button use =
          new Button(
              current
                  ? "In use"
                  : alt.reuse() != null
                      ? "Reuse"
                      : alt.createsView() ? "Use this view" : "Use this table");
      use.setId("use-alternative-" + index);
      use.setDisable(current);
      use.setOnAction(
          e ->
              inspector.perform.accept(
                  org.keyspacestudio.model.edit.MappingEdits.choose(q.id(), alt, keyspace)));
      javafx.scene.layout.VBox box =
          new javafx.scene.layout.VBox(2, new HBox(8, title, use), cols, why);
      if (alt.createsView()) {
        Label kind = new Label("Materialized view over " + alt.viewOf().asCql());
        kind.setId("alternative-view-" + index);
        kind.setStyle("-fx-font-size: 11px; -fx-font-style: italic;");
        box.getChildren().add(1, kind);
      }
      if (!refused.isEmpty()) {
        Label no =
            new Label(
                "✗ Cassandra would refuse "
                    + q.id()
                    + (answers.isEmpty() ? " on it: " : " on it too: ")
                    + refused.get(0).rule().id()
                    + ": "
                    + refused.get(0).message());
        no.setWrapText(true);
        no.setId("alternative-refused-" + index);
        no.setStyle("-fx-text-fill: -color-danger-fg; -fx-font-size: 11px;");
        box.getChildren().add(no);
      }
      box.setStyle(
          "-fx-padding: 6; -fx-border-color: -color-border-default; -fx-border-radius: 4;"
              + " -fx-background-color:"
              + (index == 0 ? " -color-bg-subtle;" : " transparent;"));
      add(box);
    }
  }

  private void problem(String text) {
    Label label = new Label(text);
    label.setWrapText(true);
    label.setStyle("-fx-text-fill: -color-danger-fg; -fx-font-size: 11px;");
    add(label);
  }

  /** A SELECT shown as selectable, copyable text. */
  static TextArea selectText(String select) {
    TextArea area = new TextArea(select + ";");
    area.setEditable(false);
    area.setWrapText(true);
    area.setPrefRowCount(2);
    area.setStyle("-fx-font-family: 'DejaVu Sans Mono', monospace; -fx-font-size: 11px;");
    return area;
  }

  /** A field for one part of a query, read by {@code read} (which throws when it does not read). */
  private TextField queryPart(
      String text,
      String key,
      String id,
      java.util.function.BiFunction<Query, String, Query> read,
      String queryId) {
    TextField field =
        field(
            text,
            key,
            id,
            value -> {
              Query changed;
              try {
                changed = read.apply(current(query(queryId)), value);
              } catch (IllegalArgumentException e) {
                return inspector.refuse(e.getMessage());
              }
              inspector.perform.accept(WorkflowEdits.setQuery(queryId, changed));
              return true;
            });
    checked(field, value -> reads(() -> read.apply(query(queryId), value)));
    return field;
  }

  /** Whether another task than {@code task} is named {@code text} in the document now. */
  private boolean taken(String task, String text) {
    String name = text.strip();
    return !name.equals(task)
        && inspector.document.get().project().workflow().task(name).isPresent();
  }

  /** Whether {@code text} is the id of another query than {@code id} in the document now. */
  private boolean queryIdTaken(String id, String text) {
    String other = text.strip();
    return !other.equals(id)
        && inspector.document.get().project().workflow().query(other).isPresent();
  }

  /** The attribute references of the document's conceptual model now, for completion. */
  private List<String> references() {
    return Completion.references(inspector.document.get().project().conceptual());
  }

  /** The query of that id as the document has it now (a commit may come after other edits). */
  private Query query(String id) {
    return inspector.document.get().project().workflow().query(id).orElse(Query.of(id, ""));
  }

  /** {@code q} as the document has it now. */
  private Query current(Query q) {
    return query(q.id());
  }

  /** Shows an expected result size in words. */
  private static final class SizeCell extends javafx.scene.control.ListCell<Query.ResultSize> {
    @Override
    protected void updateItem(Query.ResultSize size, boolean empty) {
      super.updateItem(size, empty);
      setText(empty || size == null ? null : size.label());
    }
  }
}
