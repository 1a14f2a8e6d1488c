package org.keyspacestudio.model.conceptual;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.validate.Problem;

/** Each conceptual rule: a model that breaks it is reported, the corrected model is not. */
class ConceptualRulesTest {

  private static AttributeRef ref(String text) {
    return AttributeRef.parse(text);
  }

  private static Entity user() {
    return new Entity(
        "User",
        false,
        List.of(Attribute.simple("id", "uuid"), Attribute.simple("email", "text")),
        List.of(Key.of(ref("User.id"))));
  }

  private static List<String> ids(ConceptualModel model) {
    List<String> ids = ConceptualRules.validate(model).stream().map(p -> p.rule().id()).toList();
    if (CAPTURE.get() != null) {
      CAPTURE.get().addAll(ids);
    }
    return ids;
  }

  @Test
  void aModelFollowingChenHasNoProblems() {
    Entity video =
        new Entity(
            "Video",
            false,
            List.of(Attribute.simple("id", "timeuuid"), Attribute.multiValued("tags", "text")),
            List.of(Key.of(ref("Video.id"))));
    Relationship uploads =
        new Relationship(
            "uploads",
            false,
            List.of(
                new Relationship.End("User", Cardinality.ONE, ""),
                new Relationship.End("Video", Cardinality.N, "")),
            List.of(),
            List.of());
    assertThat(
            ConceptualRules.validate(
                new ConceptualModel(List.of(user(), video), List.of(uploads), List.of())))
        .isEmpty();
  }

  @Test
  void anEntityWithoutAKeyIsAnErrorUnlessItInheritsOne() {
    ConceptualModel model =
        new ConceptualModel(List.of(user(), Entity.named("Admin")), List.of(), List.of());
    List<Problem> problems = ConceptualRules.validate(model);
    assertThat(ids(model)).containsExactly("ER-ENTITY-NO-KEY");
    assertThat(problems.get(0).element()).isEqualTo(ElementRef.entity("Admin"));
    assertThat(problems.get(0).message()).contains("Admin has no key");
    ConceptualModel inherited =
        model.withHierarchies(List.of(new IsA("roles", "User", List.of("Admin"), true)));
    assertThat(ids(inherited)).isEmpty();
  }

  @Test
  void aWeakEntityNeedsAnIdentifyingRelationshipAndItsOwnersKey() {
    Entity comment =
        new Entity(
            "Comment",
            true,
            List.of(Attribute.simple("posted", "timestamp")),
            List.of(Key.of(ref("Comment.posted"))));
    ConceptualModel alone = new ConceptualModel(List.of(user(), comment), List.of(), List.of());
    assertThat(ids(alone)).containsExactly("ER-WEAK-NO-IDENTIFYING");

    Relationship posts =
        new Relationship(
            "posts",
            true,
            List.of(
                new Relationship.End("User", Cardinality.ONE, ""),
                new Relationship.End("Comment", Cardinality.N, "")),
            List.of(),
            List.of());
    ConceptualModel owned = alone.withRelationships(List.of(posts));
    assertThat(ids(owned)).containsExactly("ER-WEAK-KEY-OWNER");
    assertThat(ConceptualRules.validate(owned).get(0).message())
        .contains("does not include the key of its owner User (User.id)");

    ConceptualModel fixed =
        owned.withEntity(comment.withKeys(List.of(Key.of(ref("User.id"), ref("Comment.posted")))));
    assertThat(ids(fixed)).isEmpty();
    assertThat(
            ids(
                fixed.withEntity(
                    comment.withWeak(false).withKeys(fixed.entity("Comment").get().keys()))))
        .as("an identifying relationship to a strong entity")
        .containsExactly("ER-IDENTIFYING-NO-WEAK");
  }

  @Test
  void relationshipEndsAndKeysMustNameWhatExists() {
    Relationship dangling =
        new Relationship(
            "likes",
            false,
            List.of(new Relationship.End("Video", Cardinality.N, "")),
            List.of(),
            List.of(Key.of(ref("User.nickname"))));
    assertThat(ids(new ConceptualModel(List.of(user()), List.of(dangling), List.of())))
        .containsExactly(
            "ER-KEY-UNKNOWN-ATTRIBUTE", "ER-RELATIONSHIP-ENDS", "ER-END-UNKNOWN-ENTITY");
  }

  @Test
  void namesAreUniqueAndValid() {
    ConceptualModel model =
        new ConceptualModel(
            List.of(
                user(),
                user(),
                user().withName("Bad.name").withKeys(List.of(Key.of(ref("Bad.name.id"))))),
            List.of(),
            List.of());
    assertThat(ids(model)).contains("ER-NAME-DUPLICATE", "ER-NAME-INVALID");
    Entity twice =
        user()
            .withAttributes(List.of(Attribute.simple("id", "uuid"), Attribute.simple("id", "int")));
    assertThat(ids(new ConceptualModel(List.of(twice), List.of(), List.of())))
        .containsExactly("ER-ATTRIBUTE-DUPLICATE");
  }

