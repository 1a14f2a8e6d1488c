package org.keyspacestudio.model.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.schema.ClusteringOrder;

class QueryTextTest {

  @Test
  void givenAttributesReadWithEveryOperatorAndEqualityByDefault() {
    List<Query.Condition> given =
        QueryText.parseGiven("User.email, Video.tags IN ,Video.added_date>=, Comment.x <");
    assertThat(given)
        .containsExactly(
            new Query.Condition(AttributeRef.parse("User.email"), Operator.EQ),
            new Query.Condition(AttributeRef.parse("Video.tags"), Operator.IN),
            new Query.Condition(AttributeRef.parse("Video.added_date"), Operator.GE),
            new Query.Condition(AttributeRef.parse("Comment.x"), Operator.LT));
    assertThat(QueryText.parseGiven(QueryText.formatGiven(given))).isEqualTo(given);
    assertThat(QueryText.formatGiven(given))
        .isEqualTo("User.email =, Video.tags IN, Video.added_date >=, Comment.x <");
  }

  @Test
  void orderingReadsAscByDefaultAndNamesWithSpaces() {
    List<Query.Ordering> order = QueryText.parseOrderBy("Video.added date desc, Video.id");
    assertThat(order)
        .containsExactly(
            new Query.Ordering(AttributeRef.parse("Video.added date"), ClusteringOrder.DESC),
            new Query.Ordering(AttributeRef.parse("Video.id"), ClusteringOrder.ASC));
    assertThat(QueryText.parseOrderBy(QueryText.formatOrderBy(order))).isEqualTo(order);
  }

  @Test
  void somethingThatIsNotAnAttributeSaysWhat() {
    assertThatThrownBy(() -> QueryText.parseRefs("User.id, email"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'email' is not an attribute reference");
    assertThatThrownBy(() -> QueryText.parseGiven("User.id =>"))
        .hasMessageContaining("'=>' is not an operator");
    assertThat(QueryText.parseRefs("  ")).isEmpty();
    // An operator typed wrong is not read as part of the attribute's name.
    assertThatThrownBy(() -> QueryText.parseGiven("Sensor.sensor_id ==== >, Reading.x"))
        .hasMessage(
            "'Sensor.sensor_id ==== >' is not an attribute and an operator (expected"
                + " Entity.attribute followed by one of =, IN, <, <=, > or >=)");
    assertThatThrownBy(() -> QueryText.parseGiven("Sensor.sensor_id = 5"))
        .hasMessageContaining("'Sensor.sensor_id = 5' is not an attribute and an operator");
    assertThatThrownBy(() -> QueryText.parseRefs("Reading.value > 3"))
        .hasMessage(
            "'Reading.value > 3' is not an attribute reference (expected Entity.attribute;"
                + " comparisons go under Given)");
    assertThatThrownBy(() -> QueryText.parseOrderBy("Reading.time >= DESC"))
        .hasMessageContaining("'Reading.time >= DESC' is not an attribute reference");
  }
}
