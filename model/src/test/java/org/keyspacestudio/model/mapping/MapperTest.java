package org.keyspacestudio.model.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.Cardinality;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.IsA;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.conceptual.Relationship;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.ColumnKind;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.workflow.Operator;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.QueryText;

/** The mapping rules MR2-MR5, column kinds, types and names, on a sensor network (KDM's sample). */
class MapperTest {

  private static AttributeRef r(String s) {
    return AttributeRef.parse(s);
  }

  /** Network 1 - n Sensor; Sensor 1 - n Temperature (weak: Sensor.id, Temperature.timestamp). */
  static final ConceptualModel SENSORS =
      new ConceptualModel(
          List.of(
              new Entity(
                  "Network",
                  false,
                  List.of(
                      Attribute.simple("name", "text"),
                      Attribute.simple("description", "text"),
                      Attribute.simple("region", "text")),
                  List.of(Key.of(r("Network.name")))),
              new Entity(
                  "Sensor",
                  false,
                  List.of(
                      Attribute.simple("id", "uuid"),
                      Attribute.simple("name", "text"),
                      Attribute.multiValued("characteristics", "text"),
                      new Attribute(
                          "location",
                          Attribute.Kind.COMPOSITE,
                          "",
                          List.of(
                              Attribute.simple("latitude", "double"),
                              Attribute.simple("longitude", "double")))),
                  List.of(Key.of(r("Sensor.id")))),
              new Entity(
                  "Temperature",
                  true,
                  List.of(
                      Attribute.simple("timestamp", "timestamp"),
                      Attribute.simple("value", "float")),
                  List.of(Key.of(r("Sensor.id"), r("Temperature.timestamp")))),
              new Entity(
                  "Thermometer", false, List.of(Attribute.simple("unit", "text")), List.of())),
          List.of(
              new Relationship(
                  "has",
                  false,
                  List.of(
                      new Relationship.End("Network", Cardinality.ONE, ""),
                      new Relationship.End("Sensor", Cardinality.N, "")),
                  List.of(),
                  List.of())),
          List.of(new IsA("kinds", "Sensor", List.of("Thermometer"), true)));

  private static Query query(String given, String returns, String order) {
    return new Query(
        "Q1",
        "",
        QueryText.parseGiven(given),
        QueryText.parseRefs(returns),
        QueryText.parseOrderBy(order),
        Query.ResultSize.PARTITION);
  }

  private static List<Mapper.Alternative> map(Query q) {
    Mapper.Result r = Mapper.alternatives(SENSORS, q, List.of(), Set.of());
    assertThat(r.problems()).isEmpty();
    return r.alternatives();
  }

  /** The columns as name + marker: {@code name K}, {@code ts C↓}, {@code s S}, {@code v}. */
  static String columns(Mapper.Alternative a) {
    return String.join(
        ", ",
        a.columns().stream()
            .map(
                c ->
                    c.name()
                        + switch (c.kind()) {
                          case PARTITION_KEY -> " K";
                          case CLUSTERING -> c.order().name().equals("DESC") ? " C↓" : " C↑";
                          case STATIC -> " S";
                          case REGULAR -> "";
                        })
            .toList());
  }

  @Test
  void equalityRangeOrderingThenMissingKeysThenTheRest() {
    // Temperatures of a sensor on a day, newest first.
    var best =
        map(query(
                "Sensor.id =, Temperature.timestamp >=",
                "Temperature.value",
                "Temperature.timestamp DESC"))
            .get(0);
    assertThat(best.table()).isEqualTo("temperatures_by_sensor_and_timestamp");
    assertThat(columns(best)).isEqualTo("id K, timestamp C↓, value");
    assertThat(best.why()).contains("MR2").contains("MR3").contains("MR4");
  }

  @Test
  void mr5AddsTheKeysOfEveryEntityInvolvedSoThatRowsDoNotOverwriteEachOther() {
    var best = map(query("Network.name =", "Sensor.name, Sensor.location", "")).get(0);
    assertThat(best.table()).isEqualTo("sensors_by_network");
    assertThat(columns(best)).isEqualTo("network_name K, id C↑, sensor_name, location");
    assertThat(best.why()).contains("Sensor.id added to the key").contains("MR5");
    // Two attributes called name: each takes its entity's name.
    assertThat(best.sources()).containsEntry("network_name", r("Network.name"));
  }

  @Test
  void attributesOfTheEntityWhoseKeyIsThePartitionKeyAreStatic() {
    var best =
        map(query("Sensor.id =", "Sensor.name, Temperature.value", "Temperature.timestamp DESC"))
            .get(0);
    assertThat(columns(best)).isEqualTo("id K, timestamp C↓, name S, value");
    Table t = best.toTable();
    assertThat(t.column(CqlIdentifier.of("name")).get().isStatic()).isTrue();
  }

  @Test
  void aQueryWithoutEqualityGetsABucketAsItsPartitionKey() {
    var best = map(query("", "Network.name, Network.description", "")).get(0);
    assertThat(columns(best)).isEqualTo("bucket K, name C↑, description");
    assertThat(best.table()).isEqualTo("all_networks");
    assertThat(best.columns().get(0).source()).isNull();
    assertThat(best.columns().get(0).type().asCql()).isEqualTo("int");
  }

