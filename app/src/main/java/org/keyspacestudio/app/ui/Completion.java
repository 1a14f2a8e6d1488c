package org.keyspacestudio.app.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import javafx.css.PseudoClass;
import javafx.geometry.Bounds;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.VBox;
import javafx.stage.Popup;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.ConceptualModel;

/**
 * Completes what is being typed in a text field: an attribute reference ({@code Entity.attribute},
 * as a query's given, returns and order by and an entity's keys write them) from the conceptual
 * model's attributes, a CQL type in a column's or an attribute's type field, or a query id. A list
 * under the field (above it where the screen has no room below) shows the references whose text, or
 * whose attribute's name, starts with what was typed since the last comma or semicolon (any case);
 * the types that start with the word before the caret ({@code map<text, ti} offers {@code
 * timestamp}, {@code timeuuid}, {@code tinyint}); or the queries whose id starts with what was
 * typed, or whose words contain it, each with its words. The first is highlighted; Up and Down move
 * the highlight, Enter or Tab puts the highlighted one in place of what was typed, a click puts the
 * one clicked, Escape closes the list. Enter on one typed in full closes the list and commits the
 * field as before. The list is a pop-up window made the first time it has something to show. JavaFX
 * application thread only.
 */
final class Completion {

  /** At most this many candidates are listed. */
  static final int SHOWN = 10;

  private static final PseudoClass HIGHLIGHTED = PseudoClass.getPseudoClass("highlighted");
  private static final String KEY = Completion.class.getName();

  private final TextField field;
  private final Supplier<List<String>> references;
  private final boolean types;

  /** A query's words beside its id in the list, or null when the candidates are not queries. */
  private java.util.function.Function<String, String> described;

  /** Whether a reference followed by a space is completed with an operator (a query's given). */
  private boolean operators;

  /** Whether a candidate stands for the whole field (an option's value), not one item of a list. */
  private boolean whole;

  /** Whether Ctrl+Space asked for every candidate, whatever was typed. */
  private boolean all;

  private Popup popup;
  private VBox list;
  private List<String> shown = List.of();
  private int highlighted;
  private boolean typed;

  /** The field's text and caret the list was made for. */
  private String shownText;

  private int shownCaret;

  /** Whether Up or Down chose a row of the list shown. */
  private boolean chose;

  private KeyCode swallow;

  private Completion(TextField field, Supplier<List<String>> references, boolean types) {
    this.field = field;
    this.references = references;
    this.types = types;
  }

  /**
   * Completes references in {@code field} from {@code references} (asked each time the user types,
   * so they follow the model). A field completed already keeps its first completion.
   *
   * @param references the references offered, in the order listed, not null
   */
  static void attach(TextField field, Supplier<List<String>> references) {
    attach(field, references, false);
  }

  /**
   * Completes a query's given attributes in {@code field}: the references, as {@link #attach}, and
   * after a reference and a space the operators CQL allows on it (=, IN, <, <=, >, >=), each with
   * its words.
   */
  static void attachGiven(TextField field, Supplier<List<String>> references) {
    attach(field, references, false);
    ((Completion) field.getProperties().get(KEY)).operators = true;
  }

  /** The operators of a given attribute, in the order listed, with their words. */
  static final java.util.Map<String, String> OPERATORS = operators();

  private static java.util.Map<String, String> operators() {
    java.util.Map<String, String> words = new java.util.LinkedHashMap<>();
    words.put("=", "equal to");
    words.put("IN", "one of a list");
    words.put("<", "less than");
    words.put("<=", "at most");
    words.put(">", "greater than");
    words.put(">=", "at least");
    return java.util.Collections.unmodifiableMap(words);
  }

  /**
   * Where the operator being typed after a reference starts in {@code token} (what was typed since
   * the last comma), or -1 when the token is not a reference of {@code references} followed by
   * white space.
   */
  static int operatorStart(List<String> references, String token) {
    for (String r : references) {
      if (token.length() > r.length()
          && token.regionMatches(true, 0, r, 0, r.length())
          && Character.isWhitespace(token.charAt(r.length()))) {
        int at = r.length();
        while (at < token.length() && Character.isWhitespace(token.charAt(at))) {
          at++;
        }
        return at;
      }
    }
    return -1;
  }

  /**
   * The operators that complete {@code typed} (any case): all of them for nothing typed; none when
   * the only one is what was typed.
   */
  static List<String> operatorMatches(String typed) {
    List<String> out = new ArrayList<>();
    for (String op : OPERATORS.keySet()) {
      if (op.regionMatches(true, 0, typed, 0, typed.length()) && op.length() >= typed.length()) {
        out.add(op);
      }
    }
    return out.size() == 1 && out.get(0).equalsIgnoreCase(typed) ? List.of() : out;
  }

