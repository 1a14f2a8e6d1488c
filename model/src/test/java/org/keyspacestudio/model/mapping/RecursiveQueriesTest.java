package org.keyspacestudio.model.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.Cardinality;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.conceptual.Relationship;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.support.QueryColumns;
import org.keyspacestudio.model.support.SupportCheck;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.QueryText;
import org.keyspacestudio.model.workflow.Task;
import org.keyspacestudio.model.workflow.Workflow;
import org.keyspacestudio.model.workflow.WorkflowRules;

/**
 * A recursive relationship (a user follows users): its queries name each end by its role ({@code
 * followee.user_id}), and the mapping makes a column for each end.
 */
class RecursiveQueriesTest {

  /** User (user_id, name); follows joins User as follower and as followee, since when. */
  static final ConceptualModel FOLLOWS =
      new ConceptualModel(
          List.of(
              new Entity(
                  "User",
                  false,
                  List.of(Attribute.simple("user_id", "uuid"), Attribute.simple("name", "text")),
                  List.of(Key.of(AttributeRef.parse("User.user_id"))))),
          List.of(
              new Relationship(
                  "follows",
                  false,
                  List.of(
                      new Relationship.End("User", Cardinality.N, "follower"),
                      new Relationship.End("User", Cardinality.N, "followee")),
                  List.of(Attribute.simple("since", "timestamp")),
                  List.of())),
          List.of());

  private static Query query(String id, String given, String returns, String order) {
    return new Query(
        id,
        "",
        QueryText.parseGiven(given),
        QueryText.parseRefs(returns),
        QueryText.parseOrderBy(order),
        Query.ResultSize.PARTITION);
  }

  /** The columns as MapperTest writes them, each followed by its CQL type. */
  private static String columns(Mapper.Alternative a) {
    String[] named = MapperTest.columns(a).split(", ");
    List<String> out = new java.util.ArrayList<>();
    for (int i = 0; i < named.length; i++) {
      out.add(named[i] + " " + a.columns().get(i).type().asCql());
    }
    return String.join(", ", out);
  }

  @Test
  void aRoleStandsForItsEntity() {
    assertThat(FOLLOWS.roleEntity("follower").map(Entity::name)).contains("User");
    assertThat(FOLLOWS.attribute(AttributeRef.parse("followee.name"))).isPresent();
    assertThat(FOLLOWS.attribute(AttributeRef.parse("followee.age"))).isEmpty();
    // An entity's or relationship's name is never read as a role.
    assertThat(FOLLOWS.roleEntity("User")).isEmpty();
    assertThat(FOLLOWS.roleEntity("follows")).isEmpty();
    // An end with no role: the blank is no role of it.
    Relationship unnamed =
        new Relationship(
            "knows",
            false,
            List.of(
                new Relationship.End("User", Cardinality.N, ""),
                new Relationship.End("User", Cardinality.N, "")),
            List.of(),
            List.of());
    ConceptualModel knows = FOLLOWS.withRelationship("knows", unnamed);
    assertThat(knows.roleEntity("")).isEmpty();
    assertThat(knows.rolesFor(unnamed, "User")).isEmpty();
  }