  @Test
  void attributeKindsAndTypeHintsAreChecked() {
    Entity e =
        new Entity(
            "Sensor",
            false,
            List.of(
                Attribute.multiValued("ids", "uuid"),
                new Attribute("location", Attribute.Kind.COMPOSITE, "", List.of()),
                Attribute.simple("reading", "floaty")),
            List.of(Key.of(ref("Sensor.ids"))));
    assertThat(ids(new ConceptualModel(List.of(e), List.of(), List.of())))
        .containsExactly("ER-COMPOSITE-NO-PARTS", "ER-TYPE-INVALID", "ER-KEY-MULTI-VALUED");
  }

  @Test
  void hierarchiesNeedKnownEntitiesChildrenAndNoCycle() {
    ConceptualModel model =
        new ConceptualModel(
            List.of(user(), Entity.named("Admin")),
            List.of(),
            List.of(
                new IsA("a", "User", List.of("Admin"), true),
                new IsA("b", "Admin", List.of("User"), true),
                new IsA("c", "Ghost", List.of(), true)));
    assertThat(ids(model))
        .containsExactly("ER-ISA-UNKNOWN-ENTITY", "ER-ISA-NO-CHILDREN", "ER-ISA-CYCLE");
  }

  @Test
  void anEmptyKeyIsAnError() {
    Entity e = user().withKeys(List.of(new Key(List.of())));
    assertThat(ids(new ConceptualModel(List.of(e), List.of(), List.of())))
        .containsExactly("ER-KEY-EMPTY");
  }

  @Test
  void aRecursiveRelationshipNamesTheRoleOfEachEnd() {
    Relationship follows =
        new Relationship(
            "follows",
            false,
            List.of(
                new Relationship.End("User", Cardinality.N, "follower"),
                new Relationship.End("User", Cardinality.N, "")),
            List.of(),
            List.of());
    ConceptualModel model = new ConceptualModel(List.of(user()), List.of(follows), List.of());
    assertThat(ids(model)).containsExactly("ER-RECURSIVE-ROLES");
    assertThat(ConceptualRules.validate(model).get(0).message())
        .isEqualTo(
            "Relationship follows joins User 2 times: give each of those ends a role of its own"
                + " (such as follower and followee), in the relationship's inspector");
    // The same role twice does not tell the ends apart either.
    Relationship same =
        follows.withEnds(
            List.of(
                new Relationship.End("User", Cardinality.N, "follower"),
                new Relationship.End("User", Cardinality.N, "follower")));
    assertThat(ids(new ConceptualModel(List.of(user()), List.of(same), List.of())))
        .containsExactly("ER-RECURSIVE-ROLES");
    Relationship named =
        follows.withEnds(
            List.of(
                new Relationship.End("User", Cardinality.N, "follower"),
                new Relationship.End("User", Cardinality.N, "followee")));
    assertThat(ids(new ConceptualModel(List.of(user()), List.of(named), List.of()))).isEmpty();
  }

  @Test
  void everyRuleIsReachedByTheCasesAbove() {
    java.util.Set<String> reached = new java.util.HashSet<>();
    for (var method : getClass().getDeclaredMethods()) {
      if (method.isAnnotationPresent(Test.class)
          && !method.getName().equals("everyRuleIsReachedByTheCasesAbove")) {
        CAPTURE.set(reached);
        try {
          method.invoke(this);
        } catch (ReflectiveOperationException e) {
          throw new AssertionError(e);
        } finally {
          CAPTURE.remove();
        }
      }
    }
    assertThat(reached)
        .containsAll(
            java.util.Arrays.stream(ConceptualRule.values()).map(ConceptualRule::id).toList());
  }

  private static final ThreadLocal<java.util.Set<String>> CAPTURE = new ThreadLocal<>();

  @Test
  void validationStaysLinearOnAThousandEntities() {
    List<Entity> entities = new java.util.ArrayList<>();
    List<Relationship> relationships = new java.util.ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      entities.add(
          new Entity(
              "E" + i,
              false,
              List.of(Attribute.simple("id", "uuid")),
              List.of(Key.of(ref("E" + i + ".id")))));
      if (i > 0) {
        relationships.add(
            new Relationship(
                "r" + i,
                false,
                List.of(
                    new Relationship.End("E" + (i - 1), Cardinality.ONE, ""),
                    new Relationship.End("E" + i, Cardinality.N, "")),
                List.of(),
                List.of()));
      }
    }
    assertThat(ConceptualRules.validate(new ConceptualModel(entities, relationships, List.of())))
        .isEmpty();
  }
}
