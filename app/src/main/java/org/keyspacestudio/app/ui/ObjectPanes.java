package org.keyspacestudio.app.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Pane;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diff.OptionDefaults;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.ObjectEdits;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.IndexTarget;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.KnownOption;
import org.keyspacestudio.model.schema.MaterializedView;
import org.keyspacestudio.model.schema.OptionSuggestions;
import org.keyspacestudio.model.schema.OptionValue;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.keyspacestudio.model.schema.SubOptions;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.TableOptions;
import org.keyspacestudio.model.validate.Problem;

/**
 * The inspector's forms for materialized views, secondary indexes and the {@code WITH} options of
 * tables and views. Every change is one undoable edit; values are read by our CQL parser, so what
 * Cassandra would refuse is marked by the validator as for a script.
 */
final class ObjectPanes {

  private final Inspector inspector;
  private final Consumer<Document.Edit> perform;

  /** How many of a view's column boxes are listed (100 at a time, as the table form's rows). */
  private final ListedRows listedColumns = new ListedRows();

  ObjectPanes(Inspector inspector, Consumer<Document.Edit> perform) {
    this.inspector = inspector;
    this.perform = perform;
  }

  /**
   * The options form shown, and the one the next options form may be (its FXML and its "Set another
   * option…" button made once, as the table form's); never one that holds the focus.
   */
  private OptionsForm optionsShown;

  private OptionsForm spareOptions;

  /**
   * Called as the inspector replaces its form: the options form shown becomes the spare, unless
   * {@code holdsFocus} says the focus is within its root.
   */
  void keepOptionsForm(java.util.function.Predicate<javafx.scene.Node> holdsFocus) {
    spareOptions =
        optionsShown != null && !holdsFocus.test(optionsShown.root) ? optionsShown : null;
    optionsShown = null;
  }

  // ---------------------------------------------------------------------------------------------
  // Views

