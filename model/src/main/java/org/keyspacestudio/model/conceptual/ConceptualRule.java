package org.keyspacestudio.model.conceptual;

import org.keyspacestudio.model.validate.RuleId;
import org.keyspacestudio.model.validate.Severity;

/**
 * The checks of the conceptual (ER) model. Cassandra never sees this model, so severity speaks of
 * the mapping to tables: an <em>error</em> leaves the mapping unable to use the element as it is
 * (no key to make rows unique, an attribute reference that leads nowhere); a <em>warning</em> is
 * usable but probably not what was meant. The rules follow Chen's ER model as the Chebotko method
 * uses it ({@code shared/notes/chebotko-method.md} section 1).
 */
public enum ConceptualRule implements RuleId {
  NAME_INVALID(
      "ER-NAME-INVALID",
      Severity.ERROR,
      "Entity, relationship, hierarchy and attribute names are not empty, have no surrounding"
          + " spaces and no dot (a dot separates Entity.attribute)."),
  NAME_DUPLICATE(
      "ER-NAME-DUPLICATE",
      Severity.ERROR,
      "Entities, relationships and IsA hierarchies share one name space: each name once."),
  ATTRIBUTE_DUPLICATE(
      "ER-ATTRIBUTE-DUPLICATE",
      Severity.ERROR,
      "An entity or relationship (or a composite attribute) has two attributes of one name."),
  ENTITY_NO_KEY(
      "ER-ENTITY-NO-KEY",
      Severity.ERROR,
      "An entity needs a key (its own or inherited through IsA): MR5 puts it in every table's"
          + " primary key so that rows do not overwrite each other."),
  KEY_UNKNOWN_ATTRIBUTE(
      "ER-KEY-UNKNOWN-ATTRIBUTE", Severity.ERROR, "A key names an attribute that does not exist."),
  KEY_EMPTY("ER-KEY-EMPTY", Severity.ERROR, "A key has no attributes."),
  KEY_MULTI_VALUED(
      "ER-KEY-MULTI-VALUED",
      Severity.WARNING,
      "A multi-valued attribute in a key: it maps to a collection, which a primary key column can"
          + " hold only frozen, as one value."),
  WEAK_NO_IDENTIFYING(
      "ER-WEAK-NO-IDENTIFYING",
      Severity.ERROR,
      "A weak entity needs an identifying relationship with its owner entity."),
  WEAK_KEY_OWNER(
      "ER-WEAK-KEY-OWNER",
      Severity.WARNING,
      "A weak entity's key should include its owner's key (through its identifying relationship)."),
  IDENTIFYING_NO_WEAK(
      "ER-IDENTIFYING-NO-WEAK",
      Severity.WARNING,
      "An identifying relationship should join a weak entity to its owner."),
  RELATIONSHIP_ENDS(
      "ER-RELATIONSHIP-ENDS",
      Severity.ERROR,
      "A relationship joins at least two entity ends (the same entity twice, with roles, for a"
          + " recursive one)."),
  RECURSIVE_ROLES(
      "ER-RECURSIVE-ROLES",
      Severity.WARNING,
      "A relationship that joins one entity more than once (a recursive relationship) names each of"
          + " those ends' roles, each a different one: Chen's notation tells the ends apart by role"
          + " (follower, followee); two ends alike read as the same end."),
  END_UNKNOWN_ENTITY(
      "ER-END-UNKNOWN-ENTITY",
      Severity.ERROR,
      "A relationship end names an entity that does not exist."),
  ISA_UNKNOWN_ENTITY(
      "ER-ISA-UNKNOWN-ENTITY",
      Severity.ERROR,
      "An IsA hierarchy names a parent or child entity that does not exist."),
  ISA_NO_CHILDREN("ER-ISA-NO-CHILDREN", Severity.ERROR, "An IsA hierarchy has no child entity."),
  ISA_CYCLE(
      "ER-ISA-CYCLE", Severity.ERROR, "IsA hierarchies go round: an entity is a kind of itself."),
  COMPOSITE_NO_PARTS(
      "ER-COMPOSITE-NO-PARTS",
      Severity.WARNING,
      "A composite attribute has no parts (it maps to nothing)."),
  TYPE_INVALID(
      "ER-TYPE-INVALID",
      Severity.WARNING,
      "An attribute's type hint is not a CQL type; the mapping falls back to text.");

  private final Info info;

  ConceptualRule(String id, Severity severity, String summary) {
    this.info = new Info(id, severity, summary);
  }

  @Override
  public Info info() {
    return info;
  }
}
