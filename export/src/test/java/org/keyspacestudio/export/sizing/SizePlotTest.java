package org.keyspacestudio.export.sizing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.parse.CqlImporter;
import org.keyspacestudio.model.project.Project;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.sizing.PartitionSizes;

class SizePlotTest {

  @Test
  void theSizeAxisNamesEveryDecadeDownToItsLowest() throws Exception {
    // One int per partition: a few bytes, so the axis starts at 0.000001 MB (1 byte).
    Project project =
        new Project(CqlImporter.read("CREATE TABLE ks.t (k int PRIMARY KEY);", "t.cql").schema());
    var size =
        PartitionSizes.estimate(
                project, ElementRef.table(CqlIdentifier.of("ks"), CqlIdentifier.of("t")))
            .orElseThrow();
    assertThat(size.bytes()).isLessThan(100);
    var styler = SizePlot.chart(size, SizePlot.WIDTH, SizePlot.HEIGHT).getStyler();
    double lowest = styler.getYAxisMin();
    assertThat(lowest).isEqualTo(0.000001);
    // The axis's ticks as XChart writes them, from its lowest decade up: four decimals wrote
    // 0.000001 and 0.00001 MB as 0, a zero on a logarithmic scale.
    var format =
        new java.text.DecimalFormat(
            styler.getYAxisDecimalPattern(),
            java.text.DecimalFormatSymbols.getInstance(java.util.Locale.ROOT));
    assertThat(format.format(lowest)).isEqualTo("0.000001");
    assertThat(format.format(lowest * 10)).isEqualTo("0.00001");
    assertThat(format.format(100)).isEqualTo("100");
  }
}
