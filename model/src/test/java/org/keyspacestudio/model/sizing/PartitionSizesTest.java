package org.keyspacestudio.model.sizing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.edit.Document;
import org.keyspacestudio.model.edit.Fix;
import org.keyspacestudio.model.edit.MappingEdits;
import org.keyspacestudio.model.edit.SizingEdits;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.project.ProjectChecks;
import org.keyspacestudio.model.project.ProjectFile;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.support.QuerySupport;
import org.keyspacestudio.model.validate.Problem;

/**
 * Partition sizes by the formulas of Cassandra's data modeling guide ({@code Nv = Nr × (Nc − Npk −
 * Ns) + Ns}, {@code St = Σk + Σs + Nr × (Σr + Σc) + Nv × 8}), figures derived from the conceptual
 * model, and the bucket fix.
 */
class PartitionSizesTest {

  private static final CqlIdentifier KS = CqlIdentifier.of("hotel");

  private static Project project(String cql) {
    return new Project(CqlImporter.read(cql, "t.cql").schema());
  }

  private static ElementRef table(String name) {
    return ElementRef.table(KS, CqlIdentifier.of(name));
  }

  private static final String HOTEL =
      "CREATE KEYSPACE hotel WITH replication = {'class': 'SimpleStrategy',"
          + " 'replication_factor': 3};\n"
          + "CREATE TABLE hotel.available_rooms_by_hotel_date (hotel_id text, date date,"
          + " room_number smallint, is_available boolean,"
          + " PRIMARY KEY ((hotel_id), date, room_number));\n";

