package org.keyspacestudio.model.project;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.keyspacestudio.model.diagram.Diagram;
import org.keyspacestudio.model.kdm.KdmException;
import org.keyspacestudio.model.kdm.KdmImporter;
import org.keyspacestudio.model.kdm.KdmRule;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.parse.ImportResult;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.schema.SourcePosition;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Validator;

/**
 * Opens what a user points at, a {@code .cql} script or a project file, the same way for the editor
 * and the command line.
 */
public final class ModelFiles {

  /**
   * A loaded model with every problem known about it.
   *
   * @param project the project: the schema and, from a project file, its diagrams, conceptual model
   *     and workflow (CQL gives an empty diagram, laid out automatically)
   * @param positions source positions of elements (empty for a project file)
   * @param readProblems problems found while reading CQL (syntax, statements that could not be
   *     applied, statements kept verbatim): they belong to the source and do not change with edits
   * @param validationProblems what the validator finds in the schema
   */
  public record Loaded(
      Project project,
      Map<ElementRef, SourcePosition> positions,
      List<Problem> readProblems,
      List<Problem> validationProblems) {
    public Loaded {
      positions = Map.copyOf(positions);
      readProblems = List.copyOf(readProblems);
      validationProblems = List.copyOf(validationProblems);
    }

    /** The schema. */
    public Schema schema() {
      return project.schema();
    }

    /** The Chebotko diagram. */
    public Diagram diagram() {
      return project.diagram();
    }

    /** Reading problems, then validation problems. */
    public List<Problem> problems() {
      List<Problem> all = new ArrayList<>(readProblems);
      all.addAll(validationProblems);
      return all;
    }
  }

  private ModelFiles() {}

  /** Whether a path names a project file (by its {@code .json} or {@code .kstudio} ending). */
  public static boolean isProject(Path file) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    return name.endsWith(".json") || name.endsWith(".kstudio");
  }

  /**
   * Loads one project file, one KDM project ({@code .xml}), or one or more CQL scripts read in
   * order into one schema, and validates the result. What a KDM import skipped or guessed comes as
   * reading problems ({@code KDM-IMPORT}, info).
   *
   * @throws IOException if a file cannot be read
   * @throws ProjectFileException if a project file is damaged or too new, or a KDM file is not
   *     well-formed XML or not a KDM export
   * @throws IllegalArgumentException if a project file is mixed with other files
   */
  public static Loaded load(List<Path> files) throws IOException, ProjectFileException {
    if (files.size() == 1 && KdmImporter.isKdm(files.get(0))) {
      Path file = files.get(0);
      KdmImporter.Result kdm;
      try {
        kdm = KdmImporter.read(file);
      } catch (KdmException e) {
        throw new ProjectFileException(file, e.line(), e.column(), e.reason(), e);
      }
      List<Problem> notes = new ArrayList<>();
      for (String note : kdm.notes()) {
        notes.add(
            new Problem(
                KdmRule.IMPORT_NOTE, note, null, new SourcePosition(file.toString(), 1, 1)));
      }
      return new Loaded(kdm.project(), Map.of(), notes, ProjectChecks.validate(kdm.project()));
    }
    if (files.size() == 1 && isProject(files.get(0))) {
      Project project = ProjectFile.read(files.get(0));
      return new Loaded(project, Map.of(), List.of(), ProjectChecks.validate(project));
    }
    for (Path file : files) {
      if (isProject(file) || KdmImporter.isKdm(file)) {
        throw new IllegalArgumentException(
            "a project file (" + file + ") cannot be read together with other files");
      }
    }
    ImportResult result = CqlImporter.readFiles(files);
    List<Problem> problems =
        new ArrayList<>(Validator.validate(result.schema(), result.positions()));
    problems.addAll(
        org.keyspacestudio.model.support.ScriptSelects.validate(
            result.schema(), result.positions()));
    problems.addAll(
        org.keyspacestudio.model.dml.ScriptWrites.validate(result.schema(), result.positions()));
    return new Loaded(
        new Project(result.schema()), result.positions(), result.problems(), problems);
  }
}
