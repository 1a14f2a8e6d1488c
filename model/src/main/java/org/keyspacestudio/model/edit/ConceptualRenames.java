package org.keyspacestudio.model.edit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeOwner;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.IsA;
import org.keyspacestudio.model.conceptual.Relationship;
import org.keyspacestudio.model.diagram.Point;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.Task;
import org.keyspacestudio.model.workflow.Workflow;

/**
 * Renames that tell two elements of the same name apart: the last of them gets a free name, the
 * first keeps its name and everything that names it (keys, ends, transitions, queries, positions),
 * as a reference by name always reached the first. The fixes for {@code ER-NAME-DUPLICATE}, {@code
 * ER-ATTRIBUTE-DUPLICATE}, {@code WF-TASK-DUPLICATE} and {@code WF-QUERY-DUPLICATE}; none safe
 * (which of the two a reference meant is the modeler's call).
 */
final class ConceptualRenames {

  /** How far from its namesake a renamed element is drawn, in diagram pixels. */
  private static final double OFFSET = 40;

  private ConceptualRenames() {}

  /**
   * Whether an element shares its name with another of the conceptual model (an entity, a
   * relationship or a hierarchy), of its owner's attributes, of the tasks or of the queries: edits
   * by name reach only the first of them.
   */
  static boolean namesake(Project project, ElementRef element) {
    ConceptualModel m = project.conceptual();
    Workflow w = project.workflow();
    return switch (element.kind()) {
      case ENTITY, RELATIONSHIP, ISA -> conceptualNamesake(m, element.object().asInternal());
      case ATTRIBUTE -> {
        String owner = element.object().asInternal();
        String path = element.member().asInternal();
        AttributeOwner o = m.owner(owner).orElse(null);
        int dot = path.lastIndexOf('.');
        String name = path.substring(dot + 1);
        yield conceptualNamesake(m, owner)
            || (o != null
                && count(
                        siblings(o, dot < 0 ? "" : path.substring(0, dot + 1)),
                        a -> a.name().equals(name))
                    > 1);
      }
      case TASK -> count(w.tasks(), t -> t.name().equals(element.object().asInternal())) > 1;
      case QUERY -> count(w.queries(), q -> q.id().equals(element.object().asInternal())) > 1;
      default -> false;
    };
  }

  private static boolean conceptualNamesake(ConceptualModel m, String name) {
    return count(m.entities(), e -> e.name().equals(name))
            + count(m.relationships(), r -> r.name().equals(name))
            + count(m.hierarchies(), h -> h.name().equals(name))
        > 1;
  }

  /** The last of the elements of that kind and name renamed ({@code User} → {@code User2}). */
  static List<Fix> duplicateName(ConceptualModel model, ElementRef element) {
    String name = element.object().asInternal();
    int count =
        switch (element.kind()) {
          case ENTITY -> count(model.entities(), e -> e.name().equals(name));
          case RELATIONSHIP -> count(model.relationships(), r -> r.name().equals(name));
          case ISA -> count(model.hierarchies(), h -> h.name().equals(name));
          default -> 0;
        };
    if (count == 0) {
      return List.of();
    }
    String unique = ConceptualEdits.uniqueName(model, name);
    String kind =
        switch (element.kind()) {
          case ENTITY -> "entity";
          case RELATIONSHIP -> "relationship";
          default -> "IsA hierarchy";
        };
    String label =
        "Rename the " + (count > 1 ? "second " : "") + kind + " " + name + " to " + unique;
    return List.of(new Fix(label, renameLast(element, unique, label), false));
  }

  private static Document.Edit renameLast(ElementRef element, String newName, String label) {
    String name = element.object().asInternal();
    return new Document.Edit(
        label,
        p -> {
          ConceptualModel m = p.conceptual();
          if (m.nameTaken(newName)) {
            return p;
          }
          ElementRef renamed;
          switch (element.kind()) {
            case ENTITY -> {
              m =
                  m.withEntities(
                      last(m.entities(), e -> e.name().equals(name), e -> e.withName(newName)));
              renamed = ElementRef.entity(newName);
            }
            case RELATIONSHIP -> {
              m =
                  m.withRelationships(
                      last(
                          m.relationships(), r -> r.name().equals(name), r -> r.withName(newName)));
              renamed = ElementRef.relationship(newName);
            }
            case ISA -> {
              m =
                  m.withHierarchies(
                      last(
                          m.hierarchies(),
                          h -> h.name().equals(name),
                          h -> new IsA(newName, h.parent(), h.children(), h.disjoint())));
              renamed = ElementRef.isa(newName);
            }
            default -> {
              return p;
            }
          }
          Point at = p.conceptualLayout().position(element);
          return p.withConceptual(m)
              .withConceptualLayout(
                  at == null
                      ? p.conceptualLayout()
                      : p.conceptualLayout()
                          .withPositions(Map.of(renamed, at.plus(OFFSET, OFFSET))));
        });
  }

