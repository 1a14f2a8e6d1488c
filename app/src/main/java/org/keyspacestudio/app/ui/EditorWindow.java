package org.keyspacestudio.app.ui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.prefs.Preferences;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.text.Font;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import org.keyspacestudio.app.Counts;
import org.keyspacestudio.export.CqlExport;
import org.keyspacestudio.export.diagram.DiagramFonts;
import org.keyspacestudio.export.diagram.DiagramGeometry;
import org.keyspacestudio.export.diagram.DiagramSet;
import org.keyspacestudio.export.diagram.DiagramStyle;
import org.keyspacestudio.export.diagram.ImageExport;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.diagram.DiagramKind;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.edit.ConceptualEdits;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.Edits;
import org.keyspacestudio.model.edit.SchemaEdits;
import org.keyspacestudio.model.edit.WorkflowEdits;
import org.keyspacestudio.model.project.ModelFiles;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.project.ProjectFileException;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Severity;
import org.keyspacestudio.model.write.CqlWriter;

/**
 * One editor window on one {@link Document}: the diagram, the problems and CQL panes, the menus.
 * Every change goes through the document (one undo step each); the window only shows it.
 */
public final class EditorWindow {

  private static final int RECENT_LIMIT = 8;

  /** Above this many tables the CQL pane shows the selection only (a huge text area is slow). */
  private static final int WHOLE_CQL_LIMIT = 150;

  private static boolean fontsLoaded;

  private final Stage stage;
  private Document document;
  private List<Problem> readProblems = List.of();
  private Map<ElementRef, org.keyspacestudio.model.schema.SourcePosition> sourcePositions =
      Map.of();

  /**
   * Where each statement kept verbatim was read, by the statement itself (identity): a statement
   * removed, or one added, renumbers those after it, and their lines must follow them.
   */
  private final Map<
          org.keyspacestudio.model.schema.OtherStatement,
          org.keyspacestudio.model.schema.SourcePosition>
      statementPositions = new java.util.IdentityHashMap<>();

  /** The source positions of a file read, {@code schema} being what was read (null: none). */
  private void readPositions(
      Map<ElementRef, org.keyspacestudio.model.schema.SourcePosition> positions, Schema schema) {
    sourcePositions = positions;
    statementPositions.clear();
    if (schema != null) {
      var statements = schema.otherStatements();
      for (int i = 0; i < statements.size(); i++) {
        var at = positions.get(ElementRef.statement(i + 1));
        if (at != null) {
          statementPositions.put(statements.get(i), at);
        }
      }
    }
  }

  /** The source positions as they stand for a project: each kept statement's at its number now. */
  private Map<ElementRef, org.keyspacestudio.model.schema.SourcePosition> positionsNow(Project p) {
    if (statementPositions.isEmpty()) {
      return sourcePositions;
    }
    Map<ElementRef, org.keyspacestudio.model.schema.SourcePosition> out =
        new HashMap<>(sourcePositions);
    out.keySet().removeIf(ref -> ref.kind() == ElementRef.Kind.STATEMENT);
    var statements = p.schema().otherStatements();
    for (int i = 0; i < statements.size(); i++) {
      var at = statementPositions.get(statements.get(i));
      if (at != null) {
        out.put(ElementRef.statement(i + 1), at);
      }
    }
    return out;
  }

  /** One canvas per diagram, each with its own zoom, pan and selection. */
  private final Map<DiagramKind, DiagramCanvas> canvases =
      new java.util.EnumMap<>(DiagramKind.class);

  private DiagramKind current = DiagramKind.CONCEPTUAL;

  /**
   * The named diagram the logical and physical canvases show (a subset of the model with its own
   * layout), or null for the whole model.
   */
  private String named;

  private final ChoiceButton<String> diagramChoice =
      new ChoiceButton<>(n -> n == null ? WHOLE_MODEL : n, n -> n);
  private ModelBrowser browser;
  private static final String WHOLE_MODEL = "All tables";

  /** The named diagrams' chooser and its "+", enabled while a Chebotko diagram is shown. */
  private final HBox diagramChooser = new HBox();

  private final Settings settings = Settings.load();

  /** The window's smallest width, in pixels (less when the screen is smaller). */
  static final double MIN_WIDTH = 880;

  /** The window's smallest height, in pixels (less when the screen is smaller). */
  static final double MIN_HEIGHT = 560;

  /** The copy of unsaved changes a crash would leave for the next start. */
  private final Recovery recovery = new Recovery();

  /**
   * Whether this window restores and saves its place, size and dividers: false when opened fresh
   * ({@code kstudio.freshWindow}, the start-up probe), so that tests and benchmarks neither depend
   * on nor change the user's window.
   */
  private final boolean remembersWindow =
      !(Boolean.getBoolean("kstudio.freshWindow") || StartupProbe.enabled());

  /** The window's place and size as the window manager gives them; made with the scene. */
  private WindowBounds bounds;

  /** Whether the window (and the diagrams on screen) show the dark theme. */
  private boolean dark;

  /** What the desktop asked for, once known ({@link #desktopMayHaveChanged}). */
  private volatile boolean desktopDark;

  private final CheckMenuItem snapItem = new CheckMenuItem("_Snap to grid");
  private final CheckMenuItem gridItem = new CheckMenuItem("Show _grid");

  private void setSnap(boolean on) {
    settings.setSnap(on);
    snapItem.setSelected(on);
    canvases.values().forEach(c -> c.setSnap(on));
  }

  private void setGrid(boolean on) {
    settings.setGrid(on);
    gridItem.setSelected(on);
    canvases.values().forEach(c -> c.setGrid(on));
  }

  private final Map<Settings.Theme, RadioMenuItem> themeItems =
      new java.util.EnumMap<>(Settings.Theme.class);

  /** Diagrams whose canvas shows an older project than the document's. */
  private final Set<DiagramKind> stale = java.util.EnumSet.allOf(DiagramKind.class);

  private final javafx.scene.layout.StackPane canvasArea = new javafx.scene.layout.StackPane();
  private final Map<DiagramKind, javafx.scene.control.ToggleButton> diagramButtons =
      new java.util.EnumMap<>(DiagramKind.class);
  private final javafx.scene.control.ToolBar palette = new javafx.scene.control.ToolBar();
  private QueriesPane queriesPane;
  private PartitionSizesWindow sizesWindow;
  private WritePathsWindow writesWindow;
  @javafx.fxml.FXML private SplitPane mainSplit;
  @javafx.fxml.FXML private SplitPane diagramSplit;
  @javafx.fxml.FXML private TabPane bottom;
  @javafx.fxml.FXML private Tab problemsTab;
  @javafx.fxml.FXML private Tab queriesTab;
  @javafx.fxml.FXML private Tab cqlTab;
  @javafx.fxml.FXML private javafx.scene.layout.StackPane browserSlot;
  private Set<ElementRef> marked = Set.of();

  /** Those of {@link #marked} with warnings and no error: marked amber in the diagram. */
  private Set<ElementRef> markedWarningsOnly = Set.of();

  private Project validatedProject;
  private final ObservableList<Problem> problems = FXCollections.observableArrayList();

  /**
   * The errors and warnings of {@link #problems} by the box they are drawn on (the inspector's).
   */
  private Map<ElementRef, List<Problem>> problemsByBox = Map.of();

  private final TextArea cql = new TextArea();
  private final Label status = new Label();
  private final Inspector inspector;
  private final ClusterActions cluster;
  private List<Problem> validated = List.of();
  private ProjectChecks.Live liveChecks = new ProjectChecks.Live();
  private final MenuItem undoItem = new MenuItem("_Undo");
  private final MenuItem redoItem = new MenuItem("_Redo");
  private final Menu recentMenu = new Menu("Open _Recent");
  private final Map<DiagramKind, RadioMenuItem> diagramItems =
      new java.util.EnumMap<>(DiagramKind.class);

  /**
   * Opens a window on a stage.
   *
   * @param stage the stage to use
   * @param file a .cql or project file to open, or null for a new project
   */
  public EditorWindow(Stage stage, Path file) {
    this.stage = stage;
    StartupProbe.mark("editor window: start");
    loadFonts();
    StartupProbe.mark("fonts loaded");
    applyTheme(settings.theme());
    desktopMayHaveChanged();
    // Back from the desktop's settings, where the user may have turned dark mode on or off.
    stage
        .focusedProperty()
        .addListener(
            (o, was, focused) -> {
              if (focused) {
                desktopMayHaveChanged();
              }
            });
    StartupProbe.mark("theme");
    this.document = new Document(new Project(Schema.empty()), null);
    // The other diagrams' canvases are made when first shown (each holds a window-sized image).
    canvas(current).setVisible(true);
    this.inspector = new Inspector(() -> document, this::performAndShowMade);
    inspector.settleWith(this::settleSelection);
    inspector.useProblems(box -> problemsByBox.getOrDefault(box, List.of()));
    StartupProbe.mark("canvases and inspector");
    inspector.useQueryFirstPanes(this::freeSpotNear, this::select);
    inspector.useWritePaths(this::writePaths);
    this.cluster = new ClusterActions(stage, () -> document.project(), this::openPulled);
    MenuBar menus = menus();
    StartupProbe.mark("menus");
    tools = toolBar();
    StartupProbe.mark("toolbar");
    busy.setPrefSize(16, 16);
    busy.setVisible(false);
    busy.managedProperty().bind(busy.visibleProperty());
    cancelBusy.setVisible(false);
    cancelBusy.managedProperty().bind(cancelBusy.visibleProperty());
    cancelBusy.setId("cancel-busy");
    // Small, so that the status bar, which keeps room for it, stays low.
    cancelBusy.getStyleClass().add(atlantafx.base.theme.Styles.SMALL);
    status.setId("status-text");
    // The shell is EditorWindow.fxml; what code makes comes in by name.
    BorderPane root =
        Forms.load(
            "EditorWindow.fxml",
            this,
            Map.of(
                "menuBar", menus,
                "toolBar", tools,
                "diagramBar", diagramBar(),
                "canvasArea", canvasArea,
                "inspector", inspector,
                "busy", busy,
                "status", status,
                "cancelBusy", cancelBusy,
                "clusterStatus", cluster.statusNode()));
    SplitPane.setResizableWithParent(inspector, false);
    // The inspector keeps its width as the window changes, but not at the diagram's expense: in a
    // narrow window (880 pixels) it kept 430 and left the diagram 235.
    mainSplit
        .widthProperty()
        .addListener((o, was, now) -> javafx.application.Platform.runLater(this::keepDiagramRoom));
    acceptDroppedElements();
    WindowPlacement.install();
    StartupProbe.mark("shell");
    // Where it was when it last closed, if that is still on a screen; else 1280 x 860, or less on
    // a smaller screen (a laptop at 200% has 1280 x 720 to offer).
    javafx.geometry.Rectangle2D screen = javafx.stage.Screen.getPrimary().getVisualBounds();
    // Tests and the start-up benchmark measure the window as it first comes.
    Settings.WindowState last = remembersWindow ? usableWindowState(settings.windowState()) : null;
    Scene scene =
        last != null
            ? new Scene(root, last.width(), last.height())
            : new Scene(
                root,
                Math.min(1280, Math.floor(screen.getWidth() * 0.95)),
                Math.min(860, Math.floor(screen.getHeight() * 0.9)));
    // Smaller, the diagram has no room beside the browser and the inspector (at 520 x 380 it was a
    // strip 100 pixels wide); a laptop at 200 % offers 1280 x 720.
    stage.setMinWidth(Math.min(MIN_WIDTH, screen.getWidth()));
    stage.setMinHeight(Math.min(MIN_HEIGHT, screen.getHeight()));
    bounds = new WindowBounds(stage, last);
    if (last != null) {
      stage.setX(last.x());
      stage.setY(last.y());
      stage.setMaximized(last.maximized());
      mainSplit.setDividerPositions(last.dividers()[0], last.dividers()[1]);
      diagramSplit.setDividerPositions(last.dividers()[2]);
    }
    // Remembered as the window closes, whichever way (close button, File > Quit, a test).
    stage.addEventHandler(
        javafx.stage.WindowEvent.WINDOW_HIDING,
        e -> {
          saveWindowState();
          // The user was asked about unsaved changes before the window could close.
          recovery.discard();
        });
    if (StartupProbe.enabled()) {
      StartupProbe.watch(scene);
    }
    scene.getStylesheets().add(Forms.stylesheet());
    scene.setFill(themeBackground(dark));
    acceptDroppedFiles(scene);
    // Ctrl+1 is Quick Fix (Eclipse's key); Ctrl+. (VS Code's and IntelliJ's habit) does the same.
    scene.getAccelerators().put(KeyCombination.keyCombination("Shortcut+Period"), this::quickFix);
    undoThroughTextFields(scene);
    KeyboardFocus.install(scene);
    stage.setScene(scene);
    stage.setOnCloseRequest(
        e -> {
          if (!confirmDiscard()) {
            e.consume();
          }
        });
    attach(document);
    // The status bar's height before the first layout: it grew by 10 pixels after the first frame,
    // and the diagram's divider, restored against the first height, came back 3 pixels lower at
    // each start. The styles are those the first frame would apply anyway.
    root.applyCss();
    keepStatusBarHeight();
    StartupProbe.mark("window built");
    Pulses.afterNextLayout(
        scene,
        () ->
            javafx.application.Platform.runLater(
                () -> {
                  problemsTab.setContent(problemsTable());
                  browser = new ModelBrowser(browserActions());
                  browser.show(document.project());
                  browserSlot.getChildren().setAll(browser);
                  showToolIcons(tools);
                  cqlTab.setContent(cqlPane());
                  queriesTab.setContent(queriesPane());
                  warmUpLayout();
                }));
    stage.show();
    StartupProbe.mark("window shown");
    bounds.follow();
    // A file that cannot be opened leaves the window as a new project starts: the conceptual
    // diagram with its hint (the inspector kept the physical diagram's).
    if (file == null || !open(file)) {
      // Each diagram is fitted when first shown, as an opened project's are: a table the mapping
      // made from the workflow had sat at the logical diagram's very corner.
      unfitted.addAll(List.of(DiagramKind.values()));
      showDiagram(DiagramKind.CONCEPTUAL);
    }
  }

  /**
   * A saved window state if at least a 200 x 100-pixel part of its title area and content is on one
   * of today's screens (a monitor unplugged since would otherwise keep the window out of reach) and
   * fits the largest screen; else null.
   */
  private static Settings.WindowState usableWindowState(Settings.WindowState state) {
    if (state == null) {
      return null;
    }
    for (javafx.stage.Screen s : javafx.stage.Screen.getScreens()) {
      javafx.geometry.Rectangle2D b = s.getVisualBounds();
      double left = Math.max(b.getMinX(), state.x());
      double right = Math.min(b.getMaxX(), state.x() + state.width());
      double top = Math.max(b.getMinY(), state.y());
      double bottom = Math.min(b.getMaxY(), state.y() + state.height());
      if (right - left >= 200
          && bottom - top >= 100
          && state.y() >= b.getMinY() - 10
          && state.width() <= b.getWidth() + 1
          && state.height() <= b.getHeight() + 1) {
        return state;
      }
    }
    return null;
  }

  /**
   * Narrows the inspector, down to its smallest width, while the diagram has less than 40 % of the
   * window's width.
   */
  private void keepDiagramRoom() {
    double width = mainSplit.getWidth();
    double[] d = mainSplit.getDividerPositions();
    if (width <= 0 || d.length != 2 || d[1] - d[0] >= 0.4) {
      return;
    }
    double inspectorAtLeast = inspector.minWidth(-1) / width;
    double right = Math.min(d[0] + 0.4, 1 - inspectorAtLeast);
    if (right > d[1]) {
      mainSplit.setDividerPosition(1, right);
    }
  }

  /** Remembers where the window is, its size and its dividers, for the next start. */
  private void saveWindowState() {
    Scene scene = stage.getScene();
    if (!remembersWindow) {
      return;
    }
    if (scene == null || scene.getWidth() < 400 || scene.getHeight() < 300) {
      return;
    }
    double[] main = mainSplit.getDividerPositions();
    double[] diagram = diagramSplit.getDividerPositions();
    if (main.length != 2 || diagram.length != 1) {
      return;
    }
    double[] dividers = {main[0], main[1], diagram[0]};
    Settings.WindowState normal = bounds.normal();
    if (normal == null) {
      return;
    }
    // Maximized, the bounds are the ones the window comes back to when the user leaves it.
    settings.setWindowState(
        new Settings.WindowState(
            normal.x(),
            normal.y(),
            normal.width(),
            normal.height(),
            stage.isMaximized(),
            dividers));
  }

  /** Whether the CQL pane and the inspector are to follow the selection after this event. */
  private boolean selectionShowPending;

  /**
   * Has the CQL pane and the inspector show the selection once the selection has settled: a click
   * on another box removes one element and adds another, a rubber band adds many, and each change
   * would otherwise rebuild the inspector (twice a click, once for nothing selected).
   */
  private void selectionChanged() {
    // Something chosen in the diagram: the inspector shows it, not what the browser showed.
    previewed = null;
    if (selectionShowPending) {
      return;
    }
    selectionShowPending = true;
    Platform.runLater(this::settleSelection);
  }

  /**
   * Shows a selection that changed and is not shown yet, now: at the end of the event, or earlier
   * when something reads, shows or focuses the inspector (a new element's name field, an index
   * inspected beside its table).
   */
  private void settleSelection() {
    if (selectionShowPending) {
      selectionShowPending = false;
      refreshCql();
      inspector.showNow(singleSelection());
      if (browser != null) {
        // A column or field stands for its table or type there.
        List<ElementRef> shown = new ArrayList<>();
        for (ElementRef ref : canvas().selection()) {
          ElementRef box = boxOf(ref);
          shown.add(box == null ? ref : box);
        }
        browser.follow(shown);
      }
    }
  }

  /**
   * Gives the status bar, for good, the height it has while long work shows its spinner and Cancel
   * button. Were it to grow when work starts and shrink when it ends, the diagram and every list
   * above it would be resized twice: a new image for the diagram, drawn whole, and new cells for
   * the lists (measured on the 1,000-table model at 200 %: pulses of 150-280 ms while a file opened
   * in the background).
   */
  private void keepStatusBarHeight() {
    if (cancelBusy.getParent() instanceof javafx.scene.layout.Region bar) {
      bar.setMinHeight(
          bar.snappedTopInset()
              + Math.max(cancelBusy.prefHeight(-1), busy.prefHeight(-1))
              + bar.snappedBottomInset());
    }
  }

  /**
   * Loads the automatic layout's classes (ELK's) on a background thread after the first frame, so
   * that the first layout a user asks for takes a third of the time.
   */
  private static void warmUpLayout() {
    Thread warmUp =
        new Thread(org.keyspacestudio.export.diagram.AutoLayout::warmUp, "kstudio-layout-warm-up");
    warmUp.setDaemon(true);
    warmUp.setPriority(Thread.MIN_PRIORITY);
    warmUp.start();
  }

  /** The document shown (for tests and the command line). */
  public Document document() {
    return document;
  }

  /** The diagram shown now. */
  public DiagramCanvas canvas() {
    return canvas(current);
  }

  /** The canvas of one diagram, made (hidden) when first asked for. */
  DiagramCanvas canvas(DiagramKind kind) {
    DiagramCanvas made = canvases.get(kind);
    return made != null ? made : makeCanvas(kind);
  }

