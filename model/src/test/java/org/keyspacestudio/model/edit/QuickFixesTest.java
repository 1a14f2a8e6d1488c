package org.keyspacestudio.model.edit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Rule;
import org.keyspacestudio.model.validate.Validator;
import org.keyspacestudio.model.write.CqlWriter;

/** The freezing and IS NOT NULL fixes: what each offers, what it writes, and its undo. */
class QuickFixesTest {

  private static Document document(String cql) {
    return new Document(new Project(CqlImporter.read(cql, "t.cql").schema()), null);
  }

  private static List<Problem> problems(Document doc, Rule rule) {
    return Validator.validate(doc.project().schema()).stream()
        .filter(p -> p.rule() == rule)
        .toList();
  }

  /** Applies the one fix of the one problem of {@code rule}; returns its label. */
  private static String fixOnly(Document doc, Rule rule) {
    List<Problem> found = problems(doc, rule);
    assertThat(found).hasSize(1);
    List<Fix> fixes = QuickFixes.of(doc.project(), found.get(0));
    assertThat(fixes).hasSize(1);
    assertThat(fixes.get(0).safe()).isTrue();
    doc.perform(fixes.get(0).edit());
    assertThat(problems(doc, rule)).isEmpty();
    return fixes.get(0).label();
  }

  @Test
  void aCollectionInTheKeyIsFrozenAndTheUndoThawsIt() {
    Document doc =
        document("CREATE TABLE ks.t (tags set<text>, at timestamp, PRIMARY KEY (tags, at));");
    String before = CqlWriter.write(doc.project().schema());
    assertThat(fixOnly(doc, Rule.KEY_NON_FROZEN)).isEqualTo("Make tags of ks.t frozen<set<text>>");
    assertThat(CqlWriter.write(doc.project().schema())).contains("tags frozen<set<text>>");
    doc.undo();
    assertThat(CqlWriter.write(doc.project().schema())).isEqualTo(before);
  }

  @Test
  void onlyTheCollectionsInsideACollectionAreFrozen() {
    Document doc =
        document(
            "CREATE TABLE ks.t (k int PRIMARY KEY, m map<text, list<int>>);\n"
                + "CREATE TYPE ks.p (x int);\n"
                + "CREATE TABLE ks.u (k int PRIMARY KEY, ps list<p>);");
    List<Problem> found = problems(doc, Rule.TYPE_NESTED_NON_FROZEN);
    assertThat(found).hasSize(2);
    for (Problem p : found) {
      doc.perform(QuickFixes.of(doc.project(), p).get(0).edit());
    }
    String cql = CqlWriter.write(doc.project().schema());
    assertThat(cql).contains("m map<text, frozen<list<int>>>").contains("ps list<frozen<p>>");
    assertThat(problems(doc, Rule.TYPE_NESTED_NON_FROZEN)).isEmpty();
  }

  @Test
  void aUdtInsideAUdtIsFrozen() {
    Document doc = document("CREATE TYPE ks.point (x int);\nCREATE TYPE ks.shape (corner point);");
    assertThat(fixOnly(doc, Rule.UDT_NON_FROZEN_UDT))
        .isEqualTo("Make field corner of ks.shape frozen<point>");
  }

  @Test
  void everyKeyColumnOfAViewGetsIsNotNullInOneFix() {
    Document doc =
        document(
            "CREATE TABLE ks.e (day date, at timestamp, kind text, PRIMARY KEY (day, at));\n"
                + "CREATE MATERIALIZED VIEW ks.by_kind AS SELECT * FROM ks.e WHERE at IS NOT NULL"
                + " PRIMARY KEY ((kind, day), at);");
    List<Problem> found = problems(doc, Rule.VIEW_NOT_NULL);
    assertThat(found).hasSize(2);
    // Each problem offers the same fix, which adds both.
    for (Problem p : found) {
      assertThat(QuickFixes.of(doc.project(), p))
          .extracting(Fix::label)
          .containsExactly("Add kind, day IS NOT NULL to the view ks.by_kind");
    }
    doc.perform(QuickFixes.of(doc.project(), found.get(0)).get(0).edit());
    assertThat(problems(doc, Rule.VIEW_NOT_NULL)).isEmpty();
    assertThat(CqlWriter.write(doc.project().schema()))
        .contains("WHERE at IS NOT NULL AND kind IS NOT NULL AND day IS NOT NULL");
    doc.undo();
    assertThat(problems(doc, Rule.VIEW_NOT_NULL)).hasSize(2);
  }

  @Test
  void subOptionsCassandraDoesNotUnderstandAreDroppedAndCrcCheckChanceMovesToTheTable() {
    Document doc =
        document(
            "CREATE TABLE ks.t (k int PRIMARY KEY) WITH compression = {'class': 'LZ4Compressor',"
                + " 'chunk_length_in_kb': '64', 'crc_check_chance': '0.5'} AND compaction ="
                + " {'class': 'LeveledCompactionStrategy', 'max_sstable_age_days': '365'};");
    List<Problem> found = problems(doc, Rule.OPTION_INVALID);
    assertThat(found).hasSize(2);
    List<String> labels = new java.util.ArrayList<>();
    for (Problem p : found) {
      Fix fix = QuickFixes.of(doc.project(), p).get(0);
      assertThat(fix.safe()).isTrue();
      labels.add(fix.label());
      doc.perform(fix.edit());
    }
    assertThat(labels)
        .containsExactlyInAnyOrder(
            "Remove crc_check_chance from compression of ks.t (crc_check_chance becomes the"
                + " table's option)",
            "Remove max_sstable_age_days from compaction of ks.t");
    assertThat(problems(doc, Rule.OPTION_INVALID)).isEmpty();
    assertThat(CqlWriter.write(doc.project().schema()))
        .contains("crc_check_chance = 0.5")
        .contains("'chunk_length_in_kb': '64'")
        .doesNotContain("max_sstable_age_days");
  }

  @Test
  void aPre30CompressorNameBecomesClass() {
    // The cqlshlib test schema's has_all_types: Cassandra 5.0 refuses it ("Missing sub-option
    // 'class' for the 'compression' option").
    Document doc =
        document(
            "CREATE TABLE ks.t (k int PRIMARY KEY) WITH compression ="
                + " {'sstable_compression':'LZ4Compressor', 'chunk_length_in_kb': '16'};");
    List<Problem> found = problems(doc, Rule.OPTION_INVALID);
    assertThat(found).hasSize(1);
    Fix fix = QuickFixes.of(doc.project(), found.get(0)).get(0);
    assertThat(fix.safe()).isTrue();
    assertThat(fix.label()).isEqualTo("Rename sstable_compression to class in compression of ks.t");
    doc.perform(fix.edit());
    assertThat(problems(doc, Rule.OPTION_INVALID)).isEmpty();
    assertThat(CqlWriter.write(doc.project().schema()))
        .contains("compression = {'chunk_length_in_kb': '16', 'class': 'LZ4Compressor'}")
        .doesNotContain("sstable_compression");
    doc.undo();
    assertThat(problems(doc, Rule.OPTION_INVALID)).hasSize(1);
  }
}