  @Test
  void typesComeFromHintsMultiValuedAsSetsCompositesAsUdts() {
    var best = map(query("Sensor.characteristics =", "Sensor.location, Sensor.id", "")).get(0);
    assertThat(best.table()).isEqualTo("sensors_by_characteristic");
    Map<String, String> types = new java.util.LinkedHashMap<>();
    best.columns().forEach(c -> types.put(c.name(), c.type().asCql()));
    assertThat(types)
        .containsEntry("characteristic", "text")
        .containsEntry("id", "uuid")
        .containsEntry("location", "frozen<location_type>");
    assertThat(best.types()).hasSize(1);
    assertThat(best.types().get(0).fields())
        .extracting(f -> f.name().asInternal() + " " + f.type().asCql())
        .containsExactly("latitude double", "longitude double");
    var returned = map(query("Sensor.id =", "Sensor.characteristics", "")).get(0);
    assertThat(returned.columns().get(1).type().asCql()).isEqualTo("set<text>");
  }

  @Test
  void alternativesMoveEqualityAttributesIntoClusteringColumnsRankedAfterTheBest() {
    List<Mapper.Alternative> alts =
        map(
            query(
                "Network.name =, Sensor.id =", "Temperature.value", "Temperature.timestamp DESC"));
    assertThat(alts)
        .extracting(MapperTest::columns)
        .containsExactly(
            "name K, id K, timestamp C↓, value",
            "name K, id C↑, timestamp C↓, value",
            "id K, name C↑, timestamp C↓, value");
    assertThat(alts.get(1).why()).startsWith("Only Network.name in the partition key");
  }

  @Test
  void aChildOfAnIsAHierarchyUsesItsParentsKey() {
    var best = map(query("Network.name =", "Thermometer.unit", "")).get(0);
    assertThat(columns(best)).isEqualTo("name K, id C↑, unit");
  }

  @Test
  void anExistingTableThatAnswersTheQueryIsOfferedFirst() {
    var first = map(query("Sensor.id =", "Sensor.name", "")).get(0);
    Table existing = first.toTable();
    var reuse =
        new Mapper.Reusable(
            ElementRef.table(CqlIdentifier.of("ks"), existing.name()),
            existing,
            first.sources(),
            Set.of());
    var alts =
        Mapper.alternatives(
                SENSORS, query("Sensor.id =", "Sensor.name", ""), List.of(reuse), Set.of("sensors"))
            .alternatives();
    assertThat(alts.get(0).reuse()).isEqualTo(reuse.ref());
    assertThat(alts.get(0).why()).startsWith("Reuse table sensors");
    assertThat(alts)
        .as("no new table that is a copy of the one reused (it was offered as sensors_2)")
        .hasSize(1);
    assertThat(
            Mapper.alternatives(
                    SENSORS, query("Sensor.id =", "Sensor.name", ""), List.of(), Set.of("sensors"))
                .alternatives()
                .get(0)
                .table())
        .as("a new table avoids a name that is taken")
        .isEqualTo("sensors_2");
    var other =
        Mapper.alternatives(
                SENSORS, query("Sensor.name =", "Sensor.id", ""), List.of(reuse), Set.of())
            .alternatives();
    assertThat(other).noneMatch(a -> a.reuse() != null);
  }

  @Test
  void aQueryNamingAMissingAttributeHasNoAlternativesAndSaysWhy() {
    Mapper.Result r =
        Mapper.alternatives(
            SENSORS, query("Sensor.serial =", "Sensor.id", ""), List.of(), Set.of());
    assertThat(r.alternatives()).isEmpty();
    assertThat(r.problems())
        .containsExactly("Q1 refers to Sensor.serial, which the conceptual model lacks");
  }

  @Test
  void everyGeneratedTableIsValidCqlAndAnswersItsQuery() {
    for (String[] q :
        new String[][] {
          {
            "Sensor.id =, Temperature.timestamp >=",
            "Temperature.value",
            "Temperature.timestamp DESC"
          },
          {"Network.name =", "Sensor.name, Sensor.location", ""},
          {"Network.name IN", "Network.description", ""},
          {"", "Network.name", "Network.name DESC"},
          {"Sensor.characteristics =", "Sensor.id", ""}
        }) {
      for (var a : map(query(q[0], q[1], q[2]))) {
        Table t = a.toTable();
        var schema =
            new org.keyspacestudio.model.schema.Schema(
                List.of(
                    new org.keyspacestudio.model.schema.Keyspace(
                        CqlIdentifier.of("ks"),
                        new org.keyspacestudio.model.schema.KeyspaceDefinition(
                            org.keyspacestudio.model.schema.Replication.simple(1), true),
                        a.types(),
                        List.of(t),
                        List.of(),
                        List.of())),
                List.of());
        assertThat(org.keyspacestudio.model.validate.Validator.validate(schema))
            .as("%s", t)
            .isEmpty();
        var resolved =
            org.keyspacestudio.model.support.QueryColumns.resolve(
                query(q[0], q[1], q[2]), t, a.sources());
        assertThat(resolved.missing()).isEmpty();
        assertThat(
                org.keyspacestudio.model.support.SupportCheck.supported(
                    org.keyspacestudio.model.support.SupportCheck.check(
                        t, Set.of(), resolved.query())))
            .as("%s answers %s", a.table(), q[0])
            .isTrue();
      }
    }
  }

  @Test
  void kindsAreThoseOfTheSchema() {
    assertThat(map(query("Sensor.id =", "Sensor.name", "")).get(0).columns())
        .extracting(Mapper.MappedColumn::kind)
        .containsExactly(ColumnKind.PARTITION_KEY, ColumnKind.REGULAR);
    assertThat(Operator.EQ.equality()).isTrue();
  }
}
