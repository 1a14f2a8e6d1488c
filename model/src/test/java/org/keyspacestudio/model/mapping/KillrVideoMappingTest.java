package org.keyspacestudio.model.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.Corpus;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.MappingEdits;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.schema.ClusteringOrder;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Table;

/**
 * The KillrVideo example, mapped query by query, gives the tables DataStax's hand-made KillrVideo
 * schema has ({@code physical_killrvideo.cql} in the shared corpus): the same partition keys and
 * clustering columns in the same order and direction, for every query both serve.
 */
class KillrVideoMappingTest {

  /** Our query, and the hand-made table that answers it. */
  private static final Map<String, String> SERVED_BY_BOTH =
      Map.of(
          "Q1", "users_by_email",
          "Q2", "users",
          "Q3", "videos_by_user",
          "Q4", "comments_by_user",
          "Q5", "videos",
          "Q6", "comments_by_video",
          "Q7", "latest_videos");

  private static Project mapped() throws Exception {
    Project example = ProjectFile.read(Path.of("../examples/killrvideo.kstudio"));
    Document doc = new Document(example, null);
    doc.perform(MappingEdits.mapAll(CqlIdentifier.of("killr_video")));
    return doc.project();
  }

  /** The key as written: partition key columns, then clustering columns with their order. */
  private static String key(Table t, Map<String, String> rename) {
    PrimaryKey k = t.primaryKey();
    StringBuilder out = new StringBuilder("((");
    out.append(
        String.join(
            ", ",
            k.partitionKey().stream()
                .map(c -> rename.getOrDefault(c.asInternal(), c.asInternal()))
                .toList()));
    out.append(")");
    for (PrimaryKey.ClusteringColumn c : k.clustering()) {
      out.append(", ")
          .append(c.name().asInternal())
          .append(c.order() == ClusteringOrder.DESC ? " DESC" : " ASC");
    }
    return out.append(")").toString();
  }

  @Test
  void everyQueryServedByBothMapsToTheHandMadeKeysAndOrders() throws Exception {
    Path handMade =
        Corpus.dir()
            .resolve("datastax-training__killrvideo-sample-schema__physical_killrvideo.cql");
    org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.exists(handMade), "no corpus");
    Keyspace theirs = CqlImporter.readFiles(List.of(handMade)).schema().keyspaces().get(0);
    Project ours = mapped();
    Keyspace mine = ours.schema().keyspace(CqlIdentifier.of("killr_video")).orElseThrow();
    for (var e : SERVED_BY_BOTH.entrySet()) {
      MappedTable entry = ours.mapping().tablesOf(e.getKey()).get(0);
      Table table = mine.table(entry.table().object()).orElseThrow();
      Table reference = theirs.table(CqlIdentifier.of(e.getValue())).orElseThrow();
      assertThat(table.name().asInternal()).as(e.getKey()).isEqualTo(e.getValue());
      // The synthetic bucket is named by the method, video_bucket by its authors.
      assertThat(key(table, Map.of("bucket", "video_bucket")))
          .as("%s: %s", e.getKey(), e.getValue())
          .isEqualTo(key(reference, Map.of()));
    }
  }

  @Test
  void everyQueryOfTheExampleIsSupportedByItsTable() throws Exception {
    Project ours = mapped();
    assertThat(ours.workflow().queries()).allMatch(q -> !ours.mapping().tablesOf(q.id()).isEmpty());
    assertThat(ProjectChecks.validate(ours))
        .extracting(p -> p.rule().id() + " " + p.message())
        .filteredOn(s -> s.startsWith("SUPPORT-"))
        .as("support problems")
        .allMatch(s -> s.startsWith("SUPPORT-MANY-PARTITIONS") || s.startsWith("SUPPORT-INDEX"));
  }
}
