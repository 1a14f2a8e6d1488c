package org.keyspacestudio.model.edit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.conceptual.Cardinality;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.ConceptualRule;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.Relationship;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.validate.Problem;

/**
 * A recursive relationship whose ends of one entity are alike (ER-RECURSIVE-ROLES, a warning): the
 * fixes name their roles, from the relationship's verb when its name has one, else generic.
 */
class RecursiveRolesFixTest {

  private static Project recursive(String name, String... roles) {
    ConceptualModel model =
        ConceptualModel.empty().withEntity(new Entity("User", false, List.of(), List.of()));
    List<Relationship.End> ends =
        java.util.Arrays.stream(roles)
            .map(r -> new Relationship.End("User", Cardinality.N, r))
            .toList();
    return Project.empty()
        .withConceptual(
            model.withRelationship(
                name, new Relationship(name, false, ends, List.of(), List.of())));
  }

  private static List<Problem> roles(Project project) {
    return ProjectChecks.validate(project).stream()
        .filter(p -> p.rule() == ConceptualRule.RECURSIVE_ROLES)
        .toList();
  }

  private static List<String> labels(Project project) {
    return QuickFixes.of(project, roles(project).get(0)).stream().map(Fix::label).toList();
  }

  @Test
  void theVerbNamesTheDoerAndTheUndergoerAndOneUndoStepTakesThemBack() {
    Document doc = new Document(recursive("follows", "", ""), null);
    List<Fix> fixes = QuickFixes.of(doc.project(), roles(doc.project()).get(0));
    assertThat(fixes)
        .extracting(Fix::label)
        .containsExactly(
            "Name the ends of follows: User as follower, User as followee",
            "Name the ends of follows: User as source, User as target");
    assertThat(fixes).noneMatch(Fix::safe);
    doc.perform(fixes.get(0).edit());
    assertThat(doc.project().conceptual().relationship("follows").orElseThrow().ends())
        .extracting(Relationship.End::role)
        .containsExactly("follower", "followee");
    assertThat(roles(doc.project())).isEmpty();
    doc.undo();
    assertThat(roles(doc.project())).hasSize(1);
  }

  @Test
  void verbsOfEverySpellingAndNamesWithoutOne() {
    assertThat(labels(recursive("manages", "", "")).get(0))
        .isEqualTo("Name the ends of manages: User as manager, User as managed");
    assertThat(labels(recursive("repliesTo", "", "")).get(0))
        .isEqualTo("Name the ends of repliesTo: User as replier, User as replied");
    assertThat(labels(recursive("watches", "", "")).get(0))
        .isEqualTo("Name the ends of watches: User as watcher, User as watched");
    assertThat(labels(recursive("blocks", "", "")).get(0))
        .isEqualTo("Name the ends of blocks: User as blocker, User as blocked");
    assertThat(labels(recursive("knows", "", "")).get(0))
        .isEqualTo("Name the ends of knows: User as knower, User as known");
    assertThat(labels(recursive("stops", "", "")).get(0))
        .isEqualTo("Name the ends of stops: User as stopper, User as stopped");
    assertThat(labels(recursive("mentors", "", "")).get(0))
        .isEqualTo("Name the ends of mentors: User as mentor, User as mentee");
    // No verb in the third person: only the generic roles.
    assertThat(labels(recursive("friend_of", "", "")))
        .containsExactly("Name the ends of friend_of: User as source, User as target");
    assertThat(labels(recursive("is_a", "", "")))
        .containsExactly("Name the ends of is_a: User as source, User as target");
  }

  @Test
  void aRoleOnlyOneEndHasIsKeptAndTwoAlikeAreToldApart() {
    // follower is kept; the blank end takes the verb's other role.
    assertThat(labels(recursive("follows", "follower", "")))
        .containsExactly(
            "Name the ends of follows: User as followee",
            "Name the ends of follows: User as source");
    // Two ends alike: each is named again, the first keeping what it had when the verb gives it.
    Project twice = recursive("follows", "follower", "follower");
    Fix fix = QuickFixes.of(twice, roles(twice).get(0)).get(0);
    Project named = fix.edit().change().apply(twice);
    assertThat(named.conceptual().relationship("follows").orElseThrow().ends())
        .extracting(Relationship.End::role)
        .containsExactly("follower", "followee");
    // Three ends of one entity: three roles, none alike.
    Project three = recursive("refers", "", "", "");
    for (Fix f : QuickFixes.of(three, roles(three).get(0))) {
      assertThat(roles(f.edit().change().apply(three))).as(f.label()).isEmpty();
    }
  }
}
