package org.keyspacestudio.model.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.conceptual.AttributeRef;
import org.keyspacestudio.model.conceptual.ConceptualModel;
import org.keyspacestudio.model.conceptual.Entity;
import org.keyspacestudio.model.conceptual.Key;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.workflow.Query;
import org.keyspacestudio.model.workflow.QueryText;

/** The types the mapping gives attributes drawn without one, from their names. */
class TypeGuessTest {

  @Test
  void namesThatSayWhatTheyHoldGiveTheirType() {
    Map<String, NativeType> expected =
        Map.ofEntries(
            Map.entry("sensor_id", NativeType.UUID),
            Map.entry("id", NativeType.UUID),
            Map.entry("userId", NativeType.UUID),
            Map.entry("installed_at", NativeType.TIMESTAMP),
            Map.entry("Added At", NativeType.TIMESTAMP),
            Map.entry("start_time", NativeType.TIMESTAMP),
            Map.entry("timestamp", NativeType.TIMESTAMP),
            Map.entry("birth_date", NativeType.DATE),
            Map.entry("date", NativeType.DATE),
            Map.entry("day", NativeType.DATE),
            Map.entry("order_day", NativeType.DATE),
            // As Cassandra schemas have them (the corpus's 22 *_date columns are all timestamps),
            // and ids run into their word (userid, videoid: 59 uuid columns there).
            Map.entry("added_date", NativeType.TIMESTAMP),
            Map.entry("release_date", NativeType.TIMESTAMP),
            Map.entry("userid", NativeType.UUID),
            Map.entry("videoid", NativeType.UUID),
            // The ids of things that happen at a time (the corpus's six commentids).
            Map.entry("commentid", NativeType.TIMEUUID),
            Map.entry("comment_id", NativeType.TIMEUUID),
            Map.entry("user_message_id", NativeType.TIMEUUID),
            Map.entry("activity_id", NativeType.TIMEUUID),
            Map.entry("ts_uuid", NativeType.TIMEUUID),
            Map.entry("commenter_id", NativeType.UUID),
            Map.entry("race_year", NativeType.INT),
            Map.entry("posted_month", NativeType.INT),
            Map.entry("rank", NativeType.INT),
            Map.entry("client_ip", NativeType.INET),
            Map.entry("account_locked", NativeType.BOOLEAN),
            Map.entry("verified", NativeType.BOOLEAN),
            Map.entry("is_active", NativeType.BOOLEAN),
            Map.entry("hasChildren", NativeType.BOOLEAN),
            Map.entry("view_count", NativeType.INT),
            Map.entry("number_of_seats", NativeType.INT),
            Map.entry("age", NativeType.INT),
            Map.entry("unit_price", NativeType.DECIMAL),
            Map.entry("amount", NativeType.DECIMAL),
            Map.entry("latitude", NativeType.DOUBLE));
    expected.forEach((name, type) -> assertThat(TypeGuess.byName(name)).as(name).contains(type));
  }

  @Test
  void theCorpusColumnsNamesSayTheirTypesMostlyRightly() throws Exception {
    // What the names say, checked against real schemas: a column typed by its name alone as its
    // schema types it. Before *_date was read as a timestamp and userid as a uuid: 65 typed, 19
    // rightly; before the ids of things that happen at a time were read as timeuuids: 144, 111.
    int columns = 0;
    int typed = 0;
    int right = 0;
    for (java.nio.file.Path file : org.keyspacestudio.model.Corpus.files()) {
      var schema = org.keyspacestudio.model.parse.CqlImporter.readFiles(List.of(file)).schema();
      for (var keyspace : schema.keyspaces()) {
        for (var table : keyspace.tables()) {
          for (var column : table.columns()) {
            columns++;
            var guess = TypeGuess.byName(column.name().asInternal());
            if (guess.isPresent()) {
              typed++;
              if (guess.get().asCql().equals(column.type().asCql())) {
                right++;
              }
            }
          }
        }
      }
    }
    System.out.printf(
        "corpus columns typed by their names: %d of %d, %d as their schema types them%n",
        typed, columns, right);
    assertThat(typed).isGreaterThanOrEqualTo(144);
    assertThat(right).isGreaterThanOrEqualTo(117);
    assertThat((double) right / typed).isGreaterThan(0.75);
  }

  @Test
  void otherNamesSayNothing() {
    for (String name :
        List.of(
            "name",
            "email",
            "location",
            "tags",
            "description",
            "idea",
            "format",
            "status",
            "paid",
            "valid",
            "android",
            "grid")) {
      assertThat(TypeGuess.byName(name)).as(name).isEmpty();
    }
  }

  @Test
  void theMappingTypesAnAttributeWithoutATypeByItsNameAndAWrittenTypeWins() {
    // An attribute drawn without a type had become a text column: installed_at text.
    ConceptualModel er =
        new ConceptualModel(
            List.of(
                new Entity(
                    "Sensor",
                    false,
                    List.of(
                        Attribute.simple("sensor_id", ""),
                        Attribute.simple("location", ""),
                        Attribute.simple("installed_at", ""),
                        Attribute.simple("is_active", ""),
                        Attribute.simple("model_id", "text"),
                        Attribute.multiValued("reading_dates", "")),
                    List.of(Key.of(AttributeRef.parse("Sensor.sensor_id"))))),
            List.of(),
            List.of());
    Query q =
        new Query(
            "Q1",
            "",
            QueryText.parseGiven("Sensor.location ="),
            QueryText.parseRefs(
                "Sensor.sensor_id, Sensor.installed_at, Sensor.is_active, Sensor.model_id,"
                    + " Sensor.reading_dates"),
            QueryText.parseOrderBy("Sensor.installed_at DESC"),
            Query.ResultSize.PARTITION);
    Mapper.Alternative best = Mapper.alternatives(er, q, List.of(), Set.of()).alternatives().get(0);
    Map<String, String> types = new java.util.LinkedHashMap<>();
    best.columns().forEach(c -> types.put(c.name(), c.type().asCql()));
    assertThat(types)
        .containsExactly(
            Map.entry("location", "text"),
            Map.entry("installed_at", "timestamp"),
            Map.entry("sensor_id", "uuid"),
            Map.entry("is_active", "boolean"),
            Map.entry("model_id", "text"),
            Map.entry("reading_dates", "set<timestamp>"));
  }
}