  /**
   * Makes a diagram's canvas, hidden, with its gestures, menus and the editor's settings (snap,
   * grid, minimap). Start-up makes only the one shown: each canvas holds an image of the window's
   * size and its tiles (26 MB at 200 % in a 1280-pixel window), drawn at its first layout.
   */
  private DiagramCanvas makeCanvas(DiagramKind kind) {
    DiagramCanvas c = new DiagramCanvas(geometry(kind), moved -> moved(kind, moved));
    c.setVisible(false);
    canvases.put(kind, c);
    if (kind.chebotko()) {
      c.setOnConnect(
          ref -> ref.kind() == ElementRef.Kind.TABLE || ref.kind() == ElementRef.Kind.VIEW,
          this::connect);
    } else {
      QueryFirstGestures.wire(this, kind, c);
    }
    c.selection()
        .addListener(
            (javafx.collections.SetChangeListener<ElementRef>)
                change -> {
                  if (kind == current) {
                    selectionChanged();
                  }
                });
    // A click in the diagram, even on its background, ends what the model browser showed.
    c.addEventFilter(
        javafx.scene.input.MouseEvent.MOUSE_PRESSED,
        e -> {
          if (previewed != null) {
            selectionChanged();
          }
        });
    c.zoomProperty().addListener((o, a, b) -> refreshStatus());
    c.setOnContextMenu(this::showCanvasMenu);
    c.setOnOpen(box -> inspector.focusName());
    c.setSnap(settings.snap());
    c.setGrid(settings.grid());
    c.setMinimap(minimapOn);
    canvasArea.getChildren().add(c);
    if (canvasArea.getWidth() > 0) {
      // Sized now, so that fitting it to the window (its first show) sees the window's size.
      canvasArea.applyCss();
      canvasArea.layout();
    }
    return c;
  }

  /** Whether the canvases show a minimap (View > Minimap). */
  private boolean minimapOn = true;

  /** Which diagram is shown. */
  public DiagramKind currentDiagram() {
    return current;
  }

  /** The inspector's stage (for the gestures). */
  Stage stage() {
    return stage;
  }

  private static void loadFonts() {
    if (!fontsLoaded) {
      Font.loadFont(DiagramFonts.open(DiagramFonts.REGULAR_TTF), 12);
      Font.loadFont(DiagramFonts.open(DiagramFonts.BOLD_TTF), 12);
      fontsLoaded = true;
    }
  }

  private void attach(Document doc) {
    this.document = doc;
    // Another project: the notes shown were of the one before.
    if (notesWindow != null) {
      notesWindow.stage().hide();
    }
    doc.defineNewKeyspacesAs(settings.newKeyspaces());
    doc.addListener(this::refresh);
    // The notes are the project's: an undone recovery or a cleared note list shows at once.
    doc.addListener(
        () -> {
          if (notesWindow != null && notesWindow.isShowing()) {
            notesWindow.update(notesSummary(), doc.project().recovery());
          }
        });
    // The file a restored copy is named after: the project's, else the script it was read from.
    Runnable keep =
        () ->
            recovery.changed(
                doc.project(), doc.file() != null ? doc.file() : importedFrom, doc.isDirty());
    doc.addListener(keep);
    keep.run();
    refresh();
  }

  /**
   * Every check's problems for the current project ({@link ProjectChecks}), computed again only
   * when what they read changed: the schema, the conceptual model, the workflow, the mapping, the
   * size figures or the query arrows (moves and the level leave them as they were). A fix that set
   * only the number of buckets, or a query arrow drawn by hand, had left the Problems table as it
   * was.
   */
  private List<Problem> validation() {
    Project p = document.project();
    Project v = validatedProject;
    if (v == null
        || p.schema() != v.schema()
        || p.conceptual() != v.conceptual()
        || p.workflow() != v.workflow()
        || p.mapping() != v.mapping()
        || p.sizing() != v.sizing()
        || !p.diagram().arrows().equals(v.diagram().arrows())) {
      validated = liveChecks.validate(p, positionsNow(p));
      validatedProject = p;
    }
    return validated;
  }

  private DiagramGeometry geometry(DiagramKind kind) {
    return geometry(kind, screenStyle());
  }

  /** The diagrams' palette on screen: the theme's. */
  private DiagramStyle screenStyle() {
    return dark ? DiagramStyle.DARK : DiagramStyle.DEFAULT;
  }

  /** A diagram drawn in a palette: the theme's on screen, the light one for exports. */
  private DiagramGeometry geometry(DiagramKind kind, DiagramStyle style) {
    Project project = document.project();
    var view = namedShown(kind);
    String viewName = view != null ? named : null;
    Made last = made.get(kind);
    if (last != null
        && last.project() == project
        && last.style() == style
        && java.util.Objects.equals(last.named(), viewName)) {
      return last.geometry();
    }
    // The on-screen palette's geometry reuses the boxes and sizes of the tables an edit did not
    // change; an export's light palette is made whole, without disturbing that memo.
    DiagramGeometry.Memo memo =
        style == screenStyle()
            ? geometryMemos.computeIfAbsent(kind, k -> new DiagramGeometry.Memo())
            : null;
    DiagramGeometry g =
        view != null
            ? DiagramGeometry.of(project, view, kind.level(), style, memo)
            : DiagramGeometry.of(project, kind, style, memo);
    made.put(kind, new Made(project, viewName, style, g));
    return g;
  }

  /** A diagram's geometry and what it was made from. */
  private record Made(
      Project project, String named, DiagramStyle style, DiagramGeometry geometry) {}

  /**
   * The last geometry made of each diagram: one edit asks for it twice (boxes without a position
   * placed, then the canvas), which on the 1,000-table model cost 20-30 ms each. A file opened in
   * the background brings its first diagram's, made off the JavaFX thread.
   */
  private final Map<DiagramKind, Made> made = new java.util.EnumMap<>(DiagramKind.class);

  /** Per diagram kind, the boxes and sizes its last on-screen geometry was made from. */
  private final Map<DiagramKind, DiagramGeometry.Memo> geometryMemos =
      new java.util.EnumMap<>(DiagramKind.class);

  /**
   * Applies a theme to every control (AtlantaFX's Primer light or dark) and to the diagrams on
   * screen; exports keep the light look unless the user asked otherwise ({@code exportLook()}).
   */
  void applyTheme(Settings.Theme theme) {
    boolean wanted =
        switch (theme) {
          case DARK -> true;
          case LIGHT -> false;
          case SYSTEM -> desktopDark;
        };
    useStylesheet(wanted);
    RadioMenuItem item = themeItems.get(theme);
    if (item != null) {
      item.setSelected(true);
    }
    if (stage.getScene() != null) {
      stage.getScene().setFill(themeBackground(wanted));
    }
    if (wanted != dark) {
      dark = wanted;
      if (document != null) {
        stale.addAll(List.of(DiagramKind.values()));
        refreshCanvas(current);
      }
      // Its plot is an image drawn in the diagrams' palette.
      if (sizesWindow != null && sizesWindow.isShowing()) {
        sizesWindow.refresh();
      }
    }
  }

  /**
   * Sets every control's stylesheet: AtlantaFX's Primer, light or dark, in its binary form (read
   * cold in 52-56 ms, where parsing the CSS took 164-228 ms). Called before the first control is
   * made, it also spares JavaFX loading Modena, its default, which a control's class would
   * otherwise load first.
   *
   * @param dark whether the dark Primer
   */
  static void useStylesheet(boolean dark) {
    String url =
        dark
            ? new atlantafx.base.theme.PrimerDark().getUserAgentStylesheetBSS()
            : new atlantafx.base.theme.PrimerLight().getUserAgentStylesheetBSS();
    if (!url.equals(javafx.application.Application.getUserAgentStylesheet())) {
      javafx.application.Application.setUserAgentStylesheet(url);
    }
  }

  /** Primer's {@code -color-bg-default}, light or dark: the window's background. */
  static javafx.scene.paint.Color themeBackground(boolean dark) {
    return dark ? javafx.scene.paint.Color.web("#0d1117") : javafx.scene.paint.Color.WHITE;
  }

  /** Whether the dark theme is on (for tests). */
  boolean darkTheme() {
    return dark;
  }

  /** Chooses a theme and remembers it. */
  void chooseTheme(Settings.Theme theme) {
    settings.setTheme(theme);
    applyTheme(theme);
    desktopMayHaveChanged();
  }

  /** Tells whether the desktop asks for dark applications; {@link DesktopTheme} unless a test. */
  private java.util.function.BooleanSupplier desktopTheme = DesktopTheme::isDark;

  /** Whether the desktop is being asked now (one question at a time). */
  private boolean askingDesktop;

  /** Answers for the desktop from now on (for tests). */
  void askDesktopWith(java.util.function.BooleanSupplier desktop) {
    desktopTheme = desktop;
  }

  /**
   * When the theme follows the desktop, asks the desktop again, off the JavaFX thread (its commands
   * take up to a second each), and switches the theme if the answer changed: at start, when the
   * user chooses Follow the desktop, and each time the window gets the focus back.
   */
  void desktopMayHaveChanged() {
    if (settings.theme() != Settings.Theme.SYSTEM || askingDesktop) {
      return;
    }
    askingDesktop = true;
    java.util.function.BooleanSupplier desktop = desktopTheme;
    Thread ask =
        new Thread(
            () -> {
              boolean d = desktop.getAsBoolean();
              Platform.runLater(
                  () -> {
                    askingDesktop = false;
                    desktopDark = d;
                    if (settings.theme() == Settings.Theme.SYSTEM && d != dark) {
                      applyTheme(Settings.Theme.SYSTEM);
                    }
                  });
            },
            "kstudio-desktop-theme");
    ask.setDaemon(true);
    ask.start();
  }

  /** The named diagram a Chebotko canvas shows, or null when it shows the whole model. */
  private org.keyspacestudio.model.diagram.NamedDiagram namedShown(DiagramKind kind) {
    if (named == null || !kind.chebotko() || document == null) {
      return null;
    }
    return document.project().diagram().named(named).orElse(null);
  }

  /** The name of the named diagram shown, or null (for the browser and tests). */
  String namedDiagram() {
    return current.chebotko() && namedShown(current) != null ? named : null;
  }

  private void refresh() {
    if (placeUnplaced()) {
      return; // The quiet replacement refreshed already.
    }
    List<Problem> all = new ArrayList<>(readProblems);
    all.addAll(validation());
    // Errors first, then warnings, then notes, each in the order found (the file's order): a file
    // with one error behind nineteen notes of statements kept verbatim showed the notes first.
    all.sort(java.util.Comparator.comparing(Problem::severity));
    problems.setAll(all);
    Set<ElementRef> withProblems = new HashSet<>();
    Set<ElementRef> withErrors = new HashSet<>();
    Map<ElementRef, List<Problem>> byBox = new HashMap<>();
    for (Problem p : all) {
      if (p.element() != null && p.severity() != Severity.INFO) {
        List<ElementRef> marks = new ArrayList<>(List.of(p.element()));
        ElementRef box = boxOf(p.element());
        if (box != null && p.element().kind() != ElementRef.Kind.COLUMN) {
          marks.add(box);
        }
        withProblems.addAll(marks);
        if (p.severity() == Severity.ERROR) {
          withErrors.addAll(marks);
        }
        if (box != null) {
          byBox.computeIfAbsent(box, b -> new ArrayList<>()).add(p);
        }
      }
    }
    marked = withProblems;
    // Amber where Cassandra would accept the statement, red where it would refuse it.
    markedWarningsOnly = new HashSet<>(withProblems);
    markedWarningsOnly.removeAll(withErrors);
    problemsByBox = byBox;
    if (named != null && document.project().diagram().named(named).isEmpty()) {
      named = null; // deleted, or its creation undone
    }
    refreshDiagramChoice();
    if (browser != null) {
      browser.show(document.project());
    }
    stale.addAll(List.of(DiagramKind.values()));
    refreshCanvas(current);
    undoItem.setText(
        document.undoDescription() == null
            ? "_Undo"
            : "_Undo " + Mnemonics.escaped(document.undoDescription()));
    undoItem.setDisable(document.undoDescription() == null);
    redoItem.setText(
        document.redoDescription() == null
            ? "_Redo"
            : "_Redo " + Mnemonics.escaped(document.redoDescription()));
    redoItem.setDisable(document.redoDescription() == null);
    Path file = document.file();
    stage.setTitle(
        (document.isDirty() ? "• " : "")
            + (file != null
                ? file.getFileName().toString()
                : importedFrom != null
                    ? importedFrom.getFileName() + (example ? " (example)" : " (imported)")
                    : "Untitled")
            + " — "
            + EditorApp.TITLE);
    refreshCql();
    refreshStatus();
    if (queriesPane != null) {
      queriesPane.show(document.project(), all);
    }
    if (sizesWindow != null && sizesWindow.isShowing()) {
      sizesWindow.refresh();
    }
    if (writesWindow != null && writesWindow.isShowing()) {
      writesWindow.refresh();
    }
    // A query, or an element chosen in the model browser and not drawn in this diagram, is shown
    // until something else is selected (renamed, under its new name); otherwise the selection is.
    ElementRef shown = inspector.shown();
    if (previewed != null && browser != null && !browser.lists(previewed)) {
      ElementRef renamed = inspector.renamedTo();
      previewed =
          renamed != null && renamed.kind() == previewed.kind() && browser.lists(renamed)
              ? renamed
              : null;
    }
    inspector.show(
        previewed != null
            ? previewed
            : shown != null && shown.kind() == ElementRef.Kind.QUERY
                ? queryStillShown(shown)
                : singleSelection());
  }

  /**
   * The query the inspector goes on showing after an edit: the one shown, or what a rename in the
   * inspector made of it; else the selection. The renamed query had passed through its task's form,
   * and the focus left the inspector (Tab from a query's new id reached the model browser).
   */
  private ElementRef queryStillShown(ElementRef shown) {
    var workflow = document.project().workflow();
    if (workflow.query(shown.object().asInternal()).isPresent()) {
      return shown;
    }
    ElementRef renamed = inspector.renamedTo();
    return renamed != null
            && renamed.kind() == ElementRef.Kind.QUERY
            && workflow.query(renamed.object().asInternal()).isPresent()
        ? renamed
        : singleSelection();
  }

  /**
   * An element chosen in the model browser that the diagram shown does not draw (or an index, drawn
   * as its table), shown in the inspector until something is chosen in the diagram or another
   * diagram is shown; null when none is.
   */
  private ElementRef previewed;

  /** Shows the document's project on a diagram's canvas, if it shows an older one. */
  private void refreshCanvas(DiagramKind kind) {
    if (stale.remove(kind)) {
      DiagramCanvas canvas = canvas(kind);
      canvas.setEmptyText(emptyDiagramText(kind));
      canvas.show(geometry(kind), marked, markedWarningsOnly);
    }
  }

  /** How to start a diagram that holds nothing yet, by kind: what the canvas says in its middle. */
  private String emptyDiagramText(DiagramKind kind) {
    Project p = document.project();
    if (kind.chebotko() && namedShown(kind) != null) {
      return "The diagram " + named + " holds no table yet: drag tables from the model browser.";
    }
    return switch (kind) {
      case CONCEPTUAL ->
          "No entity yet. Insert > Entity (Ctrl+Alt+E), then its attributes (Ctrl+Alt+A) and"
              + " relationships (Ctrl+Alt+R).\n\nOr start from an example:\nHelp > Open the"
              + " KillrVideo Example.";
      case WORKFLOW ->
          "No task yet. Insert > Task (Ctrl+Alt+T), then the queries each one runs"
              + " (Ctrl+Alt+Q).";
      default -> {
        int queries = p.workflow().queries().size();
        yield queries > 0
            ? "No table yet. Model > Map All Queries (Ctrl+M) makes the tables of the "
                + (queries == 1 ? "query" : queries + " queries")
                + "; or Insert > New Table (Ctrl+T)."
            : "No table yet. Insert > New Table (Ctrl+T), File > Open a .cql script (Ctrl+O),"
                + " or File > Open from Cluster.";
      }
    };
  }

  /**
   * Saves the positions the automatic layout gives to boxes that have none (a new import, a model
   * read without a layout), on the diagram shown, without an undo step. Returns whether it did.
   */
  private boolean placeUnplaced() {
    DiagramGeometry g = geometry(current);
    if (g.autoPlaced().isEmpty()) {
      return false;
    }
    document.replaceQuietly(placed(document.project(), current, g.autoPlaced()));
    return true;
  }

  /** A project with some boxes of the diagram shown on a canvas at new positions. */
  private Project placed(Project p, DiagramKind kind, Map<ElementRef, Point> positions) {
    if (namedShown(kind) != null) {
      return p.withDiagram(p.diagram().withNamed(named, d -> d.withPositions(positions)));
    }
    return withPositions(p, kind, positions);
  }

  /** A project with some boxes of a diagram at new positions. */
  static Project withPositions(Project p, DiagramKind kind, Map<ElementRef, Point> positions) {
    return kind.chebotko()
        ? p.withDiagram(p.diagram().withPositions(positions))
        : p.withLayout(kind, p.layout(kind).withPositions(positions));
  }

  /**
   * Shows another diagram: its canvas, its palette, its selection in the inspector; the diagram
   * takes the keyboard focus.
   */
  void showDiagram(DiagramKind kind) {
    showDiagram(kind, true);
  }

  /**
   * Shows another diagram; with {@code focus}, gives it the keyboard focus (a diagram button, a
   * menu item, Alt+1..4), else leaves the focus where it is (an element selected from the Problems
   * table, the inspector or the model browser, where the user goes on typing or moving with the
   * arrow keys).
   */
  private void showDiagram(DiagramKind kind, boolean focus) {
    if (kind != current) {
      canvas(current).setVisible(false);
      current = kind;
      canvas(kind).setVisible(true);
    }
    diagramButtons.get(kind).setSelected(true);
    RadioMenuItem item = diagramItems.get(kind);
    if (item != null) {
      item.setSelected(true);
    }
    if (!placeUnplaced()) {
      refreshCanvas(kind);
    }
    if (unfitted.remove(kind)) {
      canvas(kind).fit();
    }
    QueryFirstGestures.fillPalette(this, palette, kind);
    // Named diagrams hold tables: the chooser and "+" wait, in place, for a Chebotko diagram.
    diagramChooser.setDisable(!kind.chebotko());
    inspector.setEmptyHint(QueryFirstGestures.hint(kind), kind.chebotko());
    previewed = null;
    inspector.show(singleSelection());
    refreshCql();
    refreshStatus();
    if (focus) {
      canvas().requestFocus();
    }
  }

  /** Lists the project's named diagrams in the chooser, the one shown selected. */
  private void refreshDiagramChoice() {
    List<String> names = new ArrayList<>();
    names.add(WHOLE_MODEL);
    document.project().diagram().named().forEach(d -> names.add(d.name()));
    String selected = named == null ? WHOLE_MODEL : named;
    diagramChoice.setItems(names);
    diagramChoice.setValue(selected);
  }

  /**
   * Shows a named diagram (or, for null, all tables) on the Chebotko canvas, at the level shown
   * last (logical or physical).
   */
  void showNamed(String name) {
    named = name;
    for (DiagramKind kind : List.of(DiagramKind.LOGICAL, DiagramKind.PHYSICAL)) {
      DiagramCanvas made = canvases.get(kind);
      if (made != null) {
        made.selection().clear();
      }
    }
    stale.add(DiagramKind.LOGICAL);
    stale.add(DiagramKind.PHYSICAL);
    refreshDiagramChoice();
    DiagramKind kind =
        current.chebotko()
            ? current
            : document.project().diagram().level() == Diagram.Level.LOGICAL
                ? DiagramKind.LOGICAL
                : DiagramKind.PHYSICAL;
    showDiagram(kind);
    canvas().fit();
  }

  /** View > New Diagram: a named diagram of the selected tables, views and types (or empty). */
  private void newNamedDiagram() {
    newNamedDiagramDialog().ask().ifPresent(this::createNamed);
  }

  /** View > New Diagram's dialog, proposing a free name (for tests too). */
  NewDiagramDialog newNamedDiagramDialog() {
    var diagram = document.project().diagram();
    return new NewDiagramDialog(
        stage,
        org.keyspacestudio.model.edit.DiagramEdits.freeName(diagram, "Diagram"),
        diagram.named().stream()
            .map(org.keyspacestudio.model.diagram.NamedDiagram::name)
            .collect(java.util.stream.Collectors.toSet()),
        namedMembersOfSelection().size());
  }

  /** The tables, views and types selected on a Chebotko diagram: what a new diagram holds. */
  private List<ElementRef> namedMembersOfSelection() {
    return current.chebotko()
        ? canvas().selection().stream()
            .filter(
                e ->
                    e.kind() == ElementRef.Kind.TABLE
                        || e.kind() == ElementRef.Kind.VIEW
                        || e.kind() == ElementRef.Kind.TYPE)
            .toList()
        : List.of();
  }