  /**
   * Completes CQL types in {@code field}: the native types, the collections ({@code list<} and the
   * others, to go on typing the element type) and {@code types} (the user-defined types in scope),
   * asked each time the user types. A field completed already keeps its first completion.
   */
  static void attachTypes(TextField field, Supplier<List<String>> types) {
    attach(
        field,
        () -> {
          List<String> all = new ArrayList<>(NATIVE_TYPES);
          all.addAll(types.get());
          return all;
        },
        true);
  }

  /**
   * Completes query ids ({@code Q1, Q3}, as a task's, a transition's or a query arrow's queries are
   * written) from {@code queries}: those whose id starts with what was typed since the last comma,
   * then those whose words contain it (two letters or more), each listed with its words. A field
   * completed already keeps its first completion.
   */
  static void attachQueries(
      TextField field, Supplier<List<org.keyspacestudio.model.workflow.Query>> queries) {
    java.util.Map<String, String> words = new java.util.HashMap<>();
    attach(
        field,
        () -> {
          words.clear();
          List<String> ids = new ArrayList<>();
          for (var q : queries.get()) {
            ids.add(q.id());
            words.put(q.id(), q.description());
          }
          return ids;
        },
        false);
    Completion c = (Completion) field.getProperties().get(KEY);
    if (c.described == null) {
      c.described = id -> words.getOrDefault(id, "");
    }
  }

  /**
   * Completes a value standing for the whole field, such as a table option's: the candidates whose
   * text starts with what was typed, then (two letters or more) those whose words contain it, each
   * listed with its words; Ctrl+Space lists them all. Both are asked each time, so a field used for
   * one option and then another offers the other's values. A field completed already keeps its
   * first completion.
   *
   * @param values the values offered, in the order listed, not null
   * @param words a value's words shown beside it, never null (empty for none)
   */
  static void attachValues(
      TextField field,
      Supplier<List<String>> values,
      java.util.function.Function<String, String> words) {
    boolean first = !field.getProperties().containsKey(KEY);
    attach(field, values, false);
    if (first) {
      Completion c = (Completion) field.getProperties().get(KEY);
      c.described = words;
      c.whole = true;
    }
  }

  /**
   * The query ids that complete {@code typed}: those that start with it, any case, then (for two
   * letters or more) those whose words contain it, at most {@code limit}; none for nothing typed,
   * nor when the only one is what was typed.
   */
  static List<String> queryMatches(
      List<String> ids,
      java.util.function.Function<String, String> words,
      String typed,
      int limit) {
    List<String> out = new ArrayList<>(matches(ids, typed, limit, false));
    if (out.isEmpty() && !typed.isEmpty() && ids.stream().anyMatch(typed::equalsIgnoreCase)) {
      return List.of();
    }
    String lower = typed.toLowerCase(Locale.ROOT);
    if (typed.length() >= 2) {
      for (String id : ids) {
        if (out.size() < limit
            && !out.contains(id)
            && words.apply(id).toLowerCase(Locale.ROOT).contains(lower)) {
          out.add(id);
        }
      }
    }
    return out;
  }

  /** The native types and collections, the most used first (see {@link #NATIVE_TYPES}). */
  private static final List<String> BY_USE =
      List.of(
          "text",
          "uuid",
          "int",
          "timestamp",
          "timeuuid",
          "set<",
          "frozen<",
          "counter",
          "float",
          "map<",
          "bigint",
          "blob",
          "double",
          "boolean",
          "date",
          "inet",
          "varint",
          "ascii",
          "decimal",
          "list<",
          "duration",
          "smallint",
          "tinyint",
          "vector<",
          "tuple<",
          "time");

  /**
   * The native types and the collections, the most used first: how often each names a column's or a
   * field's type in the 17 schemas of the shared corpus (text 188, uuid 71, int 38, timestamp 31,
   * timeuuid 20, set 17, frozen 16, counter 13, float 12, map 11, bigint 8, blob 8, double 7,
   * boolean 6, date 5, inet 4, varint 3, ascii 2, decimal 2, then those used once or never), so
   * that {@code ti} offers {@code timestamp} first, not {@code time}. A native type not ranked here
   * comes after them, in alphabetical order.
   */
  static final List<String> NATIVE_TYPES = nativeTypes();