  @Test
  void theFollowersOfAUserAndWhomAUserFollowsAreTwoTablesWithAColumnPerEnd() {
    var followers =
        Mapper.alternatives(
                FOLLOWS,
                query("Q1", "followee.user_id =", "follower.user_id, follower.name", ""),
                List.of(),
                Set.of())
            .alternatives()
            .get(0);
    assertThat(followers.table()).isEqualTo("followers_by_followee");
    // The follower's key is added (MR5): each follower is a row of the followee's partition.
    assertThat(columns(followers))
        .isEqualTo("followee_user_id K uuid, follower_user_id C↑ uuid, name text");
    var followed =
        Mapper.alternatives(
                FOLLOWS,
                query(
                    "Q2",
                    "follower.user_id =",
                    "followee.user_id, followee.name, follows.since",
                    "follows.since DESC"),
                List.of(),
                Set.of())
            .alternatives()
            .get(0);
    assertThat(followed.table()).isEqualTo("follows_by_follower");
    assertThat(columns(followed))
        .isEqualTo(
            "follower_user_id K uuid, since C↓ timestamp, followee_user_id C↑ uuid, name text");
    // Each answers its query in one partition, as Cassandra's restrictions allow.
    for (var pair :
        List.of(
            List.of(
                followers,
                query("Q1", "followee.user_id =", "follower.user_id, follower.name", "")),
            List.of(
                followed,
                query(
                    "Q2",
                    "follower.user_id =",
                    "followee.user_id, followee.name, follows.since",
                    "follows.since DESC")))) {
      var a = (Mapper.Alternative) pair.get(0);
      var resolved = QueryColumns.resolve((Query) pair.get(1), a.toTable(), a.sources());
      assertThat(resolved.missing()).isEmpty();
      assertThat(SupportCheck.check(a.toTable(), Set.of(), resolved.query())).isEmpty();
    }
  }

  @Test
  void theUsersTableIsNoAnswerToWhoFollowsAUser() {
    // users, made for "find a user by id": its user_id column holds User.user_id.
    var users =
        Mapper.alternatives(
                FOLLOWS, query("Q2", "User.user_id =", "User.name", ""), List.of(), Set.of())
            .alternatives()
            .get(0);
    Query followers = query("Q1", "followee.user_id =", "follower.user_id, follower.name", "");
    // By column names alone it would have answered: user_id = ?, returning the user itself.
    assertThat(QueryColumns.answers(followers, users.toTable(), users.sources(), Set.of()))
        .isFalse();
    var reusable =
        new Mapper.Reusable(
            org.keyspacestudio.model.schema.ElementRef.table(
                org.keyspacestudio.model.cql.CqlIdentifier.of("ks"),
                org.keyspacestudio.model.cql.CqlIdentifier.of(users.table())),
            users.toTable(),
            users.sources(),
            Set.of());
    assertThat(
            Mapper.alternatives(FOLLOWS, followers, List.of(reusable), Set.of(users.table()))
                .alternatives()
                .get(0)
                .table())
        .isEqualTo("followers_by_followee");
  }

  @Test
  void anAttributeARoleLacksIsAddedToItsEntityOnce() {
    Query q =
        query(
            "Q1",
            "followee.user_id =",
            "follower.user_id, follower.nickname, followee.nickname",
            "");
    Project p =
        Project.empty()
            .withConceptual(FOLLOWS)
            .withWorkflow(
                new Workflow(
                    List.of(new Task("Show followers", List.of("Q1"))), List.of(), List.of(q)));
    var fixes = org.keyspacestudio.model.edit.QuickFixes.unknownAttributes(p, "Q1");
    assertThat(fixes)
        .extracting(org.keyspacestudio.model.edit.Fix::label)
        .containsExactly("Add follower.nickname, followee.nickname to the conceptual model");
    Project fixed = fixes.get(0).edit().change().apply(p);
    assertThat(fixed.conceptual().entities()).extracting(Entity::name).containsExactly("User");
    assertThat(fixed.conceptual().entity("User").orElseThrow().attributes())
        .extracting(Attribute::name)
        .containsExactly("user_id", "name", "nickname");
    assertThat(WorkflowRules.validate(fixed.workflow(), fixed.conceptual()))
        .noneMatch(x -> x.rule().id().equals("QUERY-ATTRIBUTE-UNKNOWN"));
  }