  /** Creates a named diagram of the selection on a Chebotko diagram and shows it. */
  void createNamed(String name) {
    if (document.project().diagram().named(name).isPresent()) {
      status.setText("A diagram is already named '" + name + "'");
      return;
    }
    document.perform(
        org.keyspacestudio.model.edit.DiagramEdits.create(name, namedMembersOfSelection()));
    showNamed(name);
  }

  private void renameNamedDiagram() {
    String old = namedDiagram();
    if (old == null) {
      status.setText("Show one of the project's diagrams to rename it");
      return;
    }
    javafx.scene.control.TextInputDialog ask = new javafx.scene.control.TextInputDialog(old);
    ask.initOwner(stage);
    ask.setTitle("Rename Diagram");
    ask.setHeaderText(null);
    ask.setContentText("Name:");
    ask.showAndWait()
        .map(String::strip)
        .filter(n -> !n.isEmpty() && !n.equals(old))
        .ifPresent(
            n -> {
              if (document.project().diagram().named(n).isPresent()) {
                status.setText("A diagram is already named '" + n + "'");
                return;
              }
              document.perform(org.keyspacestudio.model.edit.DiagramEdits.rename(old, n));
              showNamed(n);
            });
  }

  private void deleteNamedDiagram() {
    String name = namedDiagram();
    if (name == null) {
      status.setText("Show one of the project's diagrams to delete it");
      return;
    }
    document.perform(org.keyspacestudio.model.edit.DiagramEdits.delete(name));
    showNamed(null);
    status.setText(
        "Deleted diagram '" + name + "' (the model keeps its tables; Undo brings it back)");
  }

  /** Edit > Delete from Model: the selection leaves the model and every diagram. */
  private void deleteSelectionFromModel() {
    if (!current.chebotko() || canvas().selection().isEmpty()) {
      deleteSelection();
      return;
    }
    document.perform(Edits.delete(new LinkedHashSet<>(canvas().selection())));
  }

  /** Adds elements to the named diagram shown, near a diagram point (or where there is room). */
  void addToNamed(List<ElementRef> elements, javafx.geometry.Point2D at) {
    String name = namedDiagram();
    if (name == null || elements.isEmpty()) {
      return;
    }
    Map<ElementRef, Point> placed = new java.util.HashMap<>();
    if (at != null) {
      double y = at.getY();
      for (ElementRef e : elements) {
        placed.put(e, new Point(Math.round(at.getX()), Math.round(y)));
        y += 40;
      }
    }
    document.perform(org.keyspacestudio.model.edit.DiagramEdits.add(name, elements, placed));
    canvas().selection().clear();
    elements.forEach(canvas().selection()::add);
  }

  private ModelBrowser.Actions browserActions() {
    return new ModelBrowser.Actions() {
      @Override
      public void open(ElementRef element) {
        if (namedShown(current) != null
            && !namedShown(current).contains(boxOf(element) == null ? element : boxOf(element))
            && element.kind() != ElementRef.Kind.QUERY) {
          showNamed(null); // not in this diagram: show it among all tables
        }
        select(element);
        if (element.kind() == ElementRef.Kind.INDEX) {
          inspector.show(element); // an index has no box: its table is shown, the index inspected
        }
        if (element.kind() != ElementRef.Kind.QUERY) {
          // Opened from the browser (double-click, Enter): the keyboard goes with it to the
          // diagram, as from an outline to its editor.
          canvas().requestFocus();
        }
      }

      @Override
      public void preview(ElementRef element) {
        ElementRef box = boxOf(element);
        boolean drawn =
            box != null
                && element.kind() != ElementRef.Kind.QUERY
                && canvas().geometry() != null
                && canvas().geometry().box(box) != null;
        if (drawn) {
          // Drawn here: selected in the diagram and scrolled into view, as a click on it does;
          // the keyboard stays in the tree. An index is drawn as its table, and inspected.
          canvas().reveal(box);
          if (!box.equals(element)) {
            inspector.show(element);
            previewed = element;
          }
          return;
        }
        inspector.show(element);
        previewed = element;
      }

      @Override
      public String namedDiagramShown() {
        return namedDiagram();
      }

      @Override
      public void addToDiagram(List<ElementRef> elements) {
        addToNamed(elements, null);
      }

      @Override
      public void deleteFromModel(List<ElementRef> elements) {
        Set<ElementRef> all = new LinkedHashSet<>(elements);
        List<ElementRef> schema =
            all.stream()
                .filter(
                    e ->
                        e.kind() == ElementRef.Kind.TABLE
                            || e.kind() == ElementRef.Kind.VIEW
                            || e.kind() == ElementRef.Kind.TYPE
                            || e.kind() == ElementRef.Kind.INDEX)
                .toList();
        List<ElementRef> conceptual =
            all.stream()
                .filter(
                    e ->
                        e.kind() == ElementRef.Kind.ENTITY
                            || e.kind() == ElementRef.Kind.RELATIONSHIP)
                .toList();
        List<ElementRef> workflow =
            all.stream()
                .filter(e -> e.kind() == ElementRef.Kind.TASK || e.kind() == ElementRef.Kind.QUERY)
                .toList();
        List<Document.Edit> edits = new ArrayList<>();
        if (!schema.isEmpty()) {
          edits.add(Edits.delete(new LinkedHashSet<>(schema)));
        }
        if (!conceptual.isEmpty()) {
          edits.add(ConceptualEdits.delete(new LinkedHashSet<>(conceptual)));
        }
        if (!workflow.isEmpty()) {
          edits.add(WorkflowEdits.delete(new LinkedHashSet<>(workflow)));
        }
        // One undo step, whatever kinds were chosen together.
        document.perform(
            edits.size() == 1
                ? edits.get(0)
                : Document.Edit.all("Delete " + all.size() + " elements", edits));
      }
    };
  }

  /** Tables, views and types dragged from the browser onto a named diagram join it there. */
  private void acceptDroppedElements() {
    canvasArea.setOnDragOver(
        e -> {
          if (e.getDragboard().hasContent(ModelBrowser.ELEMENTS) && namedDiagram() != null) {
            e.acceptTransferModes(javafx.scene.input.TransferMode.COPY);
            e.consume();
          }
        });
    canvasArea.setOnDragDropped(
        e -> {
          if (e.getDragboard().hasContent(ModelBrowser.ELEMENTS) && namedDiagram() != null) {
            javafx.geometry.Point2D local = canvas().sceneToLocal(e.getSceneX(), e.getSceneY());
            addToNamed(browser.dragged(), canvas().toDiagram(local.getX(), local.getY()));
            e.setDropCompleted(true);
            e.consume();
          }
        });
  }

  /**
   * On a named diagram, an edit that adds boxes to the model also puts them on the diagram shown,
   * where the edit placed them (the automatic layout places those it gave no place, such as the
   * table a fix makes): one undo step.
   */
  private org.keyspacestudio.model.edit.Document.Edit joiningShown(
      org.keyspacestudio.model.edit.Document.Edit edit) {
    String name = namedDiagram();
    if (name == null) {
      return edit;
    }
    return new org.keyspacestudio.model.edit.Document.Edit(
        edit.description(),
        p -> {
          Project after = edit.change().apply(p);
          Map<ElementRef, Point> added = new java.util.HashMap<>(after.diagram().positions());
          added.keySet().removeAll(p.diagram().positions().keySet());
          java.util.Set<ElementRef> joined = new java.util.LinkedHashSet<>(added.keySet());
          joined.addAll(addedBoxes(p, after));
          if (joined.isEmpty() || after.diagram().named(name).isEmpty()) {
            return after;
          }
          return after.withDiagram(
              after.diagram().withNamed(name, d -> d.withAdded(List.copyOf(joined), added)));
        });
  }

  /**
   * The tables, views and types an edit made: those of {@code after} that {@code before} lacks, in
   * schema order, when {@code after} has more of them (a rename makes none; an edit that changes no
   * keyspace's box count costs a count, not a walk of a 1,000-table model).
   */
  private static List<ElementRef> addedBoxes(Project before, Project after) {
    if (boxCount(after) <= boxCount(before)) {
      return List.of();
    }
    java.util.Set<ElementRef> was = new HashSet<>();
    for (Keyspace ks : before.schema().keyspaces()) {
      ks.tables().forEach(t -> was.add(ElementRef.table(ks.name(), t.name())));
      ks.views().forEach(v -> was.add(ElementRef.view(ks.name(), v.name())));
      ks.types().forEach(t -> was.add(ElementRef.type(ks.name(), t.name())));
    }
    List<ElementRef> added = new ArrayList<>();
    for (Keyspace ks : after.schema().keyspaces()) {
      ks.tables().stream()
          .map(t -> ElementRef.table(ks.name(), t.name()))
          .filter(r -> !was.contains(r))
          .forEach(added::add);
      ks.views().stream()
          .map(v -> ElementRef.view(ks.name(), v.name()))
          .filter(r -> !was.contains(r))
          .forEach(added::add);
      ks.types().stream()
          .map(t -> ElementRef.type(ks.name(), t.name()))
          .filter(r -> !was.contains(r))
          .forEach(added::add);
    }
    return added;
  }

  /**
   * Places a table or type a fix made beside the box it came from, not below every other box, where
   * the automatic layout puts a table alone; on the workflow (a query's fix from its inspector),
   * after its query arrow on the tables' diagram.
   *
   * @param inspected the element the inspector showed when the fix was pressed, or null
   */
  private void placeMade(ElementRef made, ElementRef inspected) {
    ElementRef from = inspected == null ? null : boxOf(inspected);
    if (current.chebotko()
        && from != null
        && (from.kind() == ElementRef.Kind.TABLE
            || from.kind() == ElementRef.Kind.VIEW
            || from.kind() == ElementRef.Kind.TYPE)) {
      placeBeside(made, from);
    } else {
      placeAfterItsArrow(made, current.chebotko() ? current : DiagramKind.LOGICAL);
    }
  }

  /**
   * The table a materialized view became in one edit (its fix {@code VIEW-DISABLED}: the view gone,
   * a table of its name in its keyspace), or null.
   */
  private static ElementRef viewMadeTable(Project before, Project after) {
    for (Keyspace ks : after.schema().keyspaces()) {
      Keyspace was = before.schema().keyspace(ks.name()).orElse(null);
      if (was == null || was.views().size() != ks.views().size() + 1) {
        continue;
      }
      for (var v : was.views()) {
        if (ks.view(v.name()).isEmpty()
            && ks.table(v.name()).isPresent()
            && was.table(v.name()).isEmpty()) {
          return ElementRef.table(ks.name(), v.name());
        }
      }
    }
    return null;
  }

  private static int boxCount(Project p) {
    int n = 0;
    for (Keyspace ks : p.schema().keyspaces()) {
      n += ks.tables().size() + ks.views().size() + ks.types().size();
    }
    return n;
  }

  /**
   * An edit made in the inspector (a form's change or a fix) or a fix chosen from a menu. On a
   * named diagram what it adds joins the diagram ({@link #joiningShown}); a table or type it makes
   * alone (a table of their own for the counters, a query mapped to a new table, a type a column
   * named and no keyspace defined) is placed beside the table, view or type inspected, else to the
   * right of the table its query arrow comes from (a query's fix, from its inspector or the
   * Problems table; on the tables' diagram when the workflow is shown), and, when a Chebotko
   * diagram is shown, selected and scrolled into view, so that what the fix made is seen. A query's
   * inspector stays: it lists that table among the query's.
   */
  private void performAndShowMade(org.keyspacestudio.model.edit.Document.Edit edit) {
    Project before = document.project();
    ElementRef inspected = inspector.shown();
    // A fix's button pressed in the inspector, by click or from the keyboard.
    boolean fromInspector = inspector.focusWithin();
    document.perform(placingRelationships(joiningShown(edit)));
    if (document.project() == before) {
      return;
    }
    List<ElementRef> added = addedBoxes(before, document.project());
    // A view made a table takes the view's place: it is not placed again.
    ElementRef inViewsPlace = added.isEmpty() ? viewMadeTable(before, document.project()) : null;
    if (inViewsPlace != null) {
      added = List.of(inViewsPlace);
    }
    if (added.size() == 1
        && (added.get(0).kind() == ElementRef.Kind.TABLE
            || added.get(0).kind() == ElementRef.Kind.TYPE)) {
      ElementRef made = added.get(0);
      Platform.runLater(
          () -> {
            if (inViewsPlace == null) {
              placeMade(made, inspected);
            }
            if (!current.chebotko()) {
              return;
            }
            if (inspected != null && inspected.kind() == ElementRef.Kind.QUERY) {
              // A query's inspector stays: it lists the tables that answer the query, the new
              // one too.
              return;
            }
            if (fromInspector) {
              // As Ctrl+T does: the new table selected, its form shown, the cursor in its name,
              // ready for a better one than the fix could give ("latest_videos_2"). The fix's
              // button had gone with the form it stood in.
              select(made);
              inspector.focusName();
              return;
            }
            // From a menu (Ctrl+1 on the diagram, the Problems tab's): the keyboard goes to the
            // diagram, where the new table is selected (not to the model browser, which then
            // would not follow the selection).
            canvas().requestFocus();
            select(made);
          });
    }
  }

  /**
   * Moves a table the automatic layout placed (below every other box) to the right of the table its
   * first query arrow comes from, as the layout would have placed it, in the fix's undo step (redo
   * puts it there again); nothing when no arrow from a table drawn on the diagram leads into it, or
   * when the diagram has other boxes still to be laid out (they are laid out below the boxes
   * placed).
   *
   * @param kind a Chebotko diagram, shown or not
   */
  private void placeAfterItsArrow(ElementRef table, DiagramKind kind) {
    DiagramGeometry g = geometry(kind);
    var made = g.box(table);
    if (made == null || g.autoPlaced().keySet().stream().anyMatch(r -> !r.equals(table))) {
      return;
    }
    for (var arrow : document.project().diagram().arrows()) {
      if (table.equals(arrow.to())
          && arrow.from() != null
          && !arrow.from().equals(table)
          && g.box(arrow.from()) != null) {
        Point spot =
            g.freeSpotAfter(
                arrow.from(), arrow.label(), made.bounds().getWidth(), made.bounds().getHeight());
        document.amendLastStep(placed(document.project(), kind, Map.of(table, spot)));
        return;
      }
    }
  }

  /**
   * An edit that also draws each relationship it makes between two entities (a fix's new
   * identifying relationship, which the model draws halfway between their corners) where the
   * keyboard's new relationship goes: halfway between the two boxes when there is room, else off
   * the line joining them until it overlaps nothing. Same undo step; redo draws it there too.
   */
  private org.keyspacestudio.model.edit.Document.Edit placingRelationships(
      org.keyspacestudio.model.edit.Document.Edit edit) {
    return new org.keyspacestudio.model.edit.Document.Edit(
        edit.description(),
        before -> {
          Project after = edit.change().apply(before);
          Map<ElementRef, Point> moves = new java.util.HashMap<>();
          DiagramGeometry was = null;
          for (var r : after.conceptual().relationships()) {
            ElementRef ref = ElementRef.relationship(r.name());
            if (before.conceptual().relationship(r.name()).isPresent()
                || after.conceptualLayout().position(ref) == null
                || r.ends().size() != 2) {
              continue;
            }
            if (was == null) {
              was = DiagramGeometry.of(before, DiagramKind.CONCEPTUAL, screenStyle(), null);
            }
            var a = was.box(ElementRef.entity(r.ends().get(0).entity()));
            var b = was.box(ElementRef.entity(r.ends().get(1).entity()));
            if (a != null && b != null && a != b) {
              moves.put(ref, QueryFirstGestures.between(was, a.bounds(), b.bounds()));
            }
          }
          return moves.isEmpty()
              ? after
              : after.withLayout(
                  DiagramKind.CONCEPTUAL,
                  after.layout(DiagramKind.CONCEPTUAL).withPositions(moves));
        });
  }

  /**
   * Moves a box the automatic layout placed to the nearest free place around another (the table a
   * fix made, beside the table it came from), in the fix's undo step (redo puts it there again).
   * Nothing when either is not drawn on the diagram shown.
   */
  private void placeBeside(ElementRef box, ElementRef near) {
    DiagramGeometry g = geometry(current);
    var made = g.box(box);
    if (made == null || g.box(near) == null) {
      return;
    }
    Point spot = g.freeSpotNear(near, made.bounds().getWidth(), made.bounds().getHeight());
    document.amendLastStep(placed(document.project(), current, Map.of(box, spot)));
  }

  /** The model browser (for tests). */
  ModelBrowser browser() {
    return browser;
  }

  /** The toolbar: the common actions, with Material Design icons and their shortcuts as tips. */
  private javafx.scene.control.ToolBar toolBar() {
    javafx.scene.control.ToolBar bar =
        new javafx.scene.control.ToolBar(
            tool("tool-new", "mdi2f-file-outline", "New project (Ctrl+N)", this::newProject),
            tool(
                "tool-open",
                "mdi2f-folder-open-outline",
                "Open a project or CQL file (Ctrl+O)",
                this::chooseAndOpen),
            tool("tool-save", "mdi2c-content-save-outline", "Save (Ctrl+S)", this::save),
            new javafx.scene.control.Separator(),
            tool("tool-undo", "mdi2u-undo", "Undo (Ctrl+Z)", () -> document.undo()),
            tool("tool-redo", "mdi2r-redo", "Redo (Ctrl+Shift+Z)", () -> document.redo()),
            new javafx.scene.control.Separator(),
            tool(
                "tool-zoom-in",
                "mdi2m-magnify-plus-outline",
                "Zoom in (Ctrl+=)",
                () -> canvas().zoomBy(1.25)),
            tool(
                "tool-zoom-out",
                "mdi2m-magnify-minus-outline",
                "Zoom out (Ctrl+-)",
                () -> canvas().zoomBy(0.8)),
            tool(
                "tool-fit",
                "mdi2f-fit-to-page-outline",
                "Fit to window (Ctrl+0)",
                () -> canvas().fit()),
            tool("tool-layout", "mdi2s-sitemap", "Lay out again (Ctrl+Shift+L)", this::layOutAgain),
            new javafx.scene.control.Separator(),
            tool(
                "tool-new-diagram",
                "mdi2v-view-grid-plus-outline",
                "New diagram of the selected tables (Ctrl+Alt+N)",
                this::newNamedDiagram),
            tool(
                "tool-map",
                "mdi2t-table-arrow-right",
                "Map all queries to tables (Ctrl+M)",
                this::mapAllQueries),
            tool(
                "tool-sizes",
                "mdi2c-chart-bell-curve",
                "Partition sizes (Ctrl+Shift+P)",
                this::partitionSizes),
            new javafx.scene.control.Separator(),
            tool(
                "tool-export-png",
                "mdi2i-image-outline",
                "Export the diagram as PNG (Ctrl+E)",
                () -> exportImage(ImageExport.Format.PNG, settings.exportScale())),
            tool(
                "tool-export-doc",
                "mdi2f-file-document-outline",
                "Export documentation (Ctrl+Shift+D)",
                this::exportDocumentation));
    bar.setStyle("-fx-padding: 2 6 2 6;");
    return bar;
  }

  /**
   * Puts the icons on the toolbar's buttons (after the first frame: loading the font takes time).
   */
  private static void showToolIcons(javafx.scene.control.ToolBar bar) {
    for (Node n : bar.getItems()) {
      if (n instanceof javafx.scene.control.Button b && b.getUserData() instanceof String icon) {
        org.kordamp.ikonli.javafx.FontIcon glyph = new org.kordamp.ikonli.javafx.FontIcon(icon);
        glyph.setIconSize(18);
        b.setGraphic(glyph);
      }
    }
  }

  private static javafx.scene.control.Button tool(
      String id, String icon, String tip, Runnable action) {
    // Until its icon comes, an empty square of the icon's size keeps the toolbar's height.
    javafx.scene.layout.Region placeholder = new javafx.scene.layout.Region();
    placeholder.setPrefSize(18, 18);
    placeholder.setMinSize(18, 18);
    javafx.scene.control.Button b = new javafx.scene.control.Button(null, placeholder);
    b.setUserData(icon);
    b.setId(id);
    Tips.set(b, tip);
    b.setFocusTraversable(false);
    b.getStyleClass().add("flat");
    b.setOnAction(e -> action.run());
    return b;
  }