  private static List<String> nativeTypes() {
    List<String> names = new ArrayList<>(BY_USE);
    List<String> others = new ArrayList<>();
    for (var t : org.keyspacestudio.model.type.NativeType.values()) {
      if (!names.contains(t.asCql())) {
        others.add(t.asCql());
      }
    }
    others.sort(null);
    names.addAll(others);
    return List.copyOf(names);
  }

  private static void attach(TextField field, Supplier<List<String>> references, boolean types) {
    if (field.getProperties().containsKey(KEY)) {
      return;
    }
    Completion c = new Completion(field, references, types);
    field.getProperties().put(KEY, c);
    field.addEventFilter(
        KeyEvent.KEY_TYPED,
        e -> {
          if (c.whole && e.isControlDown() && " ".equals(e.getCharacter())) {
            // Ctrl+Space lists the values; it types no space.
            e.consume();
          } else if (!e.getCharacter().isEmpty()
              && !Character.isISOControl(e.getCharacter().charAt(0))) {
            c.typing();
          }
        });
    field.addEventFilter(KeyEvent.KEY_PRESSED, c::pressed);
    // A table cell's editor cancels on Escape's release: the Escape that closed the list does not.
    field.addEventFilter(
        KeyEvent.KEY_RELEASED,
        e -> {
          if (e.getCode() == c.swallow) {
            c.swallow = null;
            e.consume();
          }
        });
    field
        .textProperty()
        .addListener(
            (o, was, is) -> {
              if (c.typed && field.isFocused()) {
                c.typed = false;
                // The field moves its caret after it changes its text.
                javafx.application.Platform.runLater(c::update);
              } else {
                c.hide();
              }
            });
    field
        .focusedProperty()
        .addListener(
            (o, was, is) -> {
              if (!is) {
                c.hide();
              }
            });
    // A form built again (a rename) takes the field out with the focus still in it: its list
    // stayed open over the new form, and what was typed next went to it.
    field
        .sceneProperty()
        .addListener(
            (o, was, is) -> {
              if (is == null) {
                c.hide();
              }
            });
  }

  /** The references of a conceptual model's attributes, as written: {@code Entity.attribute}. */
  static List<String> references(ConceptualModel model) {
    return model.attributeReferences().stream().map(AttributeRef::toString).toList();
  }

  /**
   * Where the reference being typed before {@code caret} starts: after the last comma or semicolon
   * and the spaces after it.
   */
  static int tokenStart(String text, int caret) {
    int start = caret;
    while (start > 0 && text.charAt(start - 1) != ',' && text.charAt(start - 1) != ';') {
      start--;
    }
    while (start < caret && Character.isWhitespace(text.charAt(start))) {
      start++;
    }
    return start;
  }

  /**
   * The references that complete {@code typed}: those that start with it, then those whose
   * attribute's name does, any case, at most {@code limit}; none for nothing typed, nor when the
   * only one is what was typed.
   */
  static List<String> matches(List<String> references, String typed, int limit) {
    return matches(references, typed, limit, true);
  }

  /**
   * The candidates that start with {@code typed}, any case, then (with {@code afterDot}) those
   * whose part after the first dot does, each once, at most {@code limit}; none for nothing typed,
   * nor when the only one is what was typed.
   */
  private static List<String> matches(
      List<String> candidates, String typed, int limit, boolean afterDot) {
    if (typed.isEmpty()) {
      return List.of();
    }
    String lower = typed.toLowerCase(Locale.ROOT);
    List<String> out = new ArrayList<>();
    for (boolean part : afterDot ? new boolean[] {false, true} : new boolean[] {false}) {
      for (String c : candidates) {
        String text = part ? c.substring(c.indexOf('.') + 1) : c;
        if (out.size() < limit
            && !out.contains(c)
            && text.toLowerCase(Locale.ROOT).startsWith(lower)) {
          out.add(c);
        }
      }
    }
    return out.size() == 1 && out.get(0).equalsIgnoreCase(typed) ? List.of() : out;
  }

  /**
   * The candidates no other item of {@code text} (split by commas and semicolons; the one from
   * {@code start} to {@code caret} being typed) begins with: {@code User.email =} lists {@code
   * User.email}, {@code Q8} lists {@code Q8}.
   */
  static List<String> unlisted(List<String> candidates, String text, int start, int caret) {
    String others = text.substring(0, start) + text.substring(caret);
    List<String> items = new ArrayList<>();
    for (String item : others.split("[,;]")) {
      if (!item.isBlank()) {
        items.add(item.strip());
      }
    }
    List<String> out = new ArrayList<>();
    for (String c : candidates) {
      boolean listed = false;
      for (String item : items) {
        listed |=
            item.startsWith(c)
                && (item.length() == c.length()
                    || !(Character.isLetterOrDigit(item.charAt(c.length()))
                        || item.charAt(c.length()) == '_'
                        || item.charAt(c.length()) == '.'));
      }
      if (!listed) {
        out.add(c);
      }
    }
    return out;
  }