  /** A view: its base table, selected columns, key, IS NOT NULL filters, clustering order. */
  void viewPane(Pane content, Keyspace ks, MaterializedView view) {
    ElementRef ref = ElementRef.view(ks.name(), view.name());
    Optional<Table> base = ks.table(view.baseTable());
    ViewForm form = new ViewForm();
    content.getChildren().add(form.root);
    form.subject.setText(view.name().asCql() + " on " + view.baseTable().asCql());
    if (base.isEmpty()) {
      form.subject.setText(
          form.subject.getText()
              + ". Its base table "
              + view.baseTable().asCql()
              + " is not in the model.");
      form.body.setVisible(false);
      form.body.setManaged(false);
      return;
    }
    Table table = base.get();

    // SELECT: all columns, or the chosen ones.
    CheckBox all = form.selectAll;
    all.setSelected(view.selectsAll());
    all.setOnAction(
        e ->
            perform.accept(
                ObjectEdits.viewEdit(
                    ref,
                    all.isSelected() ? "Select every column in " + ref : "Choose columns of " + ref,
                    v ->
                        with(
                            v,
                            all.isSelected()
                                ? List.of()
                                : table.columns().stream().map(Column::name).toList(),
                            v.notNullColumns(),
                            v.primaryKey()))));
    if (!view.selectsAll()) {
      int listed = listedColumns.count(ref, table.columns().size(), -1);
      for (Column c : table.columns().subList(0, listed)) {
        CheckBox box = Mnemonics.none(new CheckBox(c.name().asCql()));
        box.setId("view-column-" + c.name().asInternal());
        box.setSelected(view.selected().contains(c.name()));
        // A key column stays selected (Cassandra refuses a view's key column left out of its
        // SELECT); one left out can be checked, not greyed out where the error asks for it.
        box.setDisable(
            view.primaryKey().allColumns().contains(c.name())
                && view.selected().contains(c.name()));
        box.setOnAction(
            e -> {
              List<CqlIdentifier> chosen = new ArrayList<>();
              for (Column other : table.columns()) {
                boolean on =
                    other.name().equals(c.name())
                        ? box.isSelected()
                        : view.selected().contains(other.name());
                if (on) {
                  chosen.add(other.name());
                }
              }
              perform.accept(
                  ObjectEdits.viewEdit(
                      ref,
                      (box.isSelected() ? "Select " : "Leave out ") + c.name().asCql(),
                      v -> with(v, chosen, v.notNullColumns(), v.primaryKey())));
            });
        form.columns.getChildren().add(box);
      }
      if (listed < table.columns().size()) {
        form.columns
            .getChildren()
            .add(
                listedColumns.line(
                    "Columns",
                    listed,
                    table.columns().size(),
                    "view-more-columns",
                    () -> inspector.fillAgain(ref)));
      }
    }

    // PRIMARY KEY: partition key and clustering columns as CQL lists.
    TextField partition = form.partition;
    partition.setText(
        String.join(
            ", ", view.primaryKey().partitionKey().stream().map(CqlIdentifier::asCql).toList()));
    TextField clustering = form.clustering;
    clustering.setText(
        String.join(
            ", ",
            view.primaryKey().clustering().stream()
                .map(c -> c.name().asCql() + " " + c.order().name())
                .toList()));
    inspector.commitOn(partition, text -> commitKey(ref, view, text, clustering.getText().strip()));
    inspector.commitOn(clustering, text -> commitKey(ref, view, partition.getText().strip(), text));

    // WHERE ... IS NOT NULL: one box per key column.
    for (CqlIdentifier c : view.primaryKey().allColumns()) {
      CheckBox box = Mnemonics.none(new CheckBox(c.asCql()));
      box.setId("view-not-null-" + c.asInternal());
      box.setSelected(view.notNullColumns().contains(c));
      box.setOnAction(
          e -> {
            List<CqlIdentifier> filters = new ArrayList<>(view.notNullColumns());
            filters.remove(c);
            if (box.isSelected()) {
              filters.add(c);
            }
            perform.accept(
                ObjectEdits.viewEdit(
                    ref,
                    (box.isSelected() ? "Require " : "Stop requiring ")
                        + c.asCql()
                        + " IS NOT NULL",
                    v -> with(v, v.selected(), filters, v.primaryKey())));
          });
      form.notNull.getChildren().add(box);
    }
    if (view.otherRestrictions().isBlank()) {
      form.otherRestrictions.setManaged(false);
    } else {
      form.otherRestrictions.setText("Also: " + view.otherRestrictions());
    }
    optionsPane(content, ref, view.options());
  }

  /** Reads the key fields; false (the field marked) when a name is not a CQL identifier. */
  private boolean commitKey(
      ElementRef ref, MaterializedView view, String partitionText, String clusteringText) {
    try {
      List<CqlIdentifier> partition = new ArrayList<>();
      for (String name : split(partitionText)) {
        partition.add(CqlIdentifier.fromCql(name));
      }
      List<PrimaryKey.ClusteringColumn> clustering = new ArrayList<>();
      for (String term : split(clusteringText)) {
        String[] parts = term.strip().split("\\s+");
        ClusteringOrder order =
            parts.length > 1 && parts[1].equalsIgnoreCase("DESC")
                ? ClusteringOrder.DESC
                : ClusteringOrder.ASC;
        if (parts.length > 2 || (parts.length == 2 && !parts[1].matches("(?i)ASC|DESC"))) {
          return inspector.refuse(
              "'" + term.strip() + "' is not a clustering column (expected a column, ASC or DESC)");
        }
        clustering.add(new PrimaryKey.ClusteringColumn(CqlIdentifier.fromCql(parts[0]), order));
      }
      if (partition.isEmpty()) {
        return inspector.refuse("A view's key needs at least one partition key column");
      }
      PrimaryKey key = new PrimaryKey(partition, clustering);
      if (key.equals(view.primaryKey())) {
        return true;
      }
      perform.accept(
          ObjectEdits.viewEdit(
              ref,
              "Change the key of " + ref,
              v -> with(v, v.selected(), v.notNullColumns(), key)));
      return true;
    } catch (IllegalArgumentException e) {
      return inspector.refuse("The key does not read: " + e.getMessage());
    }
  }