  /** The bar above the diagram: the four diagrams, then the current one's palette. */
  private Node diagramBar() {
    javafx.scene.control.ToggleGroup group = new javafx.scene.control.ToggleGroup();
    HBox switcher = new HBox();
    switcher.getStyleClass().add("segmented");
    int n = 1;
    for (DiagramKind kind : DiagramKind.values()) {
      javafx.scene.control.ToggleButton b = new javafx.scene.control.ToggleButton(kind.title());
      b.setId("diagram-" + kind.name().toLowerCase(java.util.Locale.ROOT));
      b.setToggleGroup(group);
      Tips.set(b, kind.title() + " diagram (Alt+" + n++ + ")");
      b.setOnAction(
          e -> {
            b.setSelected(true);
            showDiagram(kind);
          });
      b.setFocusTraversable(false);
      diagramButtons.put(kind, b);
      switcher.getChildren().add(b);
    }
    diagramButtons.get(current).setSelected(true);
    diagramChoice.setId("diagram-choice");
    diagramChoice.setFocusTraversable(false);
    Tips.set(
        diagramChoice,
        "The Chebotko diagram shown: all tables, or one of the project's own diagrams");
    diagramChoice.setItems(List.of(WHOLE_MODEL));
    diagramChoice.setValue(WHOLE_MODEL);
    diagramChoice.setOnChosen(chosen -> showNamed(chosen.equals(WHOLE_MODEL) ? null : chosen));
    javafx.scene.control.Button add = new javafx.scene.control.Button("+");
    add.setId("new-diagram");
    add.setFocusTraversable(false);
    Tips.set(
        add, "New diagram of the selected tables (Ctrl+Alt+N); drag more from the model browser");
    add.setOnAction(e -> newNamedDiagram());
    HBox chooser = diagramChooser;
    chooser.getChildren().setAll(diagramChoice, add);
    chooser.setSpacing(4);
    chooser.setDisable(!current.chebotko());
    // The palette gives way (its overflow menu takes the rest), never the diagram names.
    switcher.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
    chooser.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
    palette.setMinWidth(0);
    chooser.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
    chooser.setStyle("-fx-padding: 0 0 0 12;");
    palette.setStyle("-fx-background-color: transparent; -fx-padding: 0 0 0 12;");
    HBox.setHgrow(palette, javafx.scene.layout.Priority.ALWAYS);
    HBox bar = new HBox(0, switcher, chooser, palette);
    bar.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
    bar.setStyle(
        "-fx-padding: 3 8 3 8; -fx-background-color: -color-bg-subtle; -fx-border-color: transparent"
            + " transparent -color-border-default transparent;");
    return bar;
  }

  ElementRef singleSelection() {
    return canvas().selection().size() == 1 ? canvas().selection().iterator().next() : null;
  }

  /** The text of the CQL pane (for tests). */
  String cqlText() {
    return cql.getText();
  }

  /** The problems listed (for tests). */
  List<Problem> problems() {
    return List.copyOf(problems);
  }

  /** The inspector (for tests). */
  Inspector inspector() {
    return inspector;
  }

  /**
   * Adds the query arrow drawn with the mouse, labelled with the next free Qn, selects the table
   * that answers it and puts the cursor in the new label, so typing names the query.
   */
  private void connect(ElementRef from, ElementRef to) {
    document.perform(Edits.addArrow(Edits.nextQueryLabel(document.project().diagram()), from, to));
    canvas().selection().clear();
    canvas().selection().add(to);
    inspector.focusArrow(document.project().diagram().arrows().size() - 1);
  }

  /** Asks for a label and a source, then adds a query arrow into the selected table. */
  private void addQueryArrow() {
    if (!current.chebotko()) {
      showDiagram(DiagramKind.PHYSICAL);
    }
    ElementRef target = singleSelection();
    if (target == null || target.kind() == ElementRef.Kind.TYPE) {
      error("Query arrow", "Select the table (or view) that answers the query first.");
      return;
    }
    javafx.scene.control.Dialog<ButtonType> dialog = new javafx.scene.control.Dialog<>();
    dialog.initOwner(stage);
    dialog.setTitle("Query arrow");
    dialog.setHeaderText("A query answered by " + target);
    javafx.scene.control.TextField label =
        new javafx.scene.control.TextField(Edits.nextQueryLabel(document.project().diagram()));
    label.setId("arrow-label");
    javafx.scene.control.ComboBox<String> from = new javafx.scene.control.ComboBox<>();
    from.setId("arrow-from");
    List<ElementRef> sources = new ArrayList<>();
    from.getItems().add("(entry point: the workflow starts here)");
    sources.add(null);
    canvas().geometry().boxes().stream()
        .map(b -> b.box().element())
        .filter(ref -> !ref.equals(target) && ref.kind() != ElementRef.Kind.TYPE)
        .forEach(
            ref -> {
              from.getItems().add("from " + ref);
              sources.add(ref);
            });
    from.getSelectionModel().select(0);
    javafx.scene.layout.GridPane grid = new javafx.scene.layout.GridPane();
    grid.setHgap(8);
    grid.setVgap(8);
    grid.addRow(0, new Label("Label"), label);
    grid.addRow(1, new Label("Comes"), from);
    dialog.getDialogPane().setContent(grid);
    dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
    Platform.runLater(label::requestFocus);
    dialog
        .showAndWait()
        .filter(b -> b == ButtonType.OK && !label.getText().isBlank())
        .ifPresent(
            b ->
                document.perform(
                    Edits.addArrow(
                        label.getText().strip(),
                        sources.get(from.getSelectionModel().getSelectedIndex()),
                        target)));
  }

  /**
   * Where new and pasted objects go: the selected box's keyspace, else the first named keyspace,
   * else a new keyspace {@code app}.
   */
  private CqlIdentifier targetKeyspace() {
    ElementRef near = singleSelection();
    return near != null
        ? near.keyspace()
        : document.project().schema().keyspaces().stream()
            .map(Keyspace::name)
            .filter(java.util.Objects::nonNull)
            .findFirst()
            .orElse(CqlIdentifier.of("app"));
  }

  /**
   * Where a new box goes (its top-left corner, diagram pixels): where the diagram's context menu
   * was opened, else the free place on the grid nearest to a third into the visible part of the
   * current diagram for a box of about {@code width} x {@code height} diagram pixels.
   */
  Point newBoxPoint(double width, double height) {
    return newBoxPoint(width, height, 0, 0);
  }

  /**
   * As {@link #newBoxPoint(double, double)}, keeping free the room around the box that what comes
   * with it takes: {@code aroundX} pixels left and right of it, {@code aroundY} above and below (an
   * entity's attribute ovals). A second entity made beside the first had its attributes among the
   * first's, and a relationship of the two drew its lines through their key attributes.
   *
   * @return the box's own top-left corner, diagram pixels
   */
  Point newBoxPoint(double width, double height, double aroundX, double aroundY) {
    if (menuPoint != null) {
      // Made from the diagram's context menu: where it was opened.
      return new Point(
          Math.round(menuPoint.getX() / DiagramCanvas.GRID) * DiagramCanvas.GRID,
          Math.round(menuPoint.getY() / DiagramCanvas.GRID) * DiagramCanvas.GRID);
    }
    javafx.geometry.Point2D third =
        canvas().toDiagram(canvas().getWidth() / 3, canvas().getHeight() / 3);
    // Beside the boxes already there, not on them: a second entity made with Ctrl+Alt+E hid the
    // first.
    Point room =
        canvas()
            .geometry()
            .freeSpotAt(
                Math.round(third.getX() / DiagramCanvas.GRID) * DiagramCanvas.GRID - aroundX,
                Math.round(third.getY() / DiagramCanvas.GRID) * DiagramCanvas.GRID - aroundY,
                width + 2 * aroundX,
                height + 2 * aroundY,
                2 * DiagramCanvas.GRID);
    return new Point(room.x() + aroundX, room.y() + aroundY);
  }

  /**
   * Model > Map All Queries: every query no table answers yet gets its first alternative (one
   * undoable edit), and the logical diagram shows the tables.
   */
  private void mapAllQueries() {
    if (document.project().workflow().queries().isEmpty()) {
      noQueriesToMap("Map All Queries");
      return;
    }
    Project before = document.project();
    var keyspace = org.keyspacestudio.model.mapping.Mapping.keyspace(before, null);
    Document.Edit edit = org.keyspacestudio.model.edit.MappingEdits.mapAll(keyspace);
    // Mapped in the background (else mapped again, at once, on what the project has become).
    performInBackground(
        "Mapping " + Counts.of(before.workflow().queries().size(), "query", "queries"),
        "kstudio-mapping",
        before,
        edit,
        DiagramKind.LOGICAL,
        "Cannot map the queries");
  }

  /**
   * An edit computed on a background thread from {@code before} and applied as one undoable edit:
   * its result when the project did not change meanwhile, else the edit again, at once, on what the
   * project has become. When it changes the project, {@code show} is shown, fitted.
   */
  private void performInBackground(
      String what,
      String thread,
      Project before,
      Document.Edit edit,
      DiagramKind show,
      String failure) {
    performInBackground(
        what,
        thread,
        before,
        edit,
        show,
        failure,
        p -> new Performed<Void>(edit.change().apply(p), null),
        x -> {});
  }

  /**
   * {@link #performInBackground(String, String, Project, Document.Edit, DiagramKind, String)}, the
   * edit's result and more computed together by {@code work} from {@code before}, on the background
   * thread; {@code then} takes the more on the JavaFX thread once the edit changed the project (not
   * when it changed nothing).
   */
  private <T> void performInBackground(
      String what,
      String thread,
      Project before,
      Document.Edit edit,
      DiagramKind show,
      String failure,
      java.util.function.Function<Project, Performed<T>> work,
      java.util.function.Consumer<T> then) {
    this.<Performed<T>>inBackground(
        what,
        thread,
        task -> work.apply(before),
        done -> {
          Project after = done.after();
          Document.Edit applied =
              new Document.Edit(
                  edit.description(), p -> p == before ? after : edit.change().apply(p));
          boolean changed = document.perform(applied);
          if (changed) {
            showDiagram(show);
            canvas().fit();
          }
          refreshStatus();
          if (changed) {
            then.accept(done.also());
          }
        },
        failure);
  }

  /** What {@link #performInBackground} computed: the project after the edit, and the rest. */
  private record Performed<T>(Project after, T also) {}

  /**
   * Model > Map Again: after the models changed, what mapping again changes (tables added, removed,
   * changed), applied as the user chooses, keeping their edits to tables unless they say otherwise.
   */
  void mapAgain() {
    if (document.project().workflow().queries().isEmpty()) {
      noQueriesToMap("Map Again");
      return;
    }
    Project before = document.project();
    var keyspace = org.keyspacestudio.model.mapping.Mapping.keyspace(before, null);
    this.<org.keyspacestudio.model.mapping.Remap.Plan>inBackground(
        "Mapping the queries again",
        "kstudio-mapping",
        task -> org.keyspacestudio.model.mapping.Remap.plan(before, keyspace),
        plan -> {
          refreshStatus();
          if (document.project() != before) {
            status.setText("The model changed while mapping: choose Map Again once more");
            return;
          }
          Document.Edit edit = MapAgainDialog.ask(stage, plan);
          if (edit != null && document.perform(edit)) {
            showDiagram(DiagramKind.LOGICAL);
            showChanged(before, plan);
          }
        },
        "Cannot map the queries again");
  }

  /**
   * Says that mapping needs queries and how to draw them, and takes the user there: to the workflow
   * diagram, or (an empty project) to the KillrVideo example. Not an error: the workflow is simply
   * not drawn yet (it was an error alert, a red cross and OK).
   *
   * @param title the command asked for, the dialog's title
   */
  private void noQueriesToMap(String title) {
    boolean empty = document.project().conceptual().entities().isEmpty();
    ButtonType workflow = new ButtonType("Show the Workflow", ButtonBar.ButtonData.OK_DONE);
    ButtonType example = new ButtonType("Open the KillrVideo Example", ButtonBar.ButtonData.OTHER);
    Alert alert = new Alert(Alert.AlertType.INFORMATION);
    alert.initOwner(stage);
    alert.setTitle(title);
    alert.setHeaderText("No queries to map yet");
    alert.setContentText(
        "Mapping makes, for each query of the workflow, the table that answers it."
            + (empty
                ? " Draw the entities the queries speak of first (Alt+1: Insert > Entity,"
                    + " Ctrl+Alt+E), then the workflow's tasks (Alt+2: Ctrl+Alt+T) and the queries"
                    + " each one runs (Ctrl+Alt+Q)."
                : " Draw the workflow's tasks (Insert > Task, Ctrl+Alt+T) and the queries each one"
                    + " runs (Insert > Query, Ctrl+Alt+Q)."));
    alert.getDialogPane().setId("no-queries");
    alert
        .getButtonTypes()
        .setAll(
            empty
                ? List.of(example, workflow, ButtonType.CLOSE)
                : List.of(workflow, ButtonType.CLOSE));
    if (empty) {
      // As wide as its words: the bar's uniform size cut it to "Open the KillrVideo E...".
      ButtonBar.setButtonUniformSize(alert.getDialogPane().lookupButton(example), false);
    }
    // A schema without models (an imported .cql file): its tables imply them.
    var keyspace = org.keyspacestudio.model.edit.ReverseEdits.keyspaceOf(document.project());
    ButtonType recover = new ButtonType("Recover Models", ButtonBar.ButtonData.LEFT);
    if (org.keyspacestudio.model.edit.ReverseEdits.refusal(document.project(), keyspace) == null) {
      alert.getButtonTypes().add(0, recover);
      alert.setContentText(
          alert.getContentText()
              + "\n\nOr recover them from the tables: an entity or relationship per kind of row,"
              + " a query per table and the mapping between them, which you then correct.");
      for (ButtonType b : alert.getButtonTypes()) {
        ButtonBar.setButtonUniformSize(alert.getDialogPane().lookupButton(b), false);
      }
      alert.getDialogPane().setMinWidth(800);
    }
    ButtonType chosen = alert.showAndWait().orElse(ButtonType.CLOSE);
    if (chosen == workflow) {
      showDiagram(DiagramKind.WORKFLOW);
    } else if (chosen == example) {
      openExample();
    } else if (chosen == recover) {
      recoverModels();
    }
  }

  /**
   * Model > Recover Models from Tables: for a schema without query-first models (an imported .cql
   * file), the conceptual model, a query per table and the mapping its tables imply, as one
   * undoable edit; the conceptual diagram is shown. Refused, with why, when the project has models
   * already.
   */
  void recoverModels() {
    Project before = document.project();
    var keyspace = org.keyspacestudio.model.edit.ReverseEdits.keyspaceOf(before);
    String refusal = org.keyspacestudio.model.edit.ReverseEdits.refusal(before, keyspace);
    if (refusal != null) {
      Alert alert = new Alert(Alert.AlertType.INFORMATION, refusal, ButtonType.CLOSE);
      alert.initOwner(stage);
      alert.setTitle("Recover Models from Tables");
      alert.setHeaderText("Nothing to recover");
      alert.getDialogPane().setId("recover-refused");
      alert.showAndWait();
      return;
    }
    Document.Edit edit = org.keyspacestudio.model.edit.ReverseEdits.recover(keyspace);
    // Recovered in the background (1,600 tables and 800 SELECTs: 186 ms with their checks), with
    // its notes: then shown beside the conceptual diagram, for the user to check each guess.
    performInBackground(
        "Recovering the models of " + Counts.of(before.schema().tableCount(), "table", "tables"),
        "kstudio-recovery",
        before,
        edit,
        DiagramKind.CONCEPTUAL,
        "Cannot recover the models",
        p -> {
          var recovered = org.keyspacestudio.model.edit.ReverseEdits.recovered(p, keyspace);
          // Read once: the project the edit gives and the notes come from the same reading.
          return recovered == null
              ? new Performed<>(p, null)
              : new Performed<>(recovered.project(), recovered.models());
        },
        r -> {
          recoveryNotes();
          besideTheDiagram(notesWindow, true);
        });
  }

  /**
   * Puts a tool window just shown where it leaves the largest part of the diagram free ({@link
   * OutOfTheWay}); with {@code fit}, fits the diagram into that part (after a recovery, the
   * recovered conceptual model beside its notes).
   */
  private void besideTheDiagram(ToolWindow window, boolean fit) {
    javafx.geometry.Rectangle2D free = offTheDiagram(window, true);
    if (fit && free != null) {
      canvas().fit(free.getMinX(), free.getMinY(), free.getWidth(), free.getHeight());
    }
  }

  /**
   * Moves a showing tool window where it leaves the largest part of the diagram free ({@link
   * OutOfTheWay}).
   *
   * @param justShown whether the window was just shown: it may be made smaller, down to its least
   *     size, to leave half of the diagram free, and its place and size are kept through the window
   *     manager's first mapping ({@link WindowPlacement#placeAt}); else the editor only moves it,
   *     and any watch of its place ends ({@link WindowPlacement#settled})
   * @return the part of the diagram it leaves free, in the canvas's pixels; null when it leaves
   *     none, or the window or the diagram is not on screen
   */
  private javafx.geometry.Rectangle2D offTheDiagram(ToolWindow window, boolean justShown) {
    DiagramCanvas canvas = canvas();
    javafx.geometry.Bounds pane = canvas.localToScreen(canvas.getLayoutBounds());
    if (pane == null || !window.isShowing()) {
      return null;
    }
    Stage stage = window.stage();
    OutOfTheWay.Placement placed = outOfTheWay(window, pane, justShown);
    if (justShown) {
      WindowPlacement.placeAt(stage, placed.x(), placed.y(), placed.width(), placed.height());
    } else {
      WindowPlacement.settled(stage);
      stage.setX(placed.x());
      stage.setY(placed.y());
    }
    javafx.geometry.Rectangle2D free = placed.free();
    return free == null
        ? null
        : new javafx.geometry.Rectangle2D(
            free.getMinX() - pane.getMinX(),
            free.getMinY() - pane.getMinY(),
            free.getWidth(),
            free.getHeight());
  }

  /**
   * Where a tool window leaves the most of the diagram on screen ({@code pane}) free; just shown,
   * it may be made smaller to leave half of it free ({@link OutOfTheWay#opening}).
   */
  private static OutOfTheWay.Placement outOfTheWay(
      ToolWindow tool, javafx.geometry.Bounds pane, boolean justShown) {
    Stage window = tool.stage();
    javafx.geometry.Rectangle2D bounds =
        new javafx.geometry.Rectangle2D(
            window.getX(), window.getY(), window.getWidth(), window.getHeight());
    var screens = javafx.stage.Screen.getScreensForRectangle(bounds);
    javafx.geometry.Rectangle2D screen =
        (screens.isEmpty() ? javafx.stage.Screen.getPrimary() : screens.get(0)).getVisualBounds();
    javafx.geometry.Rectangle2D diagram =
        new javafx.geometry.Rectangle2D(
            pane.getMinX(), pane.getMinY(), pane.getWidth(), pane.getHeight());
    return justShown
        ? OutOfTheWay.opening(diagram, bounds, screen, tool.leastWidth(), tool.leastHeight())
        : OutOfTheWay.place(diagram, bounds, screen);
  }

  private static final String NO_RECOVERY =
      "No models were recovered from this project's tables yet (Model > Recover Models from"
          + " Tables), or their notes were cleared.";

  private RecoveryNotesWindow notesWindow;

  /** The sentence above the notes: what the recovery recovered, else that there are none. */
  private String notesSummary() {
    var notes = document.project().recovery();
    return notes.isEmpty() ? NO_RECOVERY : notes.summary();
  }

  /**
   * Model > Recovery Notes: the guesses of the last Recover Models from Tables (kept in the
   * project), each selecting the tables it names in the Chebotko diagram.
   */
  void recoveryNotes() {
    boolean first = notesWindow == null;
    if (first) {
      notesWindow =
          new RecoveryNotesWindow(
              stage,
              () -> document,
              refs -> showTables(refs, notesWindow),
              () -> document.perform(org.keyspacestudio.model.edit.ReverseEdits.clearNotes()));
    }
    notesWindow.show(notesSummary(), document.project().recovery());
    if (first) {
      // Opened the first time beside the diagram, which stays as the user had it; after that,
      // where the user put it.
      besideTheDiagram(notesWindow, false);
    }
  }