  /**
   * Marks the text change the key being handled makes as typed (the field's own handler makes it
   * after this filter); a change made otherwise, such as the form filled again, closes the list.
   */
  private void typing() {
    typed = true;
    javafx.application.Platform.runLater(() -> typed = false);
  }

  /** Where the type name being typed before {@code caret} starts: the word it is in. */
  static int typeStart(String text, int caret) {
    int start = caret;
    while (start > 0
        && (Character.isLetterOrDigit(text.charAt(start - 1)) || text.charAt(start - 1) == '_')) {
      start--;
    }
    return start;
  }

  /**
   * The types that complete the word {@code typed}: those that start with it, any case, in the
   * order of {@code types} except that one typed in full comes first ({@code time} offers {@code
   * time} before {@code timestamp}), at most {@code limit}; none for nothing typed, nor when the
   * only one is what was typed.
   */
  static List<String> typeMatches(List<String> types, String typed, int limit) {
    List<String> out = new ArrayList<>(matches(types, typed, Integer.MAX_VALUE, false));
    for (int i = 1; i < out.size(); i++) {
      if (out.get(i).equalsIgnoreCase(typed)) {
        out.add(0, out.remove(i));
        break;
      }
    }
    return out.subList(0, Math.min(limit, out.size()));
  }

  private int start() {
    if (whole) {
      return 0;
    }
    int caret = field.getCaretPosition();
    return types ? typeStart(field.getText(), caret) : tokenStart(field.getText(), caret);
  }

  /**
   * Where the text a candidate replaces starts now: the operator's start after a reference and a
   * space in a given field, else what {@link #start} says.
   */
  private int replaceStart() {
    int operator = operators ? operatorStart(references.get(), token()) : -1;
    return operator >= 0 ? start() + operator : start();
  }

  private String token() {
    return field.getText().substring(start(), field.getCaretPosition());
  }

  private void update() {
    List<String> candidates = references.get();
    String token = token();
    java.util.function.Function<String, String> words = described;
    int operator = operators ? operatorStart(candidates, token) : -1;
    if (operator >= 0) {
      // After a reference and a space: its operator.
      candidates = List.copyOf(OPERATORS.keySet());
      words = OPERATORS::get;
    } else if (!types && !whole) {
      // What the field lists already is not offered again (Q8, then Q8 is no choice).
      candidates = unlisted(candidates, field.getText(), start(), field.getCaretPosition());
    }
    boolean every = all;
    all = false;
    shown =
        !field.isFocused() || field.getScene() == null
            ? List.of()
            : every
                ? candidates.subList(0, Math.min(SHOWN, candidates.size()))
                : operator >= 0
                    ? operatorMatches(token.substring(operator))
                    : types
                        ? typeMatches(candidates, token, SHOWN)
                        : described != null
                            ? queryMatches(candidates, described, token, SHOWN)
                            : matches(candidates, token, SHOWN);
    if (shown.isEmpty()) {
      hide();
      return;
    }
    if (popup == null) {
      list = new VBox();
      list.getStyleClass().add("completion");
      popup = new Popup();
      popup.setAutoHide(true);
      // Escape reaches the field's filter, which closes the list and keeps the edit.
      popup.setHideOnEscape(false);
      popup.setAnchorLocation(javafx.stage.PopupWindow.AnchorLocation.CONTENT_TOP_LEFT);
      popup.getContent().add(list);
    }
    List<Label> rows = new ArrayList<>();
    for (String r : shown) {
      Label row = new Label(r);
      row.setMnemonicParsing(false);
      if (words != null && !words.apply(r).isBlank()) {
        // A query's or an operator's words after it, muted; it alone goes into the field.
        Label muted = new Label(words.apply(r));
        muted.setMnemonicParsing(false);
        muted.getStyleClass().add("completion-words");
        row.setGraphic(muted);
        row.setContentDisplay(javafx.scene.control.ContentDisplay.RIGHT);
        row.setGraphicTextGap(10);
      }
      row.getStyleClass().add("completion-item");
      row.setMaxWidth(Double.MAX_VALUE);
      row.setOnMouseClicked(
          e -> {
            complete(r);
            e.consume();
          });
      rows.add(row);
    }
    list.getChildren().setAll(rows);
    shownText = field.getText();
    shownCaret = field.getCaretPosition();
    list.setId(field.getId() == null ? null : field.getId() + "-completion");
    highlight(0);
    chose = false;
    // Where the field is now: a form built again as the keys came (a column's name committed by
    // Tab, its type typed at once) is not laid out until the next pulse, and its field was still
    // at the form's corner: the list showed at the top of the inspector, far from the field.
    javafx.scene.Parent root = field.getScene().getRoot();
    if (root.isNeedsLayout()) {
      root.applyCss();
      root.layout();
    }
    Bounds b = field.localToScreen(field.getBoundsInLocal());
    if (b == null) {
      return;
    }
    if (!popup.isShowing()) {
      popup.show(field, b.getMinX(), b.getMaxY());
    }
    popup.setAnchorX(b.getMinX());
    // Above the field where the screen has no room below it (the field stays visible), placed
    // again as the list grows and shrinks.
    var screens = javafx.stage.Screen.getScreensForRectangle(b.getMinX(), b.getMaxY(), 1, 1);
    double bottom =
        (screens.isEmpty() ? javafx.stage.Screen.getPrimary() : screens.get(0))
            .getVisualBounds()
            .getMaxY();
    list.applyCss();
    double height = list.prefHeight(-1);
    popup.setAnchorY(
        b.getMaxY() + height > bottom && b.getMinY() - height >= 0
            ? b.getMinY() - height
            : b.getMaxY());
  }