  @Test
  void aRoleRenamedIsRenamedInTheQueriesThatNameIt() {
    Query q = query("Q1", "followee.user_id =", "follower.user_id, follower.name", "");
    Project p =
        Project.empty()
            .withConceptual(FOLLOWS)
            .withWorkflow(
                new Workflow(
                    List.of(new Task("Show followers", List.of("Q1"))), List.of(), List.of(q)));
    Relationship follows = FOLLOWS.relationship("follows").orElseThrow();
    Project renamed =
        org.keyspacestudio.model.edit.ConceptualEdits.setEnds(
                "follows",
                List.of(
                    follows.ends().get(0), new Relationship.End("User", Cardinality.N, "followed")))
            .change()
            .apply(p);
    assertThat(renamed.workflow().query("Q1").orElseThrow().given().get(0).attribute())
        .isEqualTo(AttributeRef.parse("followed.user_id"));
    assertThat(renamed.workflow().query("Q1").orElseThrow().returns())
        .containsExactly(
            AttributeRef.parse("follower.user_id"), AttributeRef.parse("follower.name"));
    // An end given another entity is no rename: the query's reference is left to say so.
    Project moved =
        org.keyspacestudio.model.edit.ConceptualEdits.setEnds(
                "follows",
                List.of(follows.ends().get(0), new Relationship.End("Other", Cardinality.N, "x")))
            .change()
            .apply(p);
    assertThat(moved.workflow().query("Q1").orElseThrow().given().get(0).attribute())
        .isEqualTo(AttributeRef.parse("followee.user_id"));
  }

  private static Project with(Query q) {
    return Project.empty()
        .withConceptual(FOLLOWS)
        .withWorkflow(
            new Workflow(
                List.of(new Task("Show followers", List.of(q.id()))), List.of(), List.of(q)));
  }

  private static List<org.keyspacestudio.model.validate.Problem> ambiguous(Project p) {
    return WorkflowRules.validate(p.workflow(), p.conceptual()).stream()
        .filter(x -> x.rule().id().equals("QUERY-END-AMBIGUOUS"))
        .toList();
  }

  @Test
  void aQueryThatUsesARecursiveRelationshipAndNamesItsEntityIsAskedWhichEnd() {
    // The followers of a user, written with the entity's name: which User is given?
    Project p = with(query("Q1", "User.user_id =", "User.user_id, User.name, follows.since", ""));
    List<org.keyspacestudio.model.validate.Problem> found = ambiguous(p);
    assertThat(found)
        .extracting(org.keyspacestudio.model.validate.Problem::message)
        .containsExactly(
            "Q1 names User, which follows joins 2 times: say which end: follower.user_id or"
                + " followee.user_id");
    var fixes = org.keyspacestudio.model.edit.QuickFixes.of(p, found.get(0));
    assertThat(fixes)
        .extracting(org.keyspacestudio.model.edit.Fix::label)
        .containsExactly(
            "In Q1, read the given User as follower and the one found as followee",
            "In Q1, read the given User as followee and the one found as follower");
    Project fixed = fixes.get(1).edit().change().apply(p);
    Query read = fixed.workflow().query("Q1").orElseThrow();
    assertThat(read.given().get(0).attribute()).isEqualTo(AttributeRef.parse("followee.user_id"));
    assertThat(read.returns())
        .containsExactly(
            AttributeRef.parse("follower.user_id"),
            AttributeRef.parse("follower.name"),
            AttributeRef.parse("follows.since"));
    assertThat(ambiguous(fixed)).isEmpty();
    // Finding a user by id uses no relationship: nothing to say.
    assertThat(ambiguous(with(query("Q1", "User.user_id =", "User.name", "")))).isEmpty();
    // Only given: each role is offered.
    Project given = with(query("Q1", "User.user_id =", "follows.since", ""));
    assertThat(org.keyspacestudio.model.edit.QuickFixes.of(given, ambiguous(given).get(0)))
        .extracting(org.keyspacestudio.model.edit.Fix::label)
        .containsExactly(
            "In Q1, read User as follower (follows)", "In Q1, read User as followee (follows)");
  }