  /** The Recovery Notes window, or null before it first opened (for tests). */
  RecoveryNotesWindow notesWindow() {
    return notesWindow;
  }

  /**
   * Selects the tables Map Again added or changed, the first scrolled into view and in the
   * inspector: what changed is where the user looks next (the inspector went blank).
   */
  private void showChanged(Project before, org.keyspacestudio.model.mapping.Remap.Plan plan) {
    List<ElementRef> changed = new ArrayList<>();
    for (var c : plan.effective()) {
      Optional<org.keyspacestudio.model.schema.Table> now = tableOf(document.project(), c.table());
      if (now.isPresent() && !now.equals(tableOf(before, c.table()))) {
        changed.add(c.table());
      }
    }
    if (changed.isEmpty()) {
      return;
    }
    canvas().reveal(changed.get(0));
    canvas().selection().addAll(changed);
  }

  private static Optional<org.keyspacestudio.model.schema.Table> tableOf(
      Project p, ElementRef ref) {
    return p.schema().keyspace(ref.keyspace()).flatMap(k -> k.table(ref.object()));
  }

  /** Model > Partition Sizes: the window, on the selected table when one is selected. */
  void partitionSizes() {
    boolean first = sizesWindow == null;
    if (first) {
      sizesWindow =
          new PartitionSizesWindow(
              stage, () -> document, edit -> document.perform(edit), this::screenStyle);
    }
    ElementRef selected = singleSelection();
    sizesWindow.show(
        selected != null && selected.kind() == ElementRef.Kind.TABLE ? selected : null);
    if (first) {
      besideTheDiagram(sizesWindow, false);
    }
  }

  PartitionSizesWindow sizesWindow() {
    return sizesWindow;
  }

  /**
   * Model > Write Paths: the window, on the selected entity or relationship, or on the one whose
   * rows the selected table holds.
   */
  void writePaths() {
    ElementRef selected = singleSelection();
    String focus = null;
    if (selected != null
        && (selected.kind() == ElementRef.Kind.ENTITY
            || selected.kind() == ElementRef.Kind.RELATIONSHIP)) {
      focus = selected.object().asInternal();
    } else if (selected != null && selected.kind() == ElementRef.Kind.TABLE) {
      focus =
          org.keyspacestudio.model.writes.WritePaths.of(document.project())
              .rows(selected)
              .map(r -> r.rowOwner() == null ? null : writerOf(r.rowOwner()))
              .orElse(null);
    }
    writePaths(focus, null);
  }

  /** The entity or relationship an owner name writes as: a role's entity, else the name. */
  private String writerOf(String owner) {
    return document.project().conceptual().roleEntity(owner).map(e -> e.name()).orElse(owner);
  }

  /** The Write Paths window, on an entity or relationship and one of its writes (may be null). */
  void writePaths(String owner, String write) {
    boolean first = writesWindow == null;
    if (first) {
      writesWindow =
          new WritePathsWindow(
              stage,
              () -> document,
              edit -> document.perform(edit),
              () -> validated,
              refs -> showTables(refs, writesWindow));
    }
    writesWindow.show(owner, write);
    if (first) {
      // The first time beside the diagram (as Recovery Notes); then where the user put it.
      besideTheDiagram(writesWindow, false);
    }
  }

  WritePathsWindow writesWindow() {
    return writesWindow;
  }

  /**
   * Shows tables selected in the Chebotko diagram (the one shown, else the logical one), zoomed to
   * them, the editor's window in front. The tool window asking stays in front of it (it is owned by
   * it): it is moved where it leaves the largest part of the diagram free ({@link OutOfTheWay}),
   * and the tables are fitted into that part.
   *
   * @param tables the tables and views to select
   * @param from the tool window asking, or null
   */
  void showTables(Set<ElementRef> tables, ToolWindow from) {
    showDiagram(current.chebotko() ? current : DiagramKind.LOGICAL, false);
    DiagramCanvas canvas = canvas();
    canvas.selection().clear();
    canvas.selection().addAll(tables);
    javafx.geometry.Rectangle2D free = from == null ? null : offTheDiagram(from, false);
    if (free == null) {
      canvas.fitSelection();
    } else {
      canvas.fitSelection(free.getMinX(), free.getMinY(), free.getWidth(), free.getHeight());
    }
    stage.toFront();
  }

  /** Insert > New Table, from the palette. */
  void newTableAction() {
    newTable(false);
  }

  /** Insert > New Type, from the palette. */
  void newTypeAction() {
    newTable(true);
  }

  private void newTable(boolean type) {
    if (!current.chebotko()) {
      showDiagram(DiagramKind.PHYSICAL);
    }
    CqlIdentifier keyspace = targetKeyspace();
    Point at = type ? newBoxPoint(200, 70) : newBoxPoint(240, 90);
    var before = new HashSet<>(document.project().diagram().positions().keySet());
    document.perform(
        joiningShown(
            type
                ? SchemaEdits.addType(keyspace, "new_type", at)
                : SchemaEdits.addTable(keyspace, "new_table", at)));
    document.project().diagram().positions().keySet().stream()
        .filter(ref -> !before.contains(ref))
        .findFirst()
        .ifPresent(
            ref -> {
              canvas().selection().clear();
              canvas().selection().add(ref);
              inspector.focusName();
            });
  }

  private void refreshStatus() {
    long errors = problems.stream().filter(p -> p.severity() == Severity.ERROR).count();
    long warnings = problems.stream().filter(p -> p.severity() == Severity.WARNING).count();
    Project p = document.project();
    String counts =
        switch (current) {
          case CONCEPTUAL ->
              Counts.of(p.conceptual().entities().size(), "entity", "entities")
                  + "  ·  "
                  + Counts.of(
                      p.conceptual().relationships().size(), "relationship", "relationships");
          case WORKFLOW ->
              Counts.of(p.workflow().tasks().size(), "task", "tasks")
                  + "  ·  "
                  + Counts.of(p.workflow().queries().size(), "query", "queries");
          default -> physicalCounts(p, namedShown(current) != null ? named : null);
        };
    status.setText(
        counts
            + "  ·  "
            + Counts.of(errors, "error", "errors")
            + "  ·  "
            + Counts.of(warnings, "warning", "warnings")
            + "  ·  "
            + Math.round(canvas().zoomProperty().get() * 100)
            + "%");
  }

  private void refreshCql() {
    Schema schema = document.project().schema();
    if (canvas().selection().isEmpty() || !current.chebotko()) {
      cql.setText(
          schema.tableCount() <= WHOLE_CQL_LIMIT
              ? CqlWriter.write(schema)
              : "-- "
                  + schema.tableCount()
                  + " tables: select some to see their CQL,"
                  + " or use File > Export > CQL for all of it.");
      return;
    }
    cql.setText(selectionCql());
  }

  /**
   * The status bar's count of tables and materialized views ({@code "12 tables · 2 views"}, no
   * views part when there are none); for a named diagram, how many of each it shows ({@code
   * "orders: 3 of 12 tables · 1 of 2 views"}).
   */
  private String physicalCounts(Project p, String diagram) {
    long tables = p.schema().tableCount();
    long views = p.schema().keyspaces().stream().mapToLong(k -> k.views().size()).sum();
    if (diagram == null) {
      return Counts.of(tables, "table", "tables")
          + (views == 0 ? "" : "  ·  " + Counts.of(views, "view", "views"));
    }
    var boxes = canvas().geometry().boxes();
    long shownTables =
        boxes.stream().filter(b -> b.box().element().kind() == ElementRef.Kind.TABLE).count();
    long shownViews =
        boxes.stream().filter(b -> b.box().element().kind() == ElementRef.Kind.VIEW).count();
    return diagram
        + ": "
        + shownTables
        + " of "
        + Counts.of(tables, "table", "tables")
        + (views == 0 ? "" : "  ·  " + shownViews + " of " + Counts.of(views, "view", "views"));
  }

  /** The CQL of the selected tables, views and types, with their indexes. */
  private String selectionCql() {
    Schema schema = document.project().schema();
    StringBuilder out = new StringBuilder();
    for (ElementRef ref : canvas().selection()) {
      Optional<Keyspace> ks = schema.keyspace(ref.keyspace());
      if (ks.isEmpty()) {
        continue;
      }
      String statement =
          switch (ref.kind()) {
            case TABLE ->
                ks.get()
                    .table(ref.object())
                    .map(t -> CqlWriter.createTable(ref.keyspace(), t))
                    .orElse("");
            case VIEW ->
                ks.get()
                    .view(ref.object())
                    .map(
                        v ->
                            CqlWriter.createView(
                                ref.keyspace(), v, ks.get().table(v.baseTable()).orElse(null)))
                    .orElse("");
            case TYPE ->
                ks.get()
                    .type(ref.object())
                    .map(t -> CqlWriter.createType(ref.keyspace(), t))
                    .orElse("");
            default -> "";
          };
      if (!statement.isEmpty()) {
        out.append(out.length() > 0 ? "\n\n" : "").append(statement);
      }
      for (var index : ks.get().indexesOn(ref.object())) {
        out.append("\n\n").append(CqlWriter.createIndex(ref.keyspace(), index));
      }
    }
    return out.toString();
  }

  private void moved(DiagramKind kind, Map<ElementRef, Point> positions) {
    if (namedShown(kind) != null) {
      document.perform(org.keyspacestudio.model.edit.DiagramEdits.move(named, positions));
    } else {
      document.perform(Edits.moveBoxes(kind, positions));
    }
  }

  private static final KeyCombination UNDO = KeyCombination.keyCombination("Shortcut+Z");
  private static final KeyCombination REDO = KeyCombination.keyCombination("Shortcut+Shift+Z");
  private static final KeyCombination REDO_Y = KeyCombination.keyCombination("Shortcut+Y");

  /**
   * Ctrl+Z in a text field undoes what was typed in it; with nothing typed to undo, it undoes the
   * model's last edit, as the Edit menu does (and Ctrl+Shift+Z, Ctrl+Y redo). The field took the
   * keys and did nothing: after a quick fix, the relationship's name field kept the keyboard and
   * Ctrl+Z did not undo the fix.
   */
  private void undoThroughTextFields(Scene scene) {
    scene.addEventFilter(
        javafx.scene.input.KeyEvent.KEY_PRESSED,
        e -> {
          if (!(scene.getFocusOwner() instanceof javafx.scene.control.TextInputControl field)) {
            return;
          }
          if (UNDO.match(e) && !field.isUndoable() && document.undoDescription() != null) {
            e.consume();
            document.undo();
          } else if ((REDO.match(e) || REDO_Y.match(e))
              && !field.isRedoable()
              && document.redoDescription() != null) {
            e.consume();
            document.redo();
          }
        });
  }

  // ---------------------------------------------------------------------------------------------
  // Panes

  private TableView<Problem> problemsTable() {
    TableView<Problem> table = new TableView<>(problems);
    Label none =
        new Label(
            "No problems: the models hold together and Cassandra 5.0 would accept the schema.");
    // Wrapped in a narrow pane rather than cut.
    none.setWrapText(true);
    none.setStyle("-fx-padding: 0 16 0 16;");
    table.setPlaceholder(none);
    // What a user reads first comes first: the message, as wide as the pane in a 1280-pixel
    // window, its whole text (and the rule's) in its tip; then where the problem is, and its rule.
    TableColumn<Problem, String> severity = column("Severity", 92, p -> p.severity().label());
    // Sorted by what the node will do (error, warning, info), not alphabetically.
    severity.setComparator(
        java.util.Comparator.comparing(
            label -> Severity.valueOf(label.toUpperCase(java.util.Locale.ROOT))));
    table.getColumns().add(severity);
    TableColumn<Problem, String> message = column("Message", 560, Problem::message);
    message.setCellFactory(
        c ->
            new javafx.scene.control.TableCell<>() {
              /** "Fix", before the message of a problem that has fixes: a click lists them. */
              private javafx.scene.control.Hyperlink fix;

              @Override
              protected void updateItem(String text, boolean empty) {
                super.updateItem(text, empty);
                Problem p = empty ? null : getTableRow().getItem();
                setGraphic(p == null ? null : fixLink(p));
                // A statement the parser could not read has no element to show: where it is
                // comes first (the Source column, with the file's name, is off to the right).
                String where =
                    p == null || p.element() != null || p.position() == null
                        ? ""
                        : "line " + p.position().line() + ", column " + p.position().column();
                setText(empty ? null : where.isEmpty() ? text : where + ": " + text);
                Tips.set(
                    this,
                    p == null
                        ? null
                        : p.rule().id()
                            + ": "
                            + (where.isEmpty() ? "" : sourceOf(p) + ": ")
                            + p.message());
              }

              /** The cell's Fix link for a problem, or null when it has no fix. */
              private javafx.scene.control.Hyperlink fixLink(Problem p) {
                List<org.keyspacestudio.model.edit.Fix> fixes =
                    org.keyspacestudio.model.edit.QuickFixes.of(
                        document.project(), p, document.newKeyspaces());
                if (fixes.isEmpty()) {
                  return null;
                }
                if (fix == null) {
                  fix = new javafx.scene.control.Hyperlink();
                  fix.getStyleClass().add("problem-fix");
                  fix.setFocusTraversable(false);
                }
                fix.setText(fixes.size() == 1 ? "Fix" : fixes.size() + " fixes");
                Tips.set(
                    fix,
                    String.join(
                        "\n",
                        fixes.stream().map(org.keyspacestudio.model.edit.Fix::label).toList()));
                fix.setOnAction(
                    e -> {
                      fix.setVisited(false);
                      table.getSelectionModel().select(p);
                      javafx.scene.control.ContextMenu list =
                          new javafx.scene.control.ContextMenu();
                      fillFixes(list, p);
                      list.show(fix, javafx.geometry.Side.BOTTOM, 0, 0);
                    });
                return fix;
              }
            });
    table.getColumns().add(message);
    // The message fills what the severity leaves of the pane (the vertical scroll bar's room
    // kept); the other columns follow to the right. Resizing the pane sizes it again.
    table
        .widthProperty()
        .addListener((o, was, now) -> message.setPrefWidth(Math.max(360, now.doubleValue() - 110)));
    table
        .getColumns()
        .add(column("Element", 220, p -> p.element() == null ? "" : p.element().toString()));
    table.getColumns().add(column("Rule", 190, p -> p.rule().id()));
    table.getColumns().add(column("Source", 160, EditorWindow::sourceOf));
    table
        .getSelectionModel()
        .selectedItemProperty()
        .addListener(
            (o, a, problem) -> {
              if (problem != null && problem.element() != null) {
                select(problem.element(), false);
              }
            });
    // Quick fixes: the problem's context menu (right-click), or Edit > Quick Fix (Ctrl+1, Ctrl+.).
    javafx.scene.control.ContextMenu menu = new javafx.scene.control.ContextMenu();
    menu.setOnShowing(e -> fillFixes(menu, table.getSelectionModel().getSelectedItem()));
    table.setContextMenu(menu);
    problemsView = table;
    return table;
  }

  private TableView<Problem> problemsView;

  /** The fixes of a problem as menu items, each one undo step; a note when there is none. */
  private void fillFixes(javafx.scene.control.ContextMenu menu, Problem problem) {
    menu.getItems().clear();
    List<org.keyspacestudio.model.edit.Fix> fixes =
        problem == null
            ? List.of()
            : org.keyspacestudio.model.edit.QuickFixes.of(
                document.project(), problem, document.newKeyspaces());
    for (var fix : fixes) {
      MenuItem item = new MenuItem("Fix: " + fix.label());
      item.setMnemonicParsing(false);
      item.setOnAction(e -> performAndShowMade(fix.edit()));
      menu.getItems().add(item);
    }
    if (fixes.isEmpty()) {
      MenuItem none =
          new MenuItem(problem == null ? "Select a problem first" : "No fix for this problem");
      none.setDisable(true);
      menu.getItems().add(none);
    }
    menu.getItems().add(new SeparatorMenuItem());
    MenuItem all = new MenuItem("Apply Safe Fixes to every problem (Ctrl+Shift+1)");
    all.setOnAction(e -> applySafeFixes());
    menu.getItems().add(all);
  }

  /**
   * Edit > Quick Fix: the fixes of the problem selected in the Problems tab, or else of the first
   * problem of the selected box, in a menu.
   */
  void quickFix() {
    Problem problem =
        problemsView == null ? null : problemsView.getSelectionModel().getSelectedItem();
    ElementRef selected = singleSelection();
    if (problem == null && selected != null) {
      for (Problem p : problems) {
        if (p.element() != null && selected.equals(boxOf(p.element()))) {
          problem = p;
          break;
        }
      }
    }
    javafx.scene.control.ContextMenu menu = new javafx.scene.control.ContextMenu();
    fillFixes(menu, problem);
    Node anchor =
        problem != null && problemsView != null && problemsView.getScene() != null
            ? problemsView
            : canvas();
    javafx.geometry.Bounds b = anchor.localToScreen(anchor.getBoundsInLocal());
    if (b != null) {
      menu.show(anchor, b.getMinX() + 40, b.getMinY() + 30);
    }
    quickFixMenu = menu;
  }

  private javafx.scene.control.ContextMenu quickFixMenu;

  /**
   * Edit > Apply Safe Fixes: every fix that cannot change what the schema means (a removed option
   * dropped, DTCS to TWCS, a type frozen where Cassandra wants it frozen, a view's missing IS NOT
   * NULL, sub-options Cassandra does not understand), again until none is left, as one undoable
   * edit; what {@code kstudio validate --fix} does to a file. The status bar says what it did.
   */
  void applySafeFixes() {
    var applied = org.keyspacestudio.model.edit.QuickFixes.applySafe(document.project());
    if (applied.labels().isEmpty()) {
      status.setText("No safe fix to apply");
      return;
    }
    document.perform(applied.edit());
    int n = applied.labels().size();
    status.setText(
        "Applied "
            + n
            + (n == 1 ? " safe fix" : " safe fixes")
            + " (Ctrl+Z undoes them): "
            + String.join("; ", applied.labels()));
  }

  /** The last quick fix menu shown (for tests). */
  javafx.scene.control.ContextMenu quickFixMenu() {
    return quickFixMenu;
  }

  /**
   * Shows an element where it is drawn: switches to its diagram, selects its box (a query: its row
   * in the Queries table, and the inspector shows it) and scrolls it into view. The keyboard focus
   * stays where it is: moving through the Problems table with the arrow keys had the focus jump to
   * the diagram, where the next arrow key moved the box.
   */
  void select(ElementRef element) {
    select(element, true);
  }

  /**
   * As {@link #select(ElementRef)}; a query's row is selected in the Queries table, which comes to
   * the front only when {@code toQueries}: a query's problem chosen in the Problems table (a click,
   * an arrow key, its Fix link) had put the Queries table in its place.
   */
  private void select(ElementRef element, boolean toQueries) {
    if (element.kind() == ElementRef.Kind.QUERY) {
      if (queriesPane != null) {
        if (toQueries) {
          bottom.getSelectionModel().select(queriesTab);
        }
        queriesPane.select(element.object().asInternal());
      }
      selectWhereItRuns(element.object().asInternal());
      inspector.show(element);
      return;
    }
    DiagramKind kind =
        switch (element.kind()) {
          case ENTITY, RELATIONSHIP, ATTRIBUTE, ISA -> DiagramKind.CONCEPTUAL;
          case TASK, TRANSITION -> DiagramKind.WORKFLOW;
          default -> current.chebotko() ? current : DiagramKind.PHYSICAL;
        };
    showDiagram(kind, false);
    ElementRef box = boxOf(element);
    if (box != null) {
      canvas().reveal(box);
    }
  }

  /** {@code file.cql:line:column}, without the folders. */
  private static String sourceOf(Problem p) {
    if (p.position() == null) {
      return "";
    }
    return Path.of(p.position().source()).getFileName()
        + ":"
        + p.position().line()
        + ":"
        + p.position().column();
  }