  private void highlight(int index) {
    highlighted = index;
    for (int i = 0; i < list.getChildren().size(); i++) {
      list.getChildren().get(i).pseudoClassStateChanged(HIGHLIGHTED, i == index);
    }
  }

  private void pressed(KeyEvent e) {
    if (e.getCode() == KeyCode.BACK_SPACE || e.getCode() == KeyCode.DELETE) {
      typing();
      return;
    }
    if (whole && e.getCode() == KeyCode.SPACE && e.isControlDown()) {
      all = true;
      update();
      e.consume();
      return;
    }
    if (!showing()) {
      return;
    }
    if (!field.getText().equals(shownText) || field.getCaretPosition() != shownCaret) {
      // Keys typed faster than the list follows them (the list is brought up to date after each
      // change, and a busy moment queues the keys first): it listed what was typed before. Tab
      // after "Customer.customer_id =" typed at 30 ms a key put a stale "Customer.customer_id" in
      // place of "=" and kept the focus; what was typed for the next field went on in this one.
      update();
      if (!showing()) {
        return;
      }
    }
    switch (e.getCode()) {
      case DOWN -> {
        highlight((highlighted + 1) % shown.size());
        chose = true;
      }
      case UP -> {
        highlight((highlighted + shown.size() - 1) % shown.size());
        chose = true;
      }
      case ENTER, TAB -> {
        String chosen = shown.get(highlighted);
        String typedPart = field.getText().substring(replaceStart(), field.getCaretPosition());
        // Typed in full, or (for an operator) nothing typed nor chosen: Enter commits the field
        // (= when left out), Tab leaves it, as without the list.
        if (chosen.equals(typedPart) || (typedPart.isEmpty() && !chose)) {
          hide();
          return;
        }
        complete(chosen);
      }
      case ESCAPE -> hide();
      default -> {
        return;
      }
    }
    e.consume();
    swallow = e.getCode();
  }

  private void complete(String reference) {
    int caret = whole ? field.getLength() : field.getCaretPosition();
    int start = replaceStart();
    hide();
    field.replaceText(start, caret, reference);
    field.positionCaret(start + reference.length());
  }

  private boolean showing() {
    return popup != null && popup.isShowing() && !shown.isEmpty();
  }

  private void hide() {
    if (popup != null && popup.isShowing()) {
      popup.hide();
    }
  }

  /**
   * Lists every value of a field completed by {@link #attachValues}, as Ctrl+Space does; nothing
   * for another field, or one not focused.
   */
  static void listAll(javafx.scene.Node node) {
    if (node instanceof TextField field
        && field.getProperties().get(KEY) instanceof Completion c
        && c.whole) {
      c.all = true;
      c.update();
    }
  }

  /**
   * Where the list shows on the screen (its top-left corner), or null when it does not; for tests.
   */
  static javafx.geometry.Point2D shownAt(TextField field) {
    Completion c = (Completion) field.getProperties().get(KEY);
    return c == null || !c.showing()
        ? null
        : new javafx.geometry.Point2D(c.popup.getAnchorX(), c.popup.getAnchorY());
  }

  /** Whether the list is showing, with the references it lists; for tests. */
  static List<String> listed(TextField field) {
    Completion c = (Completion) field.getProperties().get(KEY);
    return c == null || !c.showing() ? List.of() : List.copyOf(c.shown);
  }
}