  @Test
  void theGuidesFormulasGiveValuesBytesAndTheTableOnDisk() {
    ElementRef ref = table("available_rooms_by_hotel_date");
    Project p =
        project(HOTEL)
            .withSizing(
                SizingInputs.empty()
                    .with(
                        TableSizing.none(ref)
                            .withRowsPerPartition(5_000L)
                            .withPartitions(1_000L)
                            .withColumnBytes("hotel_id", 10)));
    PartitionSize s = PartitionSizes.estimate(p, ref).orElseThrow();
    // Nc = 4, Npk = 3, Ns = 0: one value per row.
    assertThat(s.values()).isEqualTo(5_000);
    // 10 (hotel_id, typed in) + 5,000 × (1 boolean + 4 date + 2 smallint) + 5,000 × 8.
    assertThat(s.bytes()).isEqualTo(10 + 5_000 * 7 + 5_000 * 8);
    assertThat(s.replicationFactor().value()).isEqualTo(3);
    assertThat(s.totalBytes()).isEqualTo(75_010.0 * 1_000 * 3);
    assertThat(s.columns())
        .extracting(PartitionSize.ColumnSize::name, PartitionSize.ColumnSize::bytes)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("hotel_id", 10L),
            org.assertj.core.groups.Tuple.tuple("date", 4L),
            org.assertj.core.groups.Tuple.tuple("room_number", 2L),
            org.assertj.core.groups.Tuple.tuple("is_available", 1L));
    assertThat(s.assumed()).isFalse();
    assertThat(SizeRules.validate(p)).isEmpty();
  }

  @Test
  void aViewKeyedByAValueFewRowsDifferInHasTheLargePartitionsItsBaseTableAvoids() {
    Project tables =
        project(
            "CREATE KEYSPACE shop WITH replication = {'class': 'SimpleStrategy',"
                + " 'replication_factor': 3};\n"
                + "CREATE TABLE shop.users (user_id uuid PRIMARY KEY, country text, email text,"
                + " name text);\n"
                + "CREATE MATERIALIZED VIEW shop.users_by_country AS SELECT * FROM shop.users"
                + " WHERE country IS NOT NULL AND user_id IS NOT NULL"
                + " PRIMARY KEY (country, user_id);\n");
    CqlIdentifier shop = CqlIdentifier.of("shop");
    Document d = new Document(tables, null);
    d.perform(org.keyspacestudio.model.edit.ReverseEdits.recover(shop));
    ElementRef view = ElementRef.view(shop, CqlIdentifier.of("users_by_country"));
    ElementRef users = ElementRef.table(shop, CqlIdentifier.of("users"));
    // 50 million users in 200 countries.
    Project p =
        d.project()
            .withSizing(
                SizingInputs.empty()
                    .withInstances("User", 50_000_000L)
                    .with(TableSizing.none(view).withPartitions(200L)));
    PartitionSize byCountry = PartitionSizes.estimate(p, view).orElseThrow();
    assertThat(byCountry.table()).isEqualTo(view);
    assertThat(byCountry.rowsPerPartition().value()).isEqualTo(250_000);
    assertThat(byCountry.rowsPerPartition().basis()).isEqualTo(Figure.Basis.DERIVED);
    // Nv = 250,000 × (4 columns − 2 in the primary key − 0 static).
    assertThat(byCountry.values()).isEqualTo(500_000);
    assertThat(byCountry.rowsPerPartition().why()).isEqualTo("50,000,000 User / 200 partitions");
    assertThat(PartitionSizes.estimate(p, users).orElseThrow().rowsPerPartition().value())
        .isEqualTo(1);
    assertThat(PartitionSizes.all(p)).extracting(PartitionSize::table).containsExactly(users, view);
    List<Problem> problems = SizeRules.validate(p);
    assertThat(problems).extracting(Problem::element).containsOnly(view).isNotEmpty();
    assertThat(problems.get(0).message())
        .endsWith("or make it a table the application writes, with a bucket column.");
    assertThat(SizingEdits.fixes(p, view)).as("no bucket in a view's key").isEmpty();
    // Without the number of countries, nothing warns; the estimate says what would tell.
    Project untyped =
        d.project().withSizing(SizingInputs.empty().withInstances("User", 50_000_000L));
    PartitionSize assumed = PartitionSizes.estimate(untyped, view).orElseThrow();
    assertThat(assumed.rowsPerPartition().basis()).isEqualTo(Figure.Basis.ASSUMED);
    assertThat(assumed.rowsPerPartition().value()).isEqualTo(PartitionSizes.ASSUMED_ROWS);
    assertThat(assumed.rowsPerPartition().why())
        .contains("type in the number of partitions")
        .contains("50,000,000 User");
    assertThat(SizeRules.validate(untyped)).isEmpty();
  }

  @Test
  void staticColumnsCountOncePerPartitionAndATableWithoutClusteringHasOneRow() {
    Project p =
        project(
            "CREATE KEYSPACE hotel WITH replication = {'class': 'NetworkTopologyStrategy',"
                + " 'dc1': 3, 'dc2': 2};\n"
                + "CREATE TABLE hotel.rooms (hotel_id int, room int, hotel_name text static,"
                + " beds int, note blob, PRIMARY KEY (hotel_id, room));\n"
                + "CREATE TABLE hotel.hotels (id int PRIMARY KEY, name text, tags set<text>);");
    PartitionSize rooms =
        PartitionSizes.estimate(
                p.withSizing(
                    SizingInputs.empty()
                        .with(TableSizing.none(table("rooms")).withRowsPerPartition(10L))),
                table("rooms"))
            .orElseThrow();
    // Nv = 10 × (5 − 2 − 1) + 1.
    assertThat(rooms.values()).isEqualTo(21);
    // 4 + 20 (static text, assumed) + 10 × (4 + 100 + 4) + 21 × 8.
    assertThat(rooms.bytes()).isEqualTo(4 + 20 + 10 * 108 + 21 * 8);
    assertThat(rooms.replicationFactor().value()).isEqualTo(5);
    assertThat(rooms.assumed()).isTrue();

    PartitionSize hotels = PartitionSizes.estimate(p, table("hotels")).orElseThrow();
    assertThat(hotels.rowsPerPartition().value()).isEqualTo(1);
    assertThat(hotels.rowsPerPartition().basis()).isEqualTo(Figure.Basis.DERIVED);
    assertThat(hotels.partitions().basis()).isEqualTo(Figure.Basis.ASSUMED);
    // A set: 5 elements of 20 bytes assumed.
    assertThat(hotels.columns().get(2).bytes()).isEqualTo(5 * ColumnSizes.TEXT_BYTES);
    assertThat(hotels.columns().get(2).basis()).isEqualTo(Figure.Basis.ASSUMED);
  }

  @Test
  void typesHaveTheirSerializedSizesAndUserTypesTheSumOfTheirFields() {
    var ks =
        CqlImporter.read(
                "CREATE KEYSPACE hotel WITH replication = {'class': 'SimpleStrategy',"
                    + " 'replication_factor': 1};\n"
                    + "CREATE TYPE hotel.point (lat double, lon double, label text);",
                "t.cql")
            .schema()
            .keyspace(KS)
            .orElseThrow();
    assertThat(ColumnSizes.of(org.keyspacestudio.model.type.NativeType.UUID, ks))
        .isEqualTo(new ColumnSizes.Estimate(16, true));
    assertThat(
            ColumnSizes.of(
                new org.keyspacestudio.model.type.UserTypeRef(
                    null, CqlIdentifier.of("point"), true),
                ks))
        .isEqualTo(new ColumnSizes.Estimate(8 + 8 + 20, false));
    assertThat(
            ColumnSizes.of(
                new org.keyspacestudio.model.type.VectorType(
                    org.keyspacestudio.model.type.NativeType.FLOAT, 384),
                ks))
        .isEqualTo(new ColumnSizes.Estimate(384 * 4, true));
    assertThat(
            ColumnSizes.of(
                new org.keyspacestudio.model.type.CollectionType.MapType(
                    org.keyspacestudio.model.type.NativeType.INT,
                    org.keyspacestudio.model.type.NativeType.BIGINT,
                    false),
                ks))
        .isEqualTo(new ColumnSizes.Estimate(5 * 12, false));
  }

  private static Project killrVideoMapped() throws Exception {
    Document doc = new Document(ProjectFile.read(Path.of("../examples/killrvideo.kstudio")), null);
    doc.perform(MappingEdits.mapAll(CqlIdentifier.of("killr_video")));
    return doc.project();
  }

  private static ElementRef killr(String table) {
    return ElementRef.table(CqlIdentifier.of("killr_video"), CqlIdentifier.of(table));
  }

  @Test
  void rowsAndPartitionsAreDerivedFromKeysRelationshipsAndInstanceCounts() throws Exception {
    Project p = killrVideoMapped();
    // 1,000,000 users upload 5,000,000 videos (uploads: User 1, Video n).
    PartitionSize byUser = PartitionSizes.estimate(p, killr("videos_by_user")).orElseThrow();
    assertThat(byUser.partitions().value()).isEqualTo(1_000_000);
    assertThat(byUser.partitions().basis()).isEqualTo(Figure.Basis.DERIVED);
    assertThat(byUser.rowsPerPartition().value()).isEqualTo(5);
    assertThat(byUser.rowsPerPartition().why()).contains("5,000,000 Video");
    // 50,000,000 comments about 5,000,000 videos: the users in the key add no rows.
    PartitionSize comments = PartitionSizes.estimate(p, killr("comments_by_video")).orElseThrow();
    assertThat(comments.partitions().value()).isEqualTo(5_000_000);
    assertThat(comments.rowsPerPartition().value()).isEqualTo(10);
    // By email: a key of User, one partition per user, one row each.
    PartitionSize byEmail = PartitionSizes.estimate(p, killr("users_by_email")).orElseThrow();
    assertThat(byEmail.partitions().value()).isEqualTo(1_000_000);
    assertThat(byEmail.rowsPerPartition().value()).isEqualTo(1);
    // Without the count, the figure is assumed and says what to type in.
    Project noVideos = p.withSizing(p.sizing().withInstances("Video", null));
    PartitionSize unknown =
        PartitionSizes.estimate(noVideos, killr("videos_by_user")).orElseThrow();
    assertThat(unknown.rowsPerPartition().basis()).isEqualTo(Figure.Basis.ASSUMED);
    assertThat(unknown.rowsPerPartition().why()).contains("instances of Video");
  }

  @Test
  void theLatestVideosInOneBucketAreTooLargeAndTheFixSplitsThemInOneUndoableStep()
      throws Exception {
    Project p = killrVideoMapped();
    ElementRef latest = killr("latest_videos");
    PartitionSize before = PartitionSizes.estimate(p, latest).orElseThrow();
    assertThat(before.partitions().value()).isEqualTo(1);
    assertThat(before.rowsPerPartition().value()).isEqualTo(5_000_000);
    List<Problem> problems =
        ProjectChecks.validate(p).stream()
            .filter(x -> x.rule() instanceof SizeRule && latest.equals(x.element()))
            .toList();
    assertThat(problems)
        .extracting(x -> x.rule().id())
        .containsExactlyInAnyOrder("SIZE-VALUES", "SIZE-BYTES");
    // latest_videos is keyed by its bucket alone: the message does not ask for one more.
    assertThat(problems.get(0).message())
        .contains("latest_videos")
        .contains("Fix: spread the rows over more partitions")
        .doesNotContain("add a bucket");

    List<Fix> fixes = SizingEdits.fixes(p, latest);
    assertThat(fixes).hasSize(1);
    assertThat(fixes.get(0).label()).startsWith("Use ").contains("values of bucket");
    Document doc = new Document(p, null);
    doc.perform(fixes.get(0).edit());
    PartitionSize after = PartitionSizes.estimate(doc.project(), latest).orElseThrow();
    assertThat(SizeRules.validate(after)).isEmpty();
    assertThat(after.values()).isLessThanOrEqualTo(PartitionSize.VALUE_LIMIT);
    assertThat(after.bytes()).isLessThanOrEqualTo(PartitionSize.BYTE_LIMIT);
    assertThat(after.partitions().value()).isEqualTo(after.buckets());
    // The queries it answers still read one partition each.
    assertThat(QuerySupport.answers(doc.project()))
        .filteredOn(a -> a.table().equals(latest))
        .isNotEmpty()
        .allMatch(QuerySupport.Answer::supported);
    doc.undo();
    assertThat(doc.project()).isEqualTo(p);
  }

  @Test
  void aTableWithoutABucketGetsABucketColumnInItsPartitionKey() {
    ElementRef ref = table("available_rooms_by_hotel_date");
    Project p =
        project(HOTEL)
            .withSizing(
                SizingInputs.empty().with(TableSizing.none(ref).withRowsPerPartition(2_000_000L)));
    // 2,000,000 values, 30 MB.
    assertThat(SizeRules.validate(p)).extracting(x -> x.rule().id()).containsExactly("SIZE-VALUES");
    List<Fix> fixes = SizingEdits.fixes(p, ref);
    assertThat(fixes).hasSize(1);
    Document doc = new Document(p, null);
    doc.perform(fixes.get(0).edit());
    var t = doc.project().schema().keyspace(KS).orElseThrow().table(ref.object()).orElseThrow();
    assertThat(t.primaryKey().partitionKey())
        .extracting(CqlIdentifier::asInternal)
        .containsExactly("hotel_id", "bucket");
    assertThat(SizeRules.validate(doc.project())).isEmpty();
    assertThat(SizingEdits.fixes(doc.project(), ref)).isEmpty();
    doc.undo();
    assertThat(doc.project()).isEqualTo(p);
  }

  @Test
  void overTwoBillionValuesIsTheCellLimit() {
    ElementRef ref = table("available_rooms_by_hotel_date");
    Project p =
        project(HOTEL)
            .withSizing(
                SizingInputs.empty()
                    .with(TableSizing.none(ref).withRowsPerPartition(3_000_000_000L)));
    assertThat(SizeRules.validate(p))
        .extracting(x -> x.rule().id())
        .containsExactly("SIZE-CELLS", "SIZE-BYTES");
  }

  @Test
  void renamesAndDeletesCarryTheTypedFigures() {
    ElementRef ref = table("available_rooms_by_hotel_date");
    Project p =
        project(HOTEL)
            .withSizing(
                SizingInputs.empty()
                    .withInstances("Hotel", 10L)
                    .with(TableSizing.none(ref).withPartitions(7L).withColumnBytes("date", 9)));
    Document doc = new Document(p, null);
    doc.perform(
        org.keyspacestudio.model.edit.SchemaEdits.renameTable(ref, CqlIdentifier.of("rooms")));
    ElementRef rooms = table("rooms");
    doc.perform(
        org.keyspacestudio.model.edit.SchemaEdits.renameColumn(
            rooms, CqlIdentifier.of("date"), CqlIdentifier.of("day")));
    TableSizing moved = doc.project().sizing().table(rooms);
    assertThat(moved.partitions()).isEqualTo(7L);
    assertThat(moved.columnBytes()).containsEntry("day", 9).doesNotContainKey("date");
    doc.perform(org.keyspacestudio.model.edit.Edits.delete(java.util.Set.of(rooms)));
    assertThat(doc.project().sizing().tables()).isEmpty();
    assertThat(doc.project().sizing().instances()).containsEntry("Hotel", 10L);
  }
}