  @Test
  void aFollowersTableIsSizedByTheRelationshipsInstancesPerUser() {
    Query q1 = query("Q1", "followee.user_id =", "follower.user_id, follower.name", "");
    org.keyspacestudio.model.cql.CqlIdentifier ks =
        org.keyspacestudio.model.cql.CqlIdentifier.of("social");
    Project p = with(q1);
    var alternative = Mapping.alternatives(p, q1, ks).alternatives().get(0);
    p = org.keyspacestudio.model.edit.MappingEdits.choose("Q1", alternative, ks).change().apply(p);
    p =
        p.withSizing(
            org.keyspacestudio.model.sizing.SizingInputs.empty()
                .withInstances("User", 1_000L)
                .withInstances("follows", 50_000L));
    var size =
        org.keyspacestudio.model.sizing.PartitionSizes.estimate(
                p,
                org.keyspacestudio.model.schema.ElementRef.table(
                    ks, org.keyspacestudio.model.cql.CqlIdentifier.of("followers_by_followee")))
            .orElseThrow();
    // One partition per user (as followee), each holding its share of the follows.
    assertThat(size.partitions().value()).isEqualTo(1_000);
    assertThat(size.partitions().why()).isEqualTo("one per followee (1,000 User)");
    assertThat(size.rowsPerPartition().value()).isEqualTo(50);
    assertThat(size.rowsPerPartition().why()).isEqualTo("50,000 follows / 1,000 partitions");
  }

  @Test
  void aRoleAnotherRelationshipGivesAnotherEntityFirstIsNotOffered() {
    // subscribes (first) joins Channel as follower: follower reads as Channel, not User.
    ConceptualModel both =
        new ConceptualModel(
            List.of(
                FOLLOWS.entity("User").orElseThrow(),
                new Entity(
                    "Channel",
                    false,
                    List.of(Attribute.simple("channel_id", "uuid")),
                    List.of(Key.of(AttributeRef.parse("Channel.channel_id"))))),
            List.of(
                new Relationship(
                    "subscribes",
                    false,
                    List.of(
                        new Relationship.End("Channel", Cardinality.N, "follower"),
                        new Relationship.End("User", Cardinality.N, "")),
                    List.of(),
                    List.of()),
                FOLLOWS.relationship("follows").orElseThrow()),
            List.of());
    Query q = query("Q1", "User.user_id =", "User.name, follows.since", "");
    Project p =
        Project.empty()
            .withConceptual(both)
            .withWorkflow(
                new Workflow(List.of(new Task("Show", List.of("Q1"))), List.of(), List.of(q)));
    var found = ambiguous(p);
    assertThat(found).hasSize(1);
    // Only followee stands for User: no reading as follower, which would mean a Channel.
    assertThat(org.keyspacestudio.model.edit.QuickFixes.of(p, found.get(0))).isEmpty();
    assertThat(found.get(0).message())
        .endsWith(
            "say which end by its role (give each end a role of its own in the relationship's inspector)");
  }

  @Test
  void aQueryNamingARoleIsNoUnknownAttribute() {
    Query q1 = query("Q1", "followee.user_id =", "follower.user_id, follower.name", "");
    Workflow w =
        new Workflow(List.of(new Task("Show followers", List.of("Q1"))), List.of(), List.of(q1));
    Project p = Project.empty().withConceptual(FOLLOWS).withWorkflow(w);
    assertThat(WorkflowRules.validate(p.workflow(), p.conceptual()))
        .noneMatch(x -> x.rule().id().equals("QUERY-ATTRIBUTE-UNKNOWN"));
    Query wrong = query("Q1", "leader.user_id =", "follower.user_id", "");
    assertThat(
            WorkflowRules.validate(
                new Workflow(
                    List.of(new Task("Show followers", List.of("Q1"))), List.of(), List.of(wrong)),
                p.conceptual()))
        .anyMatch(x -> x.rule().id().equals("QUERY-ATTRIBUTE-UNKNOWN"));
  }
}