  private static TableColumn<Problem, String> column(
      String title, double width, java.util.function.Function<Problem, String> value) {
    TableColumn<Problem, String> c = new TableColumn<>(title);
    c.setPrefWidth(width);
    c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
    return c;
  }

  /**
   * On the workflow diagram, selects the transitions and tasks a query runs on (as its row in the
   * Queries table, or the model browser, shows it); elsewhere, nothing.
   */
  private void selectWhereItRuns(String queryId) {
    if (current != DiagramKind.WORKFLOW) {
      return;
    }
    Set<ElementRef> runs = new LinkedHashSet<>();
    var wf = document.project().workflow();
    wf.transitions().stream()
        .filter(t -> t.queries().contains(queryId))
        .forEach(t -> runs.add(org.keyspacestudio.model.workflow.Workflow.ref(t)));
    wf.tasks().stream()
        .filter(t -> t.queries().contains(queryId))
        .forEach(t -> runs.add(ElementRef.task(t.name())));
    canvas().selection().clear();
    canvas().selection().addAll(runs);
  }

  private QueriesPane queriesPane() {
    queriesPane =
        new QueriesPane(
            () -> document,
            edit -> document.perform(edit),
            q -> {
              selectWhereItRuns(q.id());
              inspector.show(ElementRef.query(q.id()));
            },
            () -> {
              ElementRef on = current == DiagramKind.WORKFLOW ? singleSelection() : null;
              return on != null
                      && (on.kind() == ElementRef.Kind.TASK
                          || on.kind() == ElementRef.Kind.TRANSITION)
                  ? on
                  : null;
            });
    queriesPane.show(document.project(), problems);
    return queriesPane;
  }

  /** The queries table (for tests), or null before the first frame. */
  QueriesPane queries() {
    return queriesPane;
  }

  private TextArea cqlPane() {
    cql.setEditable(false);
    cql.setStyle("-fx-font-family: 'DejaVu Sans Mono', monospace; -fx-font-size: 12px;");
    return cql;
  }

  /** The schema {@link #selectTargets} were found for. */
  private Schema selectTargetsOf;

  /**
   * The table or view each of the script's SELECTs reads (or writes write), by statement number.
   */
  private Map<Integer, ElementRef> selectTargets = Map.of();

  /**
   * The table or view a script's SELECT reads or its write writes, all of them found once per
   * schema: the refresh after an edit asks once per problem, and one lookup by one had indexed
   * every table each time.
   */
  private ElementRef selectTarget(Schema schema, ElementRef statement) {
    if (schema != selectTargetsOf) {
      Map<Integer, ElementRef> targets = new HashMap<>();
      for (var c : org.keyspacestudio.model.support.ScriptSelects.check(schema)) {
        if (c.target() != null) {
          targets.put(c.number(), c.target());
        }
      }
      for (var c : org.keyspacestudio.model.dml.ScriptWrites.check(schema)) {
        if (c.target() != null) {
          targets.put(c.number(), c.target());
        }
      }
      selectTargets = targets;
      selectTargetsOf = schema;
    }
    return selectTargets.get(statement.statementNumber());
  }

  /** The box (table, view, UDT) an element is drawn in, or null. */
  private ElementRef boxOf(ElementRef element) {
    Schema schema = document.project().schema();
    return switch (element.kind()) {
        // A query's problems are listed in its inspector (it is drawn under its task, if at all),
        // a keyspace's under its form.
      case TABLE,
              VIEW,
              TYPE,
              ENTITY,
              RELATIONSHIP,
              TASK,
              ATTRIBUTE,
              ISA,
              TRANSITION,
              QUERY,
              KEYSPACE ->
          element;
      case COLUMN, OPTION -> {
        Optional<Keyspace> ks = schema.keyspace(element.keyspace());
        boolean isView = ks.isPresent() && ks.get().view(element.object()).isPresent();
        yield isView
            ? ElementRef.view(element.keyspace(), element.object())
            : ElementRef.table(element.keyspace(), element.object());
      }
      case FIELD -> ElementRef.type(element.keyspace(), element.object());
        // A script's SELECT: the table or view it reads.
      case STATEMENT -> selectTarget(schema, element);
      case INDEX ->
          schema
              .keyspace(element.keyspace())
              .flatMap(
                  ks ->
                      ks.indexes().stream()
                          .filter(i -> i.effectiveName().equals(element.object()))
                          .findFirst())
              .map(i -> ElementRef.table(element.keyspace(), i.table()))
              .orElse(null);
      default -> null;
    };
  }

  // ---------------------------------------------------------------------------------------------
  // Menus

  private MenuBar menus() {
    Menu file = new Menu("_File");
    Menu export = new Menu("_Export");
    export
        .getItems()
        .addAll(
            item(
                "PNG…",
                "Shortcut+E",
                () -> exportImage(ImageExport.Format.PNG, settings.exportScale())),
            item("PNG at 2x…", null, () -> exportImage(ImageExport.Format.PNG, 2)),
            item("SVG…", null, () -> exportImage(ImageExport.Format.SVG, 1)),
            item("PDF…", null, () -> exportImage(ImageExport.Format.PDF, 1)),
            item("_All Diagrams…", null, this::exportAllDiagrams),
            new SeparatorMenuItem(),
            item("CQL…", "Shortcut+Shift+E", this::exportCql),
            item("Documentation (HTML or Markdown)…", null, this::exportDocumentation));
    file.getItems()
        .addAll(
            item("_New", "Shortcut+N", this::newProject),
            item("_Open…", "Shortcut+O", this::chooseAndOpen),
            recentMenu,
            item("Open from _Cluster…", null, cluster::openFromCluster),
            new SeparatorMenuItem(),
            item("_Save", "Shortcut+S", this::save),
            item("Save _As…", "Shortcut+Shift+S", this::saveAs),
            export,
            new SeparatorMenuItem(),
            item("_Quit", "Shortcut+Q", this::quit));
    rebuildRecent();

    undoItem.setAccelerator(KeyCombination.keyCombination("Shortcut+Z"));
    undoItem.setOnAction(e -> document.undo());
    redoItem.setAccelerator(KeyCombination.keyCombination("Shortcut+Shift+Z"));
    redoItem.setOnAction(e -> document.redo());
    Menu edit = new Menu("_Edit");
    edit.getItems()
        .addAll(
            undoItem,
            redoItem,
            alternative("Redo (alternative)", "Shortcut+Y", () -> document.redo()),
            item("_Quick Fix…", "Shortcut+1", this::quickFix),
            item("Apply _Safe Fixes", "Shortcut+Shift+1", this::applySafeFixes),
            new SeparatorMenuItem(),
            item("Cu_t", "Shortcut+X", this::cut),
            item("_Copy", "Shortcut+C", this::copy),
            item("Copy as _Image", "Shortcut+Shift+I", this::copyAsImage),
            item("_Paste", "Shortcut+V", this::paste),
            item("_Delete", "Delete", this::deleteSelection),
            item("Delete from _Model", "Shortcut+Delete", this::deleteSelectionFromModel),
            item("Select _All", "Shortcut+A", this::selectAll),
            new SeparatorMenuItem(),
            item("Pr_eferences…", "Shortcut+Comma", this::preferencesDialog));

    ToggleGroup diagrams = new ToggleGroup();
    Map<DiagramKind, String> names =
        Map.of(
            DiagramKind.CONCEPTUAL, "_Conceptual model (ER)",
            DiagramKind.WORKFLOW, "_Workflow and queries",
            DiagramKind.LOGICAL, "_Logical model (no types)",
            DiagramKind.PHYSICAL, "_Physical model");
    for (DiagramKind kind : DiagramKind.values()) {
      RadioMenuItem item = new RadioMenuItem(names.get(kind));
      item.setToggleGroup(diagrams);
      item.setAccelerator(KeyCombination.keyCombination("Alt+" + (kind.ordinal() + 1)));
      item.setOnAction(e -> showDiagram(kind));
      diagramItems.put(kind, item);
    }
    diagramItems.get(current).setSelected(true);
    snapItem.setSelected(settings.snap());
    snapItem.setOnAction(e -> setSnap(snapItem.isSelected()));
    gridItem.setSelected(settings.grid());
    gridItem.setOnAction(e -> setGrid(gridItem.isSelected()));
    Menu theme = new Menu("_Theme");
    ToggleGroup themes = new ToggleGroup();
    for (Settings.Theme t : Settings.Theme.values()) {
      RadioMenuItem item = new RadioMenuItem(t.toString());
      item.setToggleGroup(themes);
      item.setSelected(t == settings.theme());
      item.setOnAction(e -> chooseTheme(t));
      themeItems.put(t, item);
      theme.getItems().add(item);
    }
    CheckMenuItem minimap = new CheckMenuItem("_Minimap");
    minimap.setSelected(true);
    minimap.setAccelerator(KeyCombination.keyCombination("Shortcut+Shift+M"));
    minimap.setOnAction(
        e -> {
          minimapOn = minimap.isSelected();
          canvases.values().forEach(c -> c.setMinimap(minimapOn));
        });
    Menu view = new Menu("_View");
    view.getItems().addAll(diagramItems.values());
    view.getItems()
        .addAll(
            alternative(
                "Logical model (alternative)",
                "Shortcut+L",
                () -> showDiagram(DiagramKind.LOGICAL)),
            alternative(
                "Physical model (alternative)",
                "Shortcut+P",
                () -> showDiagram(DiagramKind.PHYSICAL)),
            new SeparatorMenuItem(),
            item("_Lay Out Again", "Shortcut+Shift+L", this::layOutAgain),
            arrangeMenu(),
            new SeparatorMenuItem(),
            item("_New Diagram…", "Shortcut+Alt+N", this::newNamedDiagram),
            item("Rena_me Diagram…", null, this::renameNamedDiagram),
            item("D_elete Diagram", null, this::deleteNamedDiagram),
            item("Show _All Tables", null, () -> showNamed(null)),
            item(
                "F_ind in Model…",
                "Shortcut+F",
                () -> {
                  if (browser != null) {
                    browser.focusFilter();
                  }
                }),
            item("Next _Pane", "F6", () -> focusPane(1)),
            item("Previous Pa_ne", "Shift+F6", () -> focusPane(-1)),
            new SeparatorMenuItem(),
            item("Zoom _In", "Shortcut+Equals", () -> canvas().zoomBy(1.25)),
            item("Zoom _Out", "Shortcut+Minus", () -> canvas().zoomBy(0.8)),
            item("_Fit to Window", "Shortcut+0", () -> canvas().fit()),
            item("Zoom to _Selection", "Shortcut+Alt+0", () -> canvas().fitSelection()),
            item("_Actual Size", "Shortcut+Shift+0", () -> canvas().actualSize()),
            new SeparatorMenuItem(),
            snapItem,
            gridItem,
            minimap,
            theme);
    Menu insert = new Menu("_Insert");
    insert
        .getItems()
        .addAll(
            item("New _Table", "Shortcut+T", () -> newTable(false)),
            item("New _Type", "Shortcut+Shift+T", () -> newTable(true)),
            item("Add _Column", "Shortcut+Shift+C", inspector::addColumn),
            item("_Rename Table", "F2", inspector::focusName),
            item("Query _Arrow…", "Shortcut+Shift+Q", this::addQueryArrow),
            new SeparatorMenuItem());
    insert.getItems().addAll(QueryFirstGestures.insertItems(this));
    Menu model = new Menu("_Model");
    model
        .getItems()
        .addAll(
            item("_Map All Queries", "Shortcut+M", this::mapAllQueries),
            item("Map _Again…", "Shortcut+Shift+R", this::mapAgain),
            item("_Recover Models from Tables", null, this::recoverModels),
            item("Recovery _Notes…", "Shortcut+Shift+N", this::recoveryNotes),
            item("_Partition Sizes…", "Shortcut+Shift+P", this::partitionSizes),
            item("_Write Paths…", "Shortcut+Shift+W", this::writePaths),
            new SeparatorMenuItem(),
            item("Export _Documentation…", "Shortcut+Shift+D", this::exportDocumentation));
    Menu help = new Menu("_Help");
    help.getItems()
        .addAll(
            item("_Keyboard Shortcuts", "F1", this::shortcuts),
            item("Open the Kill_rVideo Example", null, this::openExample),
            item("_About Keyspace Studio", null, this::about));
    menuBar = new MenuBar(file, edit, insert, view, model, cluster.menu(), help);
    return menuBar;
  }

  private MenuBar menuBar;

  /** The window's menu bar (for tests). */
  MenuBar menuBar() {
    return menuBar;
  }

  /**
   * Moves the keyboard focus to the next pane (or the one before), as F6 and Shift+F6 do in GTK and
   * Windows applications: the model browser's tree, the diagram, the tab shown under it (the
   * Problems table, the Queries pane or the CQL text) and the inspector, in that order, round. A
   * pane with nothing to focus (the inspector with nothing selected) is passed over.
   *
   * @param step 1 for the next pane, -1 for the one before
   */
  void focusPane(int step) {
    List<Node> panes = new ArrayList<>();
    panes.add(browser != null ? browser.tree() : browserSlot);
    panes.add(canvas());
    Tab tab = bottom.getSelectionModel().getSelectedItem();
    panes.add(tab != null && tab.getContent() != null ? tab.getContent() : bottom);
    panes.add(inspector);
    Node owner = stage.getScene() != null ? stage.getScene().getFocusOwner() : null;
    int at = -1;
    for (int i = 0; i < panes.size() && at < 0; i++) {
      for (Node n = owner; n != null; n = n.getParent()) {
        if (n == panes.get(i)) {
          at = i;
          break;
        }
      }
    }
    // From elsewhere (the menus, the toolbar), either key goes to the diagram first.
    if (at < 0) {
      at = step > 0 ? 0 : 2;
    }
    for (int k = 1; k <= panes.size(); k++) {
      Node target = Forms.firstFocusable(panes.get(Math.floorMod(at + k * step, panes.size())));
      if (target != null) {
        target.requestFocus();
        if (target == canvas()) {
          canvas().showFocus();
        }
        return;
      }
    }
  }

  private javafx.scene.control.ToolBar tools;

  /**
   * Every shortcut of the menus: menu, command, keys, in menu order, then the diagram's own keys
   * (Help > Keyboard Shortcuts).
   */
  List<String[]> shortcutList() {
    List<String[]> rows = new ArrayList<>();
    for (Menu menu : menuBar.getMenus()) {
      collectShortcuts(menu.getText().replace("_", ""), menu.getItems(), rows);
    }
    // What the diagram does without a menu item.
    rows.add(new String[] {"Diagram", "Context menu", "Menu key, Shift+F10 (or a right-click)"});
    rows.add(new String[] {"Diagram", "Pan", "Wheel or touchpad (or a right- or middle-drag)"});
    rows.add(new String[] {"Diagram", "Zoom at the pointer", "Ctrl+wheel"});
    rows.add(new String[] {"Diagram", "Select the next box, the one before", "Tab, Shift+Tab"});
    rows.add(new String[] {"Diagram", "Move the selection", "Arrow keys (with Shift: 1 pixel)"});
    rows.add(new String[] {"Inspector", "Move the column with the cursor", "Alt+Up, Alt+Down"});
    rows.add(new String[] {"Inspector", "List an option's values to choose from", "Ctrl+Space"});
    return rows;
  }

  private static void collectShortcuts(String path, List<MenuItem> items, List<String[]> rows) {
    for (MenuItem item : items) {
      if (item instanceof Menu sub) {
        collectShortcuts(path + " > " + sub.getText().replace("_", ""), sub.getItems(), rows);
      } else if (item.getAccelerator() != null) {
        rows.add(
            new String[] {
              path, item.getText().replace("_", ""), item.getAccelerator().getDisplayText()
            });
      }
    }
  }

  /** Help > Keyboard Shortcuts: every shortcut, searchable, in a window of its own. */
  private void shortcuts() {
    new ShortcutsWindow(stage, "Keyboard Shortcuts — " + EditorApp.TITLE, shortcutList()).show();
  }

  /** Edit > Preferences: theme, grid, snapping, PNG scale; applied and remembered on OK. */
  private void preferencesDialog() {
    PreferencesDialog.of(stage, settings).showAndApply(this::applyPreferences);
  }

  /** Applies and remembers what the Preferences dialog chose. */
  void applyPreferences(PreferencesDialog.Choice choice) {
    chooseTheme(choice.theme());
    setGrid(choice.grid());
    setSnap(choice.snap());
    settings.setExportScale(choice.exportScale());
    settings.setDarkExports(choice.darkExports());
    settings.setNewKeyspaces(choice.newKeyspaces());
    document.defineNewKeyspacesAs(choice.newKeyspaces());
  }

  /** The settings (for tests). */
  Settings settings() {
    return settings;
  }

  /**
   * A second key for a command the menu shows once: a hidden item, whose accelerator still works,
   * listed under Help > Keyboard Shortcuts (Ctrl+Y for Redo; Ctrl+L and Ctrl+P, the logical and
   * physical views' keys before Alt+3 and Alt+4).
   */
  private static MenuItem alternative(String text, String accelerator, Runnable action) {
    MenuItem item = menuItem(text, accelerator, action);
    item.setVisible(false);
    return item;
  }

  private static MenuItem item(String text, String accelerator, Runnable action) {
    return menuItem(text, accelerator, action);
  }

  /** A menu item with an optional accelerator ({@code "Shortcut+T"}) and an action. */
  static MenuItem menuItem(String text, String accelerator, Runnable action) {
    MenuItem item = new MenuItem(text);
    if (accelerator != null) {
      item.setAccelerator(KeyCombination.keyCombination(accelerator));
    }
    item.setOnAction(e -> action.run());
    return item;
  }

  private void selectAll() {
    canvas().selection().clear();
    canvas().geometry().boxes().forEach(b -> canvas().selection().add(b.box().element()));
  }

  /** Puts the selection's CQL on the clipboard (it pastes back here, or into cqlsh). */
  private void copy() {
    if (canvas().selection().isEmpty() || !current.chebotko()) {
      return;
    }
    javafx.scene.input.ClipboardContent content = new javafx.scene.input.ClipboardContent();
    content.putString(selectionCql());
    javafx.scene.input.Clipboard.getSystemClipboard().setContent(content);
  }

  private void cut() {
    if (current.chebotko()) {
      copy();
      deleteSelection();
    }
  }

  /**
   * Reads CQL from the clipboard into the model, as copies where names are taken; SELECT and write
   * statements join the script's, to be checked, the table the first one reads or writes shown when
   * nothing else came.
   */
  private void paste() {
    String text = javafx.scene.input.Clipboard.getSystemClipboard().getString();
    if (text == null || text.isBlank()) {
      return;
    }
    Schema pasted = org.keyspacestudio.model.parse.CqlImporter.read(text, "clipboard").schema();
    long selects =
        pasted.otherStatements().stream()
            .filter(
                x ->
                    x.kind().equals("SELECT")
                        || org.keyspacestudio.model.dml.ScriptWrites.isWrite(x.kind()))
            .count();
    if (selects == 0
        && pasted.keyspaces().stream()
            .allMatch(k -> k.tables().isEmpty() && k.types().isEmpty() && k.views().isEmpty())) {
      error(
          "Nothing to paste",
          "The clipboard holds no CREATE TABLE, TYPE or MATERIALIZED VIEW, and no SELECT,"
              + " INSERT, UPDATE, DELETE or BATCH.");
      return;
    }
    int statementsBefore = document.project().schema().otherStatements().size();
    if (!current.chebotko()) {
      showDiagram(DiagramKind.PHYSICAL);
    }
    CqlIdentifier keyspace = targetKeyspace();
    javafx.geometry.Point2D at =
        canvas().toDiagram(canvas().getWidth() / 3, canvas().getHeight() / 3);
    var before = new HashSet<>(document.project().diagram().positions().keySet());
    if (document.perform(
        joiningShown(SchemaEdits.paste(pasted, keyspace, new Point(at.getX(), at.getY()))))) {
      canvas().selection().clear();
      document.project().diagram().positions().keySet().stream()
          .filter(ref -> !before.contains(ref))
          .forEach(canvas().selection()::add);
      if (canvas().selection().isEmpty() && selects > 0) {
        // Statements alone: the table the first one reads or writes, its inspector listing it with
        // its verdict.
        Schema now = document.project().schema();
        for (int n = statementsBefore + 1; n <= now.otherStatements().size(); n++) {
          ElementRef read = selectTarget(now, ElementRef.statement(n));
          if (read != null) {
            select(read);
            break;
          }
        }
      }
    }
  }