  private static List<String> split(String text) {
    List<String> out = new ArrayList<>();
    for (String part : text.split(",")) {
      if (!part.isBlank()) {
        out.add(part.strip());
      }
    }
    return out;
  }

  private static MaterializedView with(
      MaterializedView v,
      List<CqlIdentifier> selected,
      List<CqlIdentifier> notNull,
      PrimaryKey key) {
    return new MaterializedView(
        v.name(), v.baseTable(), selected, notNull, v.otherRestrictions(), key, v.options());
  }

  // ---------------------------------------------------------------------------------------------
  // Indexes

  /** An index: its table, target (column and what of it), kind (regular, SAI, SASI, custom). */
  void indexPane(Pane content, Keyspace ks, SecondaryIndex index) {
    ElementRef ref = ElementRef.index(ks.name(), index.effectiveName());
    IndexForm form = new IndexForm();
    form.subject.setText(
        index.effectiveName().asCql()
            + " on "
            + index.table().asCql()
            + (index.name() == null ? " (named by Cassandra)" : ""));
    Optional<Table> table = ks.table(index.table());
    ComboBox<String> column = form.column;
    table.ifPresent(t -> t.columns().forEach(c -> column.getItems().add(c.name().asCql())));
    IndexTarget target = index.targets().isEmpty() ? null : index.targets().get(0);
    if (target != null) {
      column.setValue(target.column().asCql());
    }
    ComboBox<IndexTarget.Kind> of = form.target;
    of.getItems().addAll(IndexTarget.Kind.values());
    of.setValue(target == null ? IndexTarget.Kind.SIMPLE : target.kind());
    Runnable commitTarget =
        () -> {
          if (column.getValue() == null) {
            return;
          }
          IndexTarget changed =
              new IndexTarget(CqlIdentifier.fromCql(column.getValue()), of.getValue());
          if (changed.equals(target)) {
            return;
          }
          List<IndexTarget> targets = new ArrayList<>(index.targets());
          if (targets.isEmpty()) {
            targets.add(changed);
          } else {
            targets.set(0, changed);
          }
          perform.accept(
              ObjectEdits.replaceIndex(
                  ref,
                  new SecondaryIndex(
                      index.name(), index.table(), targets, index.using(), index.options())));
        };
    column.setOnAction(e -> commitTarget.run());
    of.setOnAction(e -> commitTarget.run());
    ComboBox<String> kind = form.kind;
    kind.getItems().addAll("Regular (2i)", "SAI", "SASI", "Custom class…");
    kind.setValue(
        index.using() == null
            ? "Regular (2i)"
            : index.isSai() ? "SAI" : index.isSasi() ? "SASI" : "Custom class…");
    TextField using = form.using;
    using.setText(index.using() == null ? "" : index.using());
    using.setDisable(!"Custom class…".equals(kind.getValue()));
    kind.setOnAction(
        e -> {
          String chosen =
              switch (kind.getValue()) {
                case "SAI" -> "StorageAttachedIndex";
                case "SASI" -> "org.apache.cassandra.index.sasi.SASIIndex";
                case "Regular (2i)" -> null;
                default -> index.using() == null ? "com.example.Index" : index.using();
              };
          if (!java.util.Objects.equals(chosen, index.using())) {
            perform.accept(
                ObjectEdits.replaceIndex(
                    ref,
                    new SecondaryIndex(
                        index.name(), index.table(), index.targets(), chosen, index.options())));
          }
        });
    inspector.commitOn(
        using,
        text -> {
          if (text.isBlank()) {
            return inspector.refuse(
                "A custom index names its class ('StorageAttachedIndex', for example)");
          }
          perform.accept(
              ObjectEdits.replaceIndex(
                  ref,
                  new SecondaryIndex(
                      index.name(), index.table(), index.targets(), text, index.options())));
          return true;
        });
    TextField options = form.options;
    options.setText(
        String.join(
            ", ",
            index.options().entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue())
                .toList()));
    inspector.commitOn(
        options,
        text -> {
          java.util.SortedMap<String, String> map = new java.util.TreeMap<>();
          for (String pair : split(text)) {
            String[] kv = pair.split("=", 2);
            if (kv.length != 2 || kv[0].isBlank()) {
              return inspector.refuse(
                  "'" + pair + "' is not an option (expected name=value, split by commas)");
            }
            map.put(kv[0].strip(), kv[1].strip());
          }
          perform.accept(
              ObjectEdits.replaceIndex(
                  ref,
                  new SecondaryIndex(
                      index.name(), index.table(), index.targets(), index.using(), map)));
          return true;
        });
    content.getChildren().add(form.root);
  }

  // ---------------------------------------------------------------------------------------------
  // Options

  /**
   * The {@code WITH} options of a table or view: those set, each editable as CQL (empty removes it,
   * back to Cassandra's default, shown greyed), and any other one to add.
   */
  void optionsPane(Pane content, ElementRef owner, TableOptions options) {
    OptionsForm form = spareOptions != null ? spareOptions : new OptionsForm();
    spareOptions = null;
    optionsShown = form;
    GridPane grid = form.options;
    // The rows of its last use (their value fields went back to the inspector's spares).
    grid.getChildren().clear();
    int row = 0;
    for (var e : options.values().entrySet()) {
      String name = e.getKey();
      if (e.getValue() instanceof OptionValue.MapValue map) {
        int next = subOptionRows(grid, row, owner, name, map.entries());
        if (next > row) {
          row = next;
          continue;
        }
      }
      TextField value = optionField(owner, name, e.getValue().asCql(), options);
      Button remove =
          Inspector.removeButton(
              "option",
              "Remove " + name + " (Cassandra's default applies)",
              () -> perform.accept(ObjectEdits.setOption(owner, name, null)));
      Label label = new Label(name);
      label.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
      markProblems(label, value, owner, name);
      grid.addRow(row++, label, value, remove);
    }
    if (options.compactStorage()) {
      grid.addRow(
          row++, new Label("COMPACT STORAGE"), new Label("(deprecated; a quick fix drops it)"));
    }
    List<String> toSet = new ArrayList<>();
    for (KnownOption o : KnownOption.values()) {
      if (o.status() == KnownOption.Status.CURRENT
          && o != KnownOption.ID
          && !options.values().containsKey(o.cqlName())) {
        toSet.add(o.cqlName());
      }
    }
    form.add.setItems(toSet);
    form.entry =
        name ->
            OptionDefaults.defaultOf(name, options)
                .map(d -> name + "    default " + shortened(d.asCql()))
                .orElse(name);
    form.add.setOnChosen(
        name -> {
          OptionValue start =
              OptionDefaults.defaultOf(name, options).orElse(new OptionValue.Text(""));
          perform.accept(ObjectEdits.setOption(owner, name, start));
          // Its value next, with the values to choose from listed.
          javafx.application.Platform.runLater(
              () -> {
                inspector.focus("option:" + name);
                if (content.getScene() != null) {
                  Completion.listAll(content.getScene().getFocusOwner());
                }
              });
        });
    content.getChildren().add(form.root);
  }

  /** The compression chooser's item for {@code 'enabled': 'false'}. */
  private static final String COMPRESSION_OFF = "off";

  /**
   * The rows of {@code compaction} or {@code compression} when Cassandra ships its class, and of
   * {@code caching}: the class as a choice (another strategy keeps the sub-options it understands
   * too), a row per sub-option set (empty removes it), and the sub-options still to set with their
   * defaults ({@link SubOptions}).
   *
   * @return the grid row after them, or {@code row} when the option is shown as CQL instead
   *     (another option, or a class Cassandra does not ship)
   */
  private int subOptionRows(
      GridPane grid, int row, ElementRef owner, String name, Map<String, String> entries) {
    String cls = entries.getOrDefault("class", "");
    boolean off = name.equals("compression") && "false".equalsIgnoreCase(entries.get("enabled"));
    Map<String, String> known;
    List<String> classes = new ArrayList<>();
    String chosen;
    Optional<SubOptions.Strategy> strategy = SubOptions.Strategy.of(cls);
    Optional<SubOptions.Compressor> compressor = SubOptions.Compressor.of(cls);
    if (name.equals("compaction") && strategy.isPresent()) {
      known = strategy.get().subOptions();
      for (SubOptions.Strategy s : SubOptions.Strategy.values()) {
        classes.add(s.className());
      }
      chosen = strategy.get().className();
    } else if (name.equals("compression") && (off || compressor.isPresent())) {
      known = off ? Map.of() : compressor.get().options();
      for (SubOptions.Compressor c : SubOptions.Compressor.values()) {
        classes.add(c.className());
      }
      classes.add(COMPRESSION_OFF);
      chosen = off ? COMPRESSION_OFF : compressor.get().className();
    } else if (name.equals("caching")) {
      known = SubOptions.CACHING;
      chosen = null; // no class
    } else {
      return row;
    }
    Label label = new Label(name);
    label.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
    Button remove =
        Inspector.removeButton(
            "option",
            "Remove " + name + " (Cassandra's default applies)",
            () -> perform.accept(ObjectEdits.setOption(owner, name, null)));
    markProblems(label, null, owner, name);
    // What the node refuses in the values (the names it does not understand are marked below,
    // and their message lists every name it does).
    List<String> refusals =
        inspector.schemaProblems(owner, ElementRef.option(owner, name)).stream()
            .map(Problem::message)
            .filter(m -> !m.contains(" are not understood by "))
            .toList();
    grid.addRow(
        row++,
        label,
        chosen == null
            ? new javafx.scene.layout.Region()
            : classChoice(owner, name, entries, classes, chosen, cls),
        remove);
    for (var sub : entries.entrySet()) {
      String key = sub.getKey();
      if (key.equals("class") || (off && key.equals("enabled"))) {
        continue;
      }
      Label subLabel = new Label(key);
      subLabel.getStyleClass().add("sub-option");
      subLabel.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
      if (!known.containsKey(key)) {
        subLabel.getStyleClass().add(atlantafx.base.theme.Styles.DANGER);
        Tips.set(
            subLabel,
            "Not understood by " + (chosen == null ? name : chosen) + ": Cassandra 5.0 refuses it");
      }
      String fallback = known.get(key);
      // A unit, a method, a boolean: a choice of what the node takes (any other spelling, even one
      // the node takes, stays text, to be seen as written).
      List<String> choices = SubOptions.choices(key);
      if (known.containsKey(key) && choices.contains(sub.getValue())) {
        ChoiceButton<String> choice =
            new ChoiceButton<>(
                c -> c == null ? "" : c, c -> c.equals(fallback) ? c + "    default" : c);
        choice.setId("option-" + name + "-" + key);
        choice.setItems(choices);
        choice.setValue(sub.getValue());
        Tips.set(choice, fallback == null ? null : "Cassandra's default: " + fallback);
        choice.setOnChosen(c -> perform.accept(withSubOption(owner, name, entries, key, c)));
        grid.addRow(row++, subLabel, choice, dropSubOption(owner, name, entries, key));
        continue;
      }
      TextField value = inspector.spare("option", sub.getValue());
      value.setId("option-" + name + "-" + key);
      value.setUserData("option:" + name + ":" + key);
      value.setPrefColumnCount(18);
      Tips.set(value, fallback == null ? null : "Cassandra's default: " + fallback);
      // A value the node refuses: the problems naming this sub-option mark its row.
      java.util.regex.Pattern named =
          java.util.regex.Pattern.compile("\\b" + java.util.regex.Pattern.quote(key) + "\\b");
      String why =
          String.join("\n", refusals.stream().filter(m -> named.matcher(m).find()).toList());
      if (!why.isEmpty() && known.containsKey(key)) {
        subLabel.getStyleClass().add(atlantafx.base.theme.Styles.DANGER);
        Tips.set(subLabel, why);
        Tips.set(value, why);
      }
      inspector.commitOn(
          value,
          text -> {
            perform.accept(withSubOption(owner, name, entries, key, text));
            return true;
          });
      grid.addRow(row++, subLabel, value, dropSubOption(owner, name, entries, key));
    }
    List<String> toSet = new ArrayList<>();
    known.forEach(
        (key, fallback) -> {
          if (fallback != null && !entries.containsKey(key)) {
            toSet.add(key);
          }
        });
    if (!toSet.isEmpty()) {
      ChoiceButton<String> add =
          new ChoiceButton<>(
              key -> key == null ? "Set a sub-option…" : key,
              key -> key + "    default " + known.get(key));
      add.setId("option-" + name + "-add");
      add.setItems(toSet);
      add.setOnChosen(
          key -> perform.accept(withSubOption(owner, name, entries, key, known.get(key))));
      grid.add(add, 1, row++);
    }
    return row;
  }

  /** A sub-option row's ✕: removes it, back to its default. */
  private Button dropSubOption(
      ElementRef owner, String name, Map<String, String> entries, String key) {
    Button drop =
        Inspector.removeButton(
            "sub-option",
            "Remove " + key + " from " + name + " (its default applies)",
            () -> perform.accept(withSubOption(owner, name, entries, key, "")));
    drop.setId("option-" + name + "-remove-" + key);
    return drop;
  }

  /** The class of {@code compaction} or {@code compression} as a choice of Cassandra's own. */
  private ChoiceButton<String> classChoice(
      ElementRef owner,
      String name,
      Map<String, String> entries,
      List<String> classes,
      String chosen,
      String cls) {
    String packagePrefix =
        cls.contains(".")
            ? (name.equals("compaction")
                ? SubOptions.COMPACTION_PACKAGE
                : SubOptions.COMPRESSION_PACKAGE)
            : "";
    ChoiceButton<String> classChoice =
        new ChoiceButton<>(
            // The button is narrow: TimeWindow, LZ4, off; the menu names the class in full.
            c -> c == null ? "" : c.replace("CompactionStrategy", "").replace("Compressor", ""),
            c -> c.equals(COMPRESSION_OFF) ? "off ('enabled': 'false')" : c);
    classChoice.setId("option-" + name + "-class");
    classChoice.setItems(classes);
    classChoice.setValue(chosen);
    Tips.set(classChoice, "The " + name + " class; another keeps the sub-options it understands");
    classChoice.setOnChosen(c -> perform.accept(withClass(owner, name, entries, c, packagePrefix)));
    return classChoice;
  }

  /**
   * The option with another class: the sub-options the new strategy or compressor understands are
   * kept; {@code off} is compression's {@code 'enabled': 'false'} alone.
   */
  private static Document.Edit withClass(
      ElementRef owner,
      String name,
      Map<String, String> entries,
      String cls,
      String packagePrefix) {
    java.util.TreeMap<String, String> out = new java.util.TreeMap<>();
    if (cls.equals(COMPRESSION_OFF)) {
      out.put("enabled", "false");
    } else {
      Map<String, String> understood =
          name.equals("compaction")
              ? SubOptions.Strategy.of(cls).orElseThrow().subOptions()
              : SubOptions.Compressor.of(cls).orElseThrow().options();
      entries.forEach(
          (key, value) -> {
            if (understood.containsKey(key)) {
              out.put(key, value);
            }
          });
      out.put("class", packagePrefix + cls);
    }
    return new Document.Edit(
        "Use " + (cls.equals(COMPRESSION_OFF) ? "no compression" : cls) + " in " + owner,
        ObjectEdits.setOption(owner, name, OptionValue.MapValue.of(out)).change());
  }

  /** The option with one sub-option set to {@code value}, or removed when it is empty. */
  private static Document.Edit withSubOption(
      ElementRef owner, String name, Map<String, String> entries, String key, String value) {
    java.util.TreeMap<String, String> out = new java.util.TreeMap<>(entries);
    if (value.isEmpty()) {
      out.remove(key);
    } else {
      out.put(key, value);
    }
    return new Document.Edit(
        (value.isEmpty() ? "Remove " + key + " from " : "Set " + key + " of ")
            + name
            + " of "
            + owner,
        ObjectEdits.setOption(owner, name, OptionValue.MapValue.of(out)).change());
  }

  /**
   * Marks an option's row when Cassandra 5.0 would refuse it or warn about it (an option removed in
   * 4.0, an unknown one, a value of the wrong kind): its name in the theme's danger or warning
   * colour, and what is wrong in its tips. The form lists the fixes.
   */
  private void markProblems(Label label, TextField value, ElementRef owner, String name) {
    List<Problem> found = inspector.schemaProblems(owner, ElementRef.option(owner, name));
    if (found.isEmpty()) {
      return;
    }
    boolean error =
        found.stream()
            .anyMatch(p -> p.severity() == org.keyspacestudio.model.validate.Severity.ERROR);
    label
        .getStyleClass()
        .add(error ? atlantafx.base.theme.Styles.DANGER : atlantafx.base.theme.Styles.WARNING);
    label.setText("⚠ " + name);
    String why = String.join("\n", found.stream().map(Problem::message).toList());
    Tips.set(label, why);
    if (value != null) {
      Tips.set(value, why);
    }
  }

  /** A default as the options menu shows it: whole up to 48 characters, else cut with "…". */
  private static String shortened(String cql) {
    return cql.length() <= 48 ? cql : cql.substring(0, 47) + "…";
  }

  /** An option's value as CQL, read back by our parser when committed. */
  private TextField optionField(ElementRef owner, String name, String cql, TableOptions options) {
    TextField field = inspector.spare("option", cql);
    field.setId("option-" + name);
    field.setUserData("option:" + name);
    field.setPrefColumnCount(18);
    // A kept field may carry the tip of the option it stood for before.
    String tip =
        OptionDefaults.defaultOf(name, options)
                .map(d -> "Cassandra's default: " + d.asCql() + ". ")
                .orElse("")
            + (OptionSuggestions.of(name).isEmpty()
                ? ""
                : "Ctrl+Space lists values to choose from.");
    Tips.set(field, tip.isEmpty() ? null : tip.strip());
    // The values offered follow the option the (kept) field stands for now.
    Completion.attachValues(
        field,
        () -> new ArrayList<>(OptionSuggestions.of(optionOf(field)).keySet()),
        value -> OptionSuggestions.of(optionOf(field)).getOrDefault(value, ""));
    inspector.commitOn(
        field,
        text -> {
          if (text.isEmpty()) {
            perform.accept(ObjectEdits.setOption(owner, name, null));
            return true;
          }
          OptionValue parsed = parseValue(name, text);
          if (parsed == null) {
            return inspector.refuse(
                "'"
                    + text
                    + "' is not a CQL value (a quoted string, a number, true or false, or a map"
                    + " {'key': 'value'})");
          }
          perform.accept(ObjectEdits.setOption(owner, name, parsed));
          return true;
        });
    return field;
  }

  /** The option a value field stands for ({@code option:NAME}), or "" for a sub-option's. */
  private static String optionOf(TextField field) {
    return field.getUserData() instanceof String data
            && data.startsWith("option:")
            && data.indexOf(':', 7) < 0
        ? data.substring(7)
        : "";
  }

  /**
   * An option value written as in CQL ({@code 864000}, {@code 'x'}, {@code {'a': 'b'}}), or null.
   */
  static OptionValue parseValue(String name, String cql) {
    var read =
        CqlImporter.read(
            "CREATE TABLE o.t (k int PRIMARY KEY) WITH " + name + " = " + cql + ";", "option");
    if (read.problems().stream()
            .anyMatch(p -> p.rule() == org.keyspacestudio.model.validate.Rule.CQL_SYNTAX)
        || read.schema().keyspaces().isEmpty()
        || read.schema().keyspaces().get(0).tables().isEmpty()) {
      return null;
    }
    return read.schema().keyspaces().get(0).tables().get(0).options().values().get(name);
  }
}