  /** The last of an owner's attributes (or a composite's parts) of that name renamed. */
  static List<Fix> duplicateAttribute(ConceptualModel model, ElementRef element) {
    if (element.kind() != ElementRef.Kind.ATTRIBUTE) {
      return List.of();
    }
    String owner = element.object().asInternal();
    String path = element.member().asInternal();
    AttributeOwner o = model.owner(owner).orElse(null);
    int dot = path.lastIndexOf('.');
    String prefix = dot < 0 ? "" : path.substring(0, dot + 1);
    String name = path.substring(dot + 1);
    if (o == null || count(siblings(o, prefix), a -> a.name().equals(name)) < 2) {
      return List.of();
    }
    String unique = uniqueAttribute(o, prefix, name);
    String label = "Rename the second " + owner + "." + path + " to " + unique;
    return List.of(
        fix(
            label,
            p ->
                p.withConceptual(
                    p.conceptual()
                        .withOwner(
                            owner,
                            x -> {
                              if (x.attribute(prefix + unique).isPresent()) {
                                return x;
                              }
                              UnaryOperator<List<Attribute>> rename =
                                  list ->
                                      last(
                                          list,
                                          a -> a.name().equals(name),
                                          a -> a.withName(unique));
                              return withAttributes(
                                  x,
                                  prefix.isEmpty()
                                      ? rename.apply(x.attributes())
                                      : x.attributes().stream()
                                          .map(
                                              a ->
                                                  (a.name() + ".").equals(prefix)
                                                      ? a.withParts(rename.apply(a.parts()))
                                                      : a)
                                          .toList());
                            }))));
  }

  /** The attributes at a path: the owner's for {@code ""}, a composite's parts for {@code "a."}. */
  private static List<Attribute> siblings(AttributeOwner o, String prefix) {
    if (prefix.isEmpty()) {
      return o.attributes();
    }
    return o.attribute(prefix.substring(0, prefix.length() - 1))
        .map(Attribute::parts)
        .orElse(List.of());
  }

  /** A name no attribute at that path has: {@code base}, {@code base2}... */
  static String uniqueAttribute(AttributeOwner owner, String prefix, String base) {
    List<Attribute> taken = siblings(owner, prefix);
    String name = base;
    for (int n = 2; contains(taken, name); n++) {
      name = base + n;
    }
    return name;
  }

  private static boolean contains(List<Attribute> attributes, String name) {
    return attributes.stream().anyMatch(a -> a.name().equals(name));
  }

  /** The last task of that name renamed ({@code Log in} → {@code Log in 2}). */
  static List<Fix> duplicateTask(Workflow w, ElementRef element) {
    String name = element.object().asInternal();
    if (count(w.tasks(), t -> t.name().equals(name)) < 2) {
      return List.of();
    }
    String unique = name;
    for (int n = 2; w.task(unique).isPresent(); n++) {
      unique = name + " " + n;
    }
    String newName = unique;
    String label = "Rename the second task " + name + " to " + newName;
    return List.of(
        fix(
            label,
            p -> {
              Workflow x = p.workflow();
              if (x.task(newName).isPresent()) {
                return p;
              }
              List<Task> tasks =
                  last(x.tasks(), t -> t.name().equals(name), t -> t.withName(newName));
              Point at = p.workflowLayout().position(element);
              return p.withWorkflow(x.withTasks(tasks))
                  .withWorkflowLayout(
                      at == null
                          ? p.workflowLayout()
                          : p.workflowLayout()
                              .withPositions(
                                  Map.of(ElementRef.task(newName), at.plus(OFFSET, OFFSET))));
            }));
  }

  /** The last query of that id given the next free id. */
  static List<Fix> duplicateQuery(Workflow w, ElementRef element) {
    String id = element.object().asInternal();
    if (count(w.queries(), q -> q.id().equals(id)) < 2) {
      return List.of();
    }
    String next = w.nextQueryId();
    String label = "Rename the second query " + id + " to " + next;
    return List.of(
        fix(
            label,
            p -> {
              Workflow x = p.workflow();
              if (x.query(next).isPresent()) {
                return p;
              }
              List<Query> queries = last(x.queries(), q -> q.id().equals(id), q -> q.withId(next));
              return p.withWorkflow(x.withQueries(queries));
            }));
  }

  /** A fix (not safe) whose edit has the fix's label as its description. */
  private static Fix fix(String label, UnaryOperator<Project> change) {
    return new Fix(label, new Document.Edit(label, change), false);
  }

  private static <T> int count(List<T> list, Predicate<T> match) {
    return (int) list.stream().filter(match).count();
  }

  /** The list with its last element that matches changed. */
  private static <T> List<T> last(List<T> list, Predicate<T> match, UnaryOperator<T> change) {
    List<T> out = new ArrayList<>(list);
    for (int i = out.size() - 1; i >= 0; i--) {
      if (match.test(out.get(i))) {
        out.set(i, change.apply(out.get(i)));
        break;
      }
    }
    return out;
  }

  private static AttributeOwner withAttributes(AttributeOwner o, List<Attribute> attributes) {
    return o instanceof Entity e
        ? e.withAttributes(attributes)
        : ((Relationship) o).withAttributes(attributes);
  }
}