  private void deleteSelection() {
    // The Delete key acts on what the pane with the keyboard shows selected: in the Queries table
    // the query of its selected row (selecting the row had selected where the query runs, and
    // Delete deleted those tasks and transitions), in the Problems table nothing.
    javafx.scene.Node focus = stage.getScene() == null ? null : stage.getScene().getFocusOwner();
    if (focus != null && queriesPane != null && queriesPane.holds(focus)) {
      queriesPane.deleteSelected();
      return;
    }
    for (javafx.scene.Node n = focus; n != null; n = n.getParent()) {
      if (n == problemsView) {
        return;
      }
    }
    if (canvas().selection().isEmpty()) {
      ElementRef shown = inspector.shown();
      if (shown != null && shown.kind() == ElementRef.Kind.QUERY) {
        document.perform(WorkflowEdits.delete(Set.of(shown)));
      }
      return;
    }
    Set<ElementRef> selected = new LinkedHashSet<>(canvas().selection());
    if (namedShown(current) != null) {
      // On a named diagram, Delete takes the boxes off it; the model keeps the tables.
      document.perform(org.keyspacestudio.model.edit.DiagramEdits.remove(named, selected));
      return;
    }
    document.perform(
        switch (current) {
          case CONCEPTUAL -> ConceptualEdits.delete(selected);
          case WORKFLOW -> WorkflowEdits.delete(selected);
          default -> Edits.delete(selected);
        });
  }

  /**
   * Forgets where the current diagram's boxes are and lays it out automatically again, as one
   * undoable edit.
   */
  private void layOutAgain() {
    DiagramKind kind = current;
    document.perform(
        new Document.Edit(
            "Lay out the " + kind.title().toLowerCase(java.util.Locale.ROOT) + " diagram",
            p -> {
              if (namedShown(kind) != null) {
                Project cleared =
                    p.withDiagram(
                        p.diagram()
                            .withNamed(
                                named,
                                d ->
                                    new org.keyspacestudio.model.diagram.NamedDiagram(
                                        d.name(), d.members(), Map.of())));
                var view = cleared.diagram().named(named).orElseThrow();
                DiagramGeometry g =
                    DiagramGeometry.of(cleared, view, kind.level(), DiagramStyle.DEFAULT);
                return placed(cleared, kind, g.autoPlaced());
              }
              Project cleared =
                  kind.chebotko()
                      ? p.withDiagram(p.diagram().with(Map.of(), p.diagram().arrows()))
                      : p.withLayout(kind, org.keyspacestudio.model.diagram.Layout.empty());
              DiagramGeometry g = DiagramGeometry.of(cleared, kind, DiagramStyle.DEFAULT);
              return withPositions(cleared, kind, g.autoPlaced());
            }));
    canvas().fit();
  }

  /**
   * Where a new attribute oval of an entity or relationship (or a new part of a composite
   * attribute) goes: the nearest spot around it that overlaps nothing.
   */
  Point freeSpotNear(ElementRef owner) {
    DiagramCanvas made = canvases.get(DiagramKind.CONCEPTUAL);
    DiagramGeometry g = made == null ? null : made.geometry();
    if (g == null || stale.contains(DiagramKind.CONCEPTUAL) || g.box(owner) == null) {
      g = geometry(DiagramKind.CONCEPTUAL);
    }
    return g.freeSpotNear(owner, 90, DiagramStyle.DEFAULT.ovalHeight);
  }

  // ---------------------------------------------------------------------------------------------
  // Files

  /**
   * Opens a .cql script or a project in this window (asking first if changes would be lost).
   *
   * @return whether it was opened: false when the user kept the changes or the file could not be
   *     read whole (the error shown, the model left as it was)
   */
  public boolean open(Path file) {
    if (!confirmDiscard()) {
      return false;
    }
    ModelFiles.Loaded loaded;
    try {
      loaded = ModelFiles.load(List.of(file));
    } catch (IOException | ProjectFileException | IllegalArgumentException e) {
      error("Cannot open " + file.getFileName(), e.getMessage());
      return false;
    }
    boolean isProject = ModelFiles.isProject(file);
    readProblems = loaded.readProblems();
    readPositions(loaded.positions(), loaded.schema());
    Project project = loaded.project();
    Document doc = new Document(placedEverywhere(project), isProject ? file : null);
    openDocument(doc, firstDiagram(project), isProject ? null : file);
    remember(file);
    return true;
  }

  /** A file read and laid out off the JavaFX thread, ready to show. */
  private record Opened(
      ModelFiles.Loaded loaded,
      Project placed,
      ProjectChecks.Live checks,
      List<Problem> problems,
      DiagramKind first,
      DiagramGeometry firstGeometry) {}

  private final javafx.scene.control.ProgressIndicator busy =
      new javafx.scene.control.ProgressIndicator();
  private final javafx.scene.control.Button cancelBusy = new javafx.scene.control.Button("Cancel");

  /**
   * Opens a file as {@link #open} does, but reads and lays it out on a background thread: the
   * window stays responsive, the status bar shows progress and a Cancel button, and nothing changes
   * until the file is read whole (a cancelled or failed open leaves the model shown).
   */
  void openInBackground(Path file) {
    if (!confirmDiscard()) {
      return;
    }
    DiagramStyle style = screenStyle();
    this.<Opened>inBackground(
        "Opening " + file.getFileName(),
        "kstudio-open",
        task -> {
          ModelFiles.Loaded loaded = ModelFiles.load(List.of(file));
          if (task.isCancelled()) {
            return null;
          }
          Project placed = placedEverywhere(loaded.project());
          // The checks too, so that the JavaFX thread only shows the result.
          ProjectChecks.Live checks = new ProjectChecks.Live();
          List<Problem> problems = checks.validate(placed, loaded.positions());
          DiagramKind first = firstDiagram(placed);
          return new Opened(
              loaded, placed, checks, problems, first, DiagramGeometry.of(placed, first, style));
        },
        opened -> {
          readProblems = opened.loaded().readProblems();
          readPositions(opened.loaded().positions(), opened.loaded().schema());
          liveChecks = opened.checks();
          validated = opened.problems();
          validatedProject = opened.placed();
          made.put(
              opened.first(),
              new Made(
                  opened.placed(), null, opened.firstGeometry().style(), opened.firstGeometry()));
          boolean isProject = ModelFiles.isProject(file);
          Document doc = new Document(opened.placed(), isProject ? file : null);
          openDocument(doc, firstDiagram(opened.placed()), isProject ? null : file);
          remember(file);
        },
        "Cannot open " + file.getFileName());
  }

  /** Work under way in the background (one at a time; starting another cancels it), or null. */
  private javafx.concurrent.Task<?> busyTask;

  /** Work done off the JavaFX thread; it may look at {@code task.isCancelled()} between steps. */
  private interface BackgroundWork<T> {
    T run(javafx.concurrent.Task<T> task) throws Exception;
  }

  /**
   * Runs long work off the JavaFX thread, with progress and a Cancel button in the status bar. On
   * success (and not cancelled) {@code done} gets the result on the JavaFX thread; a failure is
   * reported under {@code failure}; a cancel says nothing changed.
   *
   * @param what what the status bar says meanwhile ("Opening x.cql")
   */
  private <T> void inBackground(
      String what,
      String thread,
      BackgroundWork<T> work,
      java.util.function.Consumer<T> done,
      String failure) {
    if (busyTask != null) {
      busyTask.cancel();
    }
    javafx.concurrent.Task<T> task =
        new javafx.concurrent.Task<>() {
          @Override
          protected T call() throws Exception {
            return work.run(this);
          }
        };
    busyTask = task;
    busy.setVisible(true);
    cancelBusy.setVisible(true);
    cancelBusy.setOnAction(e -> task.cancel());
    status.setText(what + "…");
    task.setOnSucceeded(
        e -> {
          finishBusy(task);
          T result = task.getValue();
          if (result != null) {
            done.accept(result);
          }
        });
    task.setOnFailed(
        e -> {
          finishBusy(task);
          Throwable why = task.getException();
          error(failure, why == null ? "unknown error" : String.valueOf(why.getMessage()));
        });
    task.setOnCancelled(
        e -> {
          finishBusy(task);
          status.setText(what + ": cancelled; nothing changed");
        });
    Thread worker = new Thread(task, thread);
    worker.setDaemon(true);
    worker.start();
  }

  private void finishBusy(javafx.concurrent.Task<?> task) {
    if (busyTask == task) {
      busyTask = null;
      busy.setVisible(false);
      cancelBusy.setVisible(false);
      refreshStatus();
    }
  }

  /** The project with every box of every diagram placed (the automatic layout, not undoable). */
  private static Project placedEverywhere(Project project) {
    Project placed = project;
    for (DiagramKind kind :
        List.of(DiagramKind.CONCEPTUAL, DiagramKind.WORKFLOW, DiagramKind.PHYSICAL)) {
      DiagramGeometry g = DiagramGeometry.of(placed, kind, DiagramStyle.DEFAULT);
      if (!g.autoPlaced().isEmpty()) {
        placed = withPositions(placed, kind, g.autoPlaced());
      }
    }
    return placed;
  }

  /**
   * The diagram a project opens on: the conceptual model when it has one (query-first), else the
   * workflow when it has one, else the Chebotko diagram at its level.
   */
  private static DiagramKind firstDiagram(Project project) {
    if (!project.conceptual().isEmpty()) {
      return DiagramKind.CONCEPTUAL;
    }
    if (!project.workflow().isEmpty()) {
      return DiagramKind.WORKFLOW;
    }
    return project.diagram().level() == Diagram.Level.LOGICAL
        ? DiagramKind.LOGICAL
        : DiagramKind.PHYSICAL;
  }

  /** Shows a new document, every diagram fitted to the window, on the given diagram. */
  private void openDocument(Document doc, DiagramKind first) {
    openDocument(doc, first, null);
  }

  /**
   * Shows a document.
   *
   * @param imported the file it was read from when that is not a project file (a CQL script, a KDM
   *     project): named in the title and offered as the project's name; null otherwise
   */
  private void openDocument(Document doc, DiagramKind first, Path imported) {
    importedFrom = imported;
    example = false;
    canvases.values().forEach(c -> c.selection().clear());
    attach(doc);
    // Each diagram is built and fitted when first shown: opening builds only the one shown.
    unfitted.addAll(List.of(DiagramKind.values()));
    showDiagram(first);
  }

  /** The CQL script or KDM project the document was read from, or null (see openDocument). */
  private Path importedFrom;

  /** Whether the document shown is the bundled example, unsaved (the title says so). */
  private boolean example;

  /** The example project bundled with the editor (the repository's examples/killrvideo.kstudio). */
  static final String EXAMPLE = "/org/keyspacestudio/app/examples/killrvideo.kstudio";

