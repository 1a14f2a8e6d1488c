package org.keyspacestudio.model.edit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.OptionValue;
import org.keyspacestudio.model.schema.SecondaryIndex;
import org.keyspacestudio.model.write.CqlWriter;

class ObjectEditsTest {

  private static final CqlIdentifier KS = CqlIdentifier.of("ks");

  private static Document document() {
    return new Document(
        new Project(
            CqlImporter.read(
                    "CREATE TABLE ks.t (k int, c int, v text, PRIMARY KEY (k, c));\n"
                        + "CREATE INDEX t_v ON ks.t (v);\n"
                        + "CREATE MATERIALIZED VIEW ks.mv AS SELECT * FROM ks.t WHERE v IS NOT"
                        + " NULL AND k IS NOT NULL AND c IS NOT NULL PRIMARY KEY (v, k, c);\n",
                    "t.cql")
                .schema()),
        null);
  }

  private static String cql(Document doc) {
    return CqlWriter.write(doc.project().schema());
  }

  @Test
  void anOptionOfAViewIsSetWrittenAndRemovedBackToTheDefault() {
    Document doc = document();
    ElementRef view = ElementRef.view(KS, CqlIdentifier.of("mv"));
    doc.perform(ObjectEdits.setOption(view, "gc_grace_seconds", new OptionValue.Number("60")));
    assertThat(cql(doc)).contains("gc_grace_seconds = 60");
    doc.perform(ObjectEdits.setOption(view, "gc_grace_seconds", null));
    assertThat(cql(doc)).doesNotContain("gc_grace_seconds");
    doc.undo();
    assertThat(cql(doc)).contains("gc_grace_seconds = 60");
  }

  @Test
  void anIndexIsReplacedInPlaceAndTheTableKeepsItsOtherIndexes() {
    Document doc = document();
    ElementRef index = ElementRef.index(KS, CqlIdentifier.of("t_v"));
    SecondaryIndex before = doc.project().schema().keyspaces().get(0).indexes().get(0);
    doc.perform(
        ObjectEdits.replaceIndex(
            index,
            new SecondaryIndex(
                before.name(), before.table(), before.targets(), "sai", before.options())));
    assertThat(cql(doc)).contains("CREATE CUSTOM INDEX t_v ON ks.t (v) USING 'sai'");
    assertThat(doc.project().schema().keyspaces().get(0).indexes()).hasSize(1);
  }
}