  /**
   * Help > Open the KillrVideo Example: DataStax's video sharing application as the README's seed
   * ("Data Modeling in Apache Cassandra: Five Steps") models it (conceptual model, workflow with
   * nine queries, no tables yet: Model > Map All Queries makes them), as a new, unsaved project,
   * asking first about unsaved changes. Saving asks where.
   */
  void openExample() {
    if (!confirmDiscard()) {
      return;
    }
    Project project;
    try (var in = EditorWindow.class.getResourceAsStream(EXAMPLE)) {
      if (in == null) {
        error("Cannot open the example", "The example is not in this build (" + EXAMPLE + ").");
        return;
      }
      project =
          ProjectFile.fromJson(
              new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8),
              Path.of("killrvideo.kstudio"));
    } catch (IOException | ProjectFileException e) {
      error("Cannot open the example", e.getMessage());
      return;
    }
    readProblems = List.of();
    readPositions(Map.of(), null);
    openDocument(
        new Document(placedEverywhere(project), null),
        firstDiagram(project),
        Path.of("killrvideo.kstudio"));
    example = true;
    refresh();
  }

  /** Diagrams of the document opened last that have not been fitted to the window yet. */
  private final Set<DiagramKind> unfitted = java.util.EnumSet.noneOf(DiagramKind.class);

  /** Opens a model read from a cluster as a new, unsaved project (asking first). */
  private void openPulled(Project pulled) {
    if (!confirmDiscard()) {
      return;
    }
    readProblems = List.of();
    readPositions(Map.of(), null);
    Document doc = new Document(new Project(Schema.empty()), null);
    doc.perform(new Document.Edit("Open from cluster", p -> pulled));
    openDocument(doc, DiagramKind.PHYSICAL);
  }

  private void newProject() {
    if (confirmDiscard()) {
      readProblems = List.of();
      readPositions(Map.of(), null);
      openDocument(new Document(new Project(Schema.empty()), null), DiagramKind.CONCEPTUAL);
    }
  }

  private void chooseAndOpen() {
    FileChooser chooser =
        fileChooser("Open a CQL script, a Keyspace Studio project or a KDM project");
    chooser
        .getExtensionFilters()
        .addAll(
            new FileChooser.ExtensionFilter(
                "CQL, projects and KDM projects", "*.cql", "*.json", "*.kstudio", "*.xml"),
            new FileChooser.ExtensionFilter("All files", "*"));
    var chosen = chooser.showOpenDialog(stage);
    if (chosen != null) {
      openInBackground(chosen.toPath());
    }
  }

  /** Saves to the project's file, or asks where; returns whether it was saved. */
  public boolean save() {
    return document.file() == null ? saveAs() : saveTo(document.file());
  }

  private boolean saveAs() {
    FileChooser chooser = fileChooser("Save the project");
    chooser
        .getExtensionFilters()
        .add(new FileChooser.ExtensionFilter("Keyspace Studio project", "*.kstudio", "*.json"));
    chooser.setInitialFileName(
        baseName().equals("diagram") ? "model.kstudio" : baseName() + ".kstudio");
    var chosen = chooser.showSaveDialog(stage);
    if (chosen == null) {
      return false;
    }
    Path file = chosen.toPath();
    return saveTo(ModelFiles.isProject(file) ? file : withEnding(file, ".kstudio"));
  }

  /** Saves to a file and remembers it as the project's file. */
  public boolean saveTo(Path file) {
    try {
      ProjectFile.write(document.project(), file);
    } catch (IOException e) {
      error(
          "Cannot save " + file.getFileName(),
          e.getMessage() + "\nThe previous file was left as it was.");
      return false;
    }
    document.markSaved(file);
    remember(file);
    return true;
  }

  private void exportImage(ImageExport.Format format, double scale) {
    boolean selectionOnly = !canvas().selection().isEmpty();
    String ending = format.ending();
    FileChooser chooser =
        fileChooser(
            "Export "
                + (selectionOnly
                    ? "the selection"
                    : "the " + current.title().toLowerCase(java.util.Locale.ROOT) + " diagram")
                + " as "
                + format);
    chooser.setInitialFileName(
        baseName() + "-" + current.name().toLowerCase(java.util.Locale.ROOT) + ending);
    var chosen = chooser.showSaveDialog(stage);
    if (chosen == null) {
      return;
    }
    exportImageTo(withEnding(chosen.toPath(), ending), format, scale);
  }

  /**
   * Exports the diagram shown (its selection only, when there is one) to {@code target} in the look
   * of {@code exportLook()} (light unless asked), with progress and Cancel in the status bar.
   *
   * @param scale PNG pixels per diagram pixel; ignored for SVG and PDF
   */
  void exportImageTo(Path target, ImageExport.Format format, double scale) {
    var drawn = exportedNow();
    // Laid out, drawn and encoded in the background (a 1,000-table PNG at scale 2 takes seconds);
    // the file is written only when that finished and was not cancelled.
    this.<String>inBackground(
        "Exporting " + target.getFileName(),
        "kstudio-image-export",
        task -> {
          DiagramGeometry geometry = drawn.get();
          if (task.isCancelled()) {
            return null;
          }
          byte[] bytes = ImageExport.bytes(ImageExport.painting(geometry), format, scale);
          if (task.isCancelled()) {
            return null;
          }
          org.keyspacestudio.model.project.AtomicFiles.write(target, bytes);
          return "Wrote " + target.getFileName() + " (" + (bytes.length + 1023) / 1024 + " KiB)";
        },
        status::setText,
        "Cannot export");
  }

  /**
   * What File > Export and Edit > Copy as Image draw, as they stand now: the diagram shown (a named
   * one alone) in the export look, only the selection when there is one. Captured on the JavaFX
   * thread, built when called (on a background thread: a project is an immutable value).
   */
  private java.util.function.Supplier<DiagramGeometry> exportedNow() {
    Set<ElementRef> only =
        canvas().selection().isEmpty() ? null : new HashSet<>(canvas().selection());
    Project project = document.project();
    DiagramKind kind = current;
    var view = namedShown(kind);
    DiagramStyle look = exportLook();
    return () -> {
      DiagramGeometry geometry =
          view != null
              ? DiagramGeometry.of(project, view, kind.level(), look)
              : DiagramGeometry.of(project, kind, look);
      return only == null ? geometry : geometry.only(only);
    };
  }

  /**
   * Edit > Copy as Image: the selection (or, with nothing selected, the whole diagram shown) as a
   * PNG on the clipboard, drawn as File > Export draws it (the light look unless asked, the export
   * scale of the preferences), for pasting into a document or a slide. Drawn in the background.
   */
  void copyAsImage() {
    String what = canvas().selection().isEmpty() ? "diagram" : "selection";
    var drawn = exportedNow();
    double scale = settings.exportScale();
    this.<Optional<javafx.scene.image.Image>>inBackground(
        "Copying the " + what + " as an image",
        "kstudio-copy-image",
        task -> {
          DiagramGeometry geometry = drawn.get();
          if (geometry.boxes().isEmpty()) {
            return Optional.empty();
          }
          byte[] png = ImageExport.png(ImageExport.painting(geometry), scale);
          return task.isCancelled()
              ? null
              : Optional.of(new javafx.scene.image.Image(new java.io.ByteArrayInputStream(png)));
        },
        made -> {
          if (made.isEmpty()) {
            status.setText("Nothing to copy: the diagram is empty");
            return;
          }
          javafx.scene.image.Image image = made.get();
          javafx.scene.input.ClipboardContent content = new javafx.scene.input.ClipboardContent();
          content.putImage(image);
          javafx.scene.input.Clipboard.getSystemClipboard().setContent(content);
          status.setText(
              "Copied the "
                  + what
                  + " as an image ("
                  + (int) image.getWidth()
                  + " x "
                  + (int) image.getHeight()
                  + " pixels)");
        },
        "Cannot copy as an image");
  }

  /** File > Export > All Diagrams: asks the format, then the folder. */
  private void exportAllDiagrams() {
    javafx.scene.control.ChoiceDialog<ImageExport.Format> formats =
        new javafx.scene.control.ChoiceDialog<>(
            ImageExport.Format.PNG, ImageExport.Format.values());
    formats.initOwner(stage);
    formats.setTitle("Export All Diagrams");
    formats.setHeaderText(
        "Every diagram with something in it, one file each (conceptual, workflow, logical,"
            + " physical, then the project's own diagrams by name), into a folder you choose"
            + " next. Files of the same names there are replaced.");
    formats.setContentText("Format:");
    var format = formats.showAndWait();
    if (format.isEmpty()) {
      return;
    }
    javafx.stage.DirectoryChooser chooser = new javafx.stage.DirectoryChooser();
    chooser.setTitle("Export all diagrams as " + format.get() + " into");
    var folder = chooser.showDialog(stage);
    if (folder != null) {
      exportAllDiagramsTo(folder.toPath(), format.get(), settings.exportScale());
    }
  }

  /**
   * Exports every diagram of the project with something in it into {@code folder}, one file each
   * named after the diagram ({@link DiagramSet}), in the look of {@code exportLook()}, with
   * progress and Cancel in the status bar. Every image is drawn before the first file is written: a
   * cancelled export writes nothing.
   *
   * @param scale PNG pixels per diagram pixel; ignored for SVG and PDF
   */
  void exportAllDiagramsTo(Path folder, ImageExport.Format format, double scale) {
    Project project = document.project();
    String ending = format.ending();
    String what = "Exporting all diagrams";
    DiagramStyle look = exportLook();
    this.<String>inBackground(
        what,
        "kstudio-image-export",
        task -> {
          List<DiagramSet.Entry> entries =
              DiagramSet.of(project, project.diagram().level(), look, task::isCancelled);
          if (task.isCancelled()) {
            return null;
          }
          if (entries.isEmpty()) {
            return "Every diagram is empty: nothing was written";
          }
          List<byte[]> images = new ArrayList<>();
          for (DiagramSet.Entry entry : entries) {
            String step =
                what + ": " + (images.size() + 1) + " of " + entries.size() + ", " + entry.title();
            Platform.runLater(
                () -> {
                  if (busyTask == task) {
                    status.setText(step + "…");
                  }
                });
            images.add(ImageExport.bytes(ImageExport.painting(entry.geometry()), format, scale));
            if (task.isCancelled()) {
              return null;
            }
          }
          Files.createDirectories(folder);
          long bytes = 0;
          for (int i = 0; i < entries.size(); i++) {
            org.keyspacestudio.model.project.AtomicFiles.write(
                folder.resolve(entries.get(i).fileStem() + ending), images.get(i));
            bytes += images.get(i).length;
          }
          return "Wrote "
              + Counts.of(entries.size(), "diagram", "diagrams")
              + " to "
              + folder
              + " ("
              + (bytes + 1023) / 1024
              + " KiB): "
              + String.join(", ", entries.stream().map(e -> e.fileStem() + ending).toList());
        },
        status::setText,
        "Cannot export");
  }

  /**
   * The look of exported images: the light one, or the dark one while the editor is dark and the
   * user asked for it (Preferences).
   */
  private DiagramStyle exportLook() {
    return dark && settings.darkExports() ? DiagramStyle.DARK : DiagramStyle.DEFAULT;
  }

  private void exportCql() {
    FileChooser chooser = fileChooser("Export CQL");
    chooser.setInitialFileName(baseName() + ".cql");
    var chosen = chooser.showSaveDialog(stage);
    if (chosen != null) {
      try {
        CqlExport.write(document.project().schema(), withEnding(chosen.toPath(), ".cql"));
      } catch (IOException e) {
        error("Cannot export", e.getMessage());
      }
    }
  }

  /**
   * Model > Export Documentation: one HTML page (or Markdown with its images beside it) with the
   * diagrams, queries, tables, SELECTs, partition sizes and CQL; written on a background thread.
   */
  void exportDocumentation() {
    FileChooser chooser = fileChooser("Export Documentation");
    chooser.setInitialFileName(baseName() + ".html");
    FileChooser.ExtensionFilter html =
        new FileChooser.ExtensionFilter("One HTML page (*.html)", "*.html");
    FileChooser.ExtensionFilter markdown =
        new FileChooser.ExtensionFilter("Markdown and its images (*.md)", "*.md");
    chooser.getExtensionFilters().addAll(html, markdown);
    var chosen = chooser.showSaveDialog(stage);
    if (chosen == null) {
      return;
    }
    boolean isMarkdown =
        chooser.getSelectedExtensionFilter() == markdown
            || chosen.getName().toLowerCase(java.util.Locale.ROOT).endsWith(".md");
    Path target = withEnding(chosen.toPath(), isMarkdown ? ".md" : ".html");
    writeDocumentation(target, isMarkdown, null);
  }

  /**
   * Writes the documentation of the current project to {@code target} on a background thread, then
   * reports in the status bar (and runs {@code done}, when not null, on the FX thread).
   */
  void writeDocumentation(Path target, boolean markdown, Runnable done) {
    Project project = document.project();
    String title = baseName();
    this.<String>inBackground(
        "Writing the documentation to " + target.getFileName(),
        "kstudio-documentation",
        task -> {
          // The text (and its images) first; nothing is written once Cancel is pressed.
          if (markdown) {
            String base = target.getFileName().toString().replaceFirst("\\.[^.]+$", "");
            var md =
                org.keyspacestudio.export.doc.DocumentationExport.markdown(
                    project, title, base + "-images");
            if (task.isCancelled()) {
              return null;
            }
            Path images = target.toAbsolutePath().getParent().resolve(base + "-images");
            java.nio.file.Files.createDirectories(images);
            for (var image : md.images()) {
              org.keyspacestudio.model.project.AtomicFiles.write(
                  images.resolve(image.name()), image.bytes());
            }
            org.keyspacestudio.model.project.AtomicFiles.writeString(target, md.text());
            return "Wrote "
                + target.getFileName()
                + " and "
                + Counts.of(md.images().size(), "image", "images");
          }
          String html = org.keyspacestudio.export.doc.DocumentationExport.html(project, title);
          if (task.isCancelled()) {
            return null;
          }
          org.keyspacestudio.model.project.AtomicFiles.writeString(target, html);
          return "Wrote " + target.getFileName();
        },
        text -> {
          status.setText(text);
          if (done != null) {
            done.run();
          }
        },
        "Cannot export the documentation");
  }

  private String baseName() {
    Path file = document.file() != null ? document.file() : importedFrom;
    if (file == null) {
      return "diagram";
    }
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    return dot > 0 ? name.substring(0, dot) : name;
  }

  private static Path withEnding(Path file, String ending) {
    return file.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(ending)
        ? file
        : file.resolveSibling(file.getFileName() + ending);
  }

  private void acceptDroppedFiles(Scene scene) {
    scene.setOnDragOver(
        e -> {
          if (e.getDragboard().hasFiles()) {
            e.acceptTransferModes(TransferMode.COPY);
          }
          e.consume();
        });
    scene.setOnDragDropped(
        e -> {
          var files = e.getDragboard().getFiles();
          if (!files.isEmpty()) {
            Platform.runLater(() -> openInBackground(files.get(0).toPath()));
          }
          e.setDropCompleted(!files.isEmpty());
          e.consume();
        });
  }

  /**
   * Where the editor keeps its preferences (recent files): the user's node, or the one the {@code
   * kstudio.preferences} system property names (tests use their own).
   */
  private static Preferences preferences() {
    return Settings.node();
  }

  /**
   * A file chooser with this title, starting in {@link #chooserFolder()} when there is one (else
   * where the desktop's chooser starts: GTK's shows Recent).
   */
  private FileChooser fileChooser(String title) {
    FileChooser chooser = new FileChooser();
    chooser.setTitle(title);
    Path folder = chooserFolder();
    if (folder != null) {
      chooser.setInitialDirectory(folder.toFile());
    }
    return chooser;
  }

  /**
   * The folder Open, Save As and the exports start in: that of the model's file (the project, or
   * the script or KDM project it was read from), else that of the file most recently opened or
   * saved; only a folder that exists. Null when there is none.
   */
  Path chooserFolder() {
    List<String> files = new ArrayList<>();
    Path own = document.file() != null ? document.file() : importedFrom;
    if (own != null) {
      files.add(own.toAbsolutePath().toString());
    }
    files.addAll(List.of(preferences().get("recent", "").split("\n")));
    for (String f : files) {
      if (f.isBlank()) {
        continue;
      }
      try {
        Path folder = Path.of(f).toAbsolutePath().getParent();
        if (folder != null && Files.isDirectory(folder)) {
          return folder;
        }
      } catch (java.nio.file.InvalidPathException e) {
        // A recent entry that is no path (edited by hand): the next one.
      }
    }
    return null;
  }

  private void remember(Path file) {
    Preferences prefs = preferences();
    List<String> recent = new ArrayList<>(List.of(prefs.get("recent", "").split("\n")));
    recent.removeIf(r -> r.isBlank() || r.equals(file.toAbsolutePath().toString()));
    recent.add(0, file.toAbsolutePath().toString());
    prefs.put(
        "recent", String.join("\n", recent.subList(0, Math.min(RECENT_LIMIT, recent.size()))));
    rebuildRecent();
  }

  private void rebuildRecent() {
    recentMenu.getItems().clear();
    String stored = preferences().get("recent", "");
    for (String path : stored.split("\n")) {
      if (!path.isBlank() && Files.exists(Path.of(path))) {
        recentMenu
            .getItems()
            .add(Mnemonics.none(item(path, null, () -> openInBackground(Path.of(path)))));
      }
    }
    recentMenu.setDisable(recentMenu.getItems().isEmpty());
  }

  /** Asks what to do with unsaved changes; returns true when it is fine to go on. */
  private boolean confirmDiscard() {
    if (!document.isDirty()) {
      return true;
    }
    ButtonType saveButton = new ButtonType("Save", ButtonBar.ButtonData.YES);
    ButtonType discard = new ButtonType("Don't Save", ButtonBar.ButtonData.NO);
    Alert alert =
        new Alert(
            Alert.AlertType.CONFIRMATION,
            "Your changes will be lost if you don't save them.",
            saveButton,
            discard,
            ButtonType.CANCEL);
    alert.initOwner(stage);
    alert.setHeaderText(
        "Save the changes to "
            + (document.file() == null ? "this project" : document.file().getFileName())
            + "?");
    Optional<ButtonType> answer = alert.showAndWait();
    if (answer.isEmpty() || answer.get() == ButtonType.CANCEL) {
      return false;
    }
    return answer.get() == discard || save();
  }

  /**
   * View > Arrange: align or distribute the selected boxes; each item is enabled when enough boxes
   * are selected (two to align, three to distribute).
   */
  private Menu arrangeMenu() {
    Menu menu = new Menu("A_rrange");
    for (Arrange how : Arrange.values()) {
      MenuItem item = item(how.label(), null, () -> arrange(how));
      item.setId("arrange-" + how.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
      item.setUserData(how);
      menu.getItems().add(item);
      if (how == Arrange.ALIGN_RIGHT || how == Arrange.ALIGN_BOTTOM) {
        menu.getItems().add(new SeparatorMenuItem());
      }
    }
    menu.setOnShowing(e -> enableArrange(menu));
    return menu;
  }

  /** Enables each Arrange item when enough boxes are selected for it. */
  private void enableArrange(Menu menu) {
    int n = canvas().selectedBoxes();
    for (MenuItem item : menu.getItems()) {
      if (item.getUserData() instanceof Arrange how) {
        item.setDisable(n < how.needs());
      }
    }
  }

  /** Aligns or distributes the selected boxes as one undoable move; says so when it cannot. */
  void arrange(Arrange how) {
    if (!canvas().arrange(how)) {
      status.setText(
          canvas().selectedBoxes() < how.needs()
              ? "Select " + (how.needs() == 2 ? "two" : "three") + " boxes or more first"
              : "Nothing to move: the boxes are already arranged");
    }
  }

  private javafx.scene.control.ContextMenu canvasMenu;

  /** Where the diagram's context menu was opened on empty space (diagram pixels), or null. */
  private javafx.geometry.Point2D menuPoint;

  /** The last context menu shown on a diagram (for tests), or null. */
  javafx.scene.control.ContextMenu canvasMenu() {
    return canvasMenu;
  }

  /** A diagram's context menu, at a screen point, for what is selected (or the diagram). */
  private void showCanvasMenu(javafx.geometry.Point2D at, ElementRef element) {
    if (canvasMenu != null) {
      canvasMenu.hide();
    }
    javafx.scene.control.ContextMenu menu = new javafx.scene.control.ContextMenu();
    javafx.geometry.Point2D local = element == null ? canvas().screenToLocal(at) : null;
    menuPoint = local == null ? null : canvas().toDiagram(local.getX(), local.getY());
    // Cleared once the chosen item has run (or the menu was dismissed).
    menu.setOnHidden(e -> Platform.runLater(() -> menuPoint = null));
    menu.getItems().setAll(canvasMenuItems());
    canvasMenu = menu;
    menu.show(canvas(), at.getX(), at.getY());
  }

  /**
   * The items of a diagram's context menu: for the selection (rename, add a column, the quick fixes
   * of its problems, copy as CQL, a new diagram of it, partition sizes, export, delete), or for the
   * diagram when nothing is selected (new elements, paste, select all, fit, lay out again). Each
   * does what the menu bar's item of the same name does.
   */
  List<MenuItem> canvasMenuItems() {
    List<MenuItem> items = new ArrayList<>();
    Set<ElementRef> selected = canvas().selection();
    if (selected.isEmpty()) {
      if (current.chebotko()) {
        items.add(item("New _Table", "Shortcut+T", () -> newTable(false)));
        items.add(item("New T_ype", "Shortcut+Shift+T", () -> newTable(true)));
        items.add(item("_Paste", "Shortcut+V", this::paste));
      } else {
        items.addAll(QueryFirstGestures.insertItems(this, current));
      }
      items.add(new SeparatorMenuItem());
      items.add(item("Select _All", "Shortcut+A", this::selectAll));
      items.add(item("_Fit to Window", "Shortcut+0", () -> canvas().fit()));
      items.add(item("_Lay Out Again", "Shortcut+Shift+L", this::layOutAgain));
      return items;
    }
    ElementRef only = selected.size() == 1 ? selected.iterator().next() : null;
    if (only != null) {
      items.add(item("_Rename", "F2", inspector::focusName));
      if (only.kind() == ElementRef.Kind.TABLE) {
        items.add(item("Add _Column", "Shortcut+Shift+C", inspector::addColumn));
      }
    }
    Set<String> fixLabels = new HashSet<>();
    for (ElementRef box : selected) {
      for (Problem problem : problemsByBox.getOrDefault(box, List.of())) {
        for (var fix :
            org.keyspacestudio.model.edit.QuickFixes.of(
                document.project(), problem, document.newKeyspaces())) {
          if (fixLabels.add(fix.label())) {
            MenuItem fixItem = new MenuItem("Fix: " + fix.label());
            fixItem.setMnemonicParsing(false);
            fixItem.setOnAction(e -> performAndShowMade(fix.edit()));
            items.add(fixItem);
          }
        }
      }
    }
    if (canvas().selectedBoxes() >= 1) {
      items.add(item("Zoom to _Selection", "Shortcut+Alt+0", () -> canvas().fitSelection()));
    }
    if (canvas().selectedBoxes() >= 2) {
      Menu arrange = arrangeMenu();
      enableArrange(arrange);
      items.add(arrange);
    }
    if (current.chebotko()) {
      items.add(new SeparatorMenuItem());
      items.add(item("_Copy as CQL", "Shortcut+C", this::copy));
      items.add(item("Copy as _Image", "Shortcut+Shift+I", this::copyAsImage));
      items.add(item("_New Diagram of the Selection…", "Shortcut+Alt+N", this::newNamedDiagram));
      if (only != null && only.kind() == ElementRef.Kind.TABLE) {
        items.add(item("Partition _Sizes…", "Shortcut+Shift+P", this::partitionSizes));
        items.add(item("_Write Paths…", "Shortcut+Shift+W", this::writePaths));
      }
    }
    if (only != null
        && (only.kind() == ElementRef.Kind.ENTITY || only.kind() == ElementRef.Kind.RELATIONSHIP)) {
      items.add(new SeparatorMenuItem());
      items.add(item("_Write Paths…", "Shortcut+Shift+W", this::writePaths));
    }
    items.add(
        item(
            "_Export the Selection as PNG…",
            null,
            () -> exportImage(ImageExport.Format.PNG, settings.exportScale())));
    items.add(new SeparatorMenuItem());
    boolean onNamed = namedShown(current) != null;
    items.add(item(onNamed ? "_Remove from Diagram" : "_Delete", "Delete", this::deleteSelection));
    if (onNamed) {
      items.add(item("Delete from _Model", "Shortcut+Delete", this::deleteSelectionFromModel));
    }
    return items;
  }

  /** Crash recovery of this window (for tests). */
  Recovery recovery() {
    return recovery;
  }

  /**
   * At start-up: when an editor that is no longer running left unsaved changes (a crash, a killed
   * process), offers to restore the newest of them: Restore opens them as an unsaved project (its
   * own file kept, one undo step back to an empty one), Discard removes them, Later keeps them for
   * the next start. Older ones wait for the next starts. The last action for tests.
   */
  void offerRecovery() {
    List<Recovery.LeftBehind> found = recovery.leftBehind();
    if (found.isEmpty()) {
      return;
    }
    Recovery.LeftBehind newest = found.get(0);
    Alert alert = new Alert(Alert.AlertType.CONFIRMATION);
    alert.initOwner(stage);
    alert.setTitle("Restore unsaved changes");
    alert.setHeaderText(
        "Keyspace Studio closed without saving the changes to " + newest.name() + ".");
    String when =
        java.time.format.DateTimeFormatter.ofPattern("d MMM, HH:mm")
            .format(newest.savedAt().atZone(java.time.ZoneId.systemDefault()));
    alert.setContentText(
        "A copy was kept ("
            + when
            + "). Restore them as an unsaved project?"
            + (found.size() > 1
                ? "\n" + (found.size() - 1) + " more will be offered at the next starts."
                : ""));
    ButtonType restore = new ButtonType("Restore", ButtonBar.ButtonData.OK_DONE);
    ButtonType discard = new ButtonType("Discard Them", ButtonBar.ButtonData.NO);
    ButtonType later = new ButtonType("Later", ButtonBar.ButtonData.CANCEL_CLOSE);
    alert.getButtonTypes().setAll(restore, discard, later);
    recoveryAlert = alert;
    // Asked as the window comes up: it follows the middle of the window while the window manager
    // is still giving the window its size (JavaFX placed it on a 200 x 200 window under Openbox).
    javafx.beans.InvalidationListener centre =
        o -> {
          if (alert.isShowing()) {
            alert.setX(stage.getX() + (stage.getWidth() - alert.getWidth()) / 2);
            alert.setY(stage.getY() + (stage.getHeight() - alert.getHeight()) / 2);
          }
        };
    stage.widthProperty().addListener(centre);
    stage.heightProperty().addListener(centre);
    Optional<ButtonType> answer;
    try {
      answer = alert.showAndWait();
    } finally {
      stage.widthProperty().removeListener(centre);
      stage.heightProperty().removeListener(centre);
    }
    if (answer.isEmpty() || answer.get() == later) {
      return;
    }
    if (answer.get() == discard) {
      newest.remove();
      status.setText("Discarded the unsaved changes to " + newest.name());
      return;
    }
    restore(newest);
  }

  private Alert recoveryAlert;

  /** The last offer to restore unsaved changes (for tests), or null. */
  Alert recoveryAlert() {
    return recoveryAlert;
  }

  /** Opens a copy a crash left as an unsaved project, then removes the copy. */
  void restore(Recovery.LeftBehind left) {
    Project restored;
    try {
      restored = left.read();
    } catch (IOException | ProjectFileException e) {
      error(
          "Cannot restore the unsaved changes to " + left.name(),
          e.getMessage() + "\nThe copy was kept: " + left.copy());
      return;
    }
    if (!confirmDiscard()) {
      return;
    }
    readProblems = List.of();
    readPositions(Map.of(), null);
    boolean isProject = left.original() != null && ModelFiles.isProject(left.original());
    Document doc = new Document(new Project(Schema.empty()), isProject ? left.original() : null);
    doc.perform(new Document.Edit("Restore unsaved changes", p -> restored));
    openDocument(doc, firstDiagram(restored), isProject ? null : left.original());
    left.remove();
    status.setText(
        "Restored the unsaved changes to " + left.name() + " (Ctrl+S saves them, Ctrl+Z undoes)");
  }

  private void quit() {
    if (confirmDiscard()) {
      document.markSaved(document.file());
      stage.close();
    }
  }

  private void about() {
    Alert alert = new Alert(Alert.AlertType.INFORMATION);
    alert.initOwner(stage);
    alert.setHeaderText(EditorApp.TITLE);
    alert.setContentText(
        "A desktop editor for Apache Cassandra data models built on the Chebotko method.");
    alert.showAndWait();
  }

  void error(String header, String message) {
    Alert alert = new Alert(Alert.AlertType.ERROR, message, ButtonType.OK);
    alert.initOwner(stage);
    alert.setHeaderText(header);
    alert.showAndWait();
  }
}
