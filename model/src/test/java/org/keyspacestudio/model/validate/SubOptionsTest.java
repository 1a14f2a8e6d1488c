package org.keyspacestudio.model.validate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.keyspacestudio.model.parse.CqlImporter;

/**
 * The compaction and compression sub-options as Cassandra 5.0.9 judged each of these options (a
 * table created with it alone): accepted, or refused with the message part given.
 */
class SubOptionsTest {

  static Stream<Arguments> cases() {
    return Stream.of(
        ok("compaction = {'class': 'SizeTieredCompactionStrategy', 'bucket_high': '1.5'}"),
        ok("compaction = {'class': 'LeveledCompactionStrategy', 'min_threshold': '2'}"),
        ok("compaction = {'class': 'LeveledCompactionStrategy', 'fanout_size': '1'}"),
        ok("compaction = {'class': 'TimeWindowCompactionStrategy', 'bucket_low': '0.5'}"),
        ok(
            "compaction = {'class': 'org.apache.cassandra.db.compaction.UnifiedCompactionStrategy',"
                + " 'scaling_parameters': 'T4', 'log_all': 'false'}"),
        ok("compaction = {'class': 'SizeTieredCompactionStrategy', 'enabled': 'False'}"),
        ok("compression = {'class': 'LZ4Compressor', 'lz4_compressor_type': 'fast'}"),
        ok("compression = {'class': 'ZstdCompressor', 'compression_level': '3'}"),
        ok("compression = {'class': 'LZ4Compressor', 'chunk_length_in_kb': '64'}"),
        ok("compression = {'enabled': 'false'}"),
        refused(
            "compaction = {'class': 'SizeTieredCompactionStrategy', 'sstable_size_in_mb': '160'}",
            "Properties specified [sstable_size_in_mb] are not understood by"
                + " SizeTieredCompactionStrategy"),
        refused(
            "compaction = {'class': 'UnifiedCompactionStrategy', 'min_threshold': '4'}",
            "[min_threshold] are not understood by UnifiedCompactionStrategy"),
        refused(
            "compaction = {'class': 'LeveledCompactionStrategy', 'compaction_window_size': '1'}",
            "are not understood by LeveledCompactionStrategy"),
        refused(
            "compaction = {'class': 'SizeTieredCompactionStrategy', 'min_threshold': '1'}",
            "Min compaction threshold cannot be less than 2 (got 1"),
        refused(
            "compaction = {'class': 'TimeWindowCompactionStrategy', 'max_threshold': '3'}",
            "Min compaction threshold (got 4) cannot be greater than max compaction threshold"
                + " (got 3"),
        refused(
            "compaction = {'class': 'LeveledCompactionStrategy', 'min_threshold': 'abc'}",
            "Invalid value abc for 'min_threshold' compaction sub-option - must be an integer"),
        refused(
            "compaction = {'class': 'SizeTieredCompactionStrategy', 'enabled': 'maybe'}",
            "enabled should either be 'true' or 'false', not maybe"),
        refused(
            "compaction = {'class': 'TimeWindowCompactionStrategy', 'compaction_window_unit':"
                + " 'days'}",
            "days is not valid for compaction_window_unit"),
        refused(
            "compaction = {'class': 'TimeWindowCompactionStrategy', 'compaction_window_size':"
                + " '1.5'}",
            "1.5 is not a parsable int (base10) for compaction_window_size"),
        refused(
            "compaction = {'class': 'LeveledCompactionStrategy', 'sstable_size_in_mb': '0'}",
            "sstable_size_in_mb must be at least 1, but was 0"),
        refused(
            "compaction = {'class': 'LeveledCompactionStrategy', 'sstable_size_in_md': '160'}",
            "Properties specified [sstable_size_in_md] are not understood by"
                + " LeveledCompactionStrategy (did you mean sstable_size_in_mb?)"),
        ok(
            "compaction = {'class': 'SizeTieredCompactionStrategy', 'tombstone_threshold': '1e-3',"
                + " 'tombstone_compaction_interval': '0', 'provide_overlapping_tombstones':"
                + " 'cell', 'bucket_low': '-1', 'min_sstable_size': '0'}"),
        ok(
            "compaction = {'class': 'TimeWindowCompactionStrategy', 'timestamp_resolution':"
                + " 'NANOSECONDS', 'expired_sstable_check_frequency_seconds': '0'}"),
        ok(
            "compaction = {'class': 'UnifiedCompactionStrategy', 'scaling_parameters': 'T4, L10,"
                + " N, -2', 'sstable_growth': '1', 'overlap_inclusion_method': 'single',"
                + " 'max_sstables_to_compact': '-1'}"),
        refused(
            "compaction = {'class': 'LeveledCompactionStrategy', 'tombstone_threshold': '-0.5'}",
            "tombstone_threshold must be greater than 0"),
        refused(
            "compaction = {'class': 'SizeTieredCompactionStrategy', 'bucket_high': '0'}",
            "bucket_high value (0.0) is less than or equal to the bucket_low value (0.5)"),
        refused(
            "compaction = {'class': 'TimeWindowCompactionStrategy', 'timestamp_resolution':"
                + " 'MINUTES'}",
            "Invalid value MINUTES for 'timestamp_resolution'"),
        refused(
            "compaction = {'class': 'TimeWindowCompactionStrategy', 'min_threshold': ' 4'}",
            "Invalid value  4 for 'min_threshold'"),
        refused(
            "compaction = {'class': 'UnifiedCompactionStrategy',"
                + " 'expired_sstable_check_frequency_seconds': '0'}",
            "expired_sstable_check_frequency_seconds must be positive"),
        ok(
            "compaction = {'class': 'UnifiedCompactionStrategy', 'target_sstable_size': '1.5 GiB',"
                + " 'flush_size_override': '1e3MiB', 'min_sstable_size': '0B'}"),
        ok("compaction = {'class': 'UnifiedCompactionStrategy', 'target_sstable_size': '1GB'}"),
        refused(
            "compaction = {'class': 'UnifiedCompactionStrategy', 'target_sstable_size': '1000KB'}",
            "is not acceptable, size must be at least 1MiB"),
        refused(
            "compaction = {'class': 'UnifiedCompactionStrategy', 'target_sstable_size': '1gib'}",
            "target_sstable_size 1gib is not a valid size in bytes"),
        refused(
            "compaction = {'class': 'UnifiedCompactionStrategy', 'min_sstable_size': '50'}",
            "min_sstable_size 50 is not a valid size in bytes"),
        refused(
            "compaction = {'class': 'UnifiedCompactionStrategy', 'sstable_growth': '-0.1'}",
            "sstable_growth -0.1 must be between 0 and 1"),
        refused(
            "compaction = {'class': 'UnifiedCompactionStrategy', 'scaling_parameters': 'T4,"
                + " W4'}",
            "Scaling parameter W4 must match"),
        refused(
            "compression = {'class': 'LZ4Compressor', 'crc_check_chance': '0.5'}",
            "Unknown compression options crc_check_chance"),
        refused(
            "compression = {'class': 'LZ4Compressor', 'compression_level': '3'}",
            "Unknown compression options compression_level"),
        refused(
            "compression = {'class': 'LZ4Compressor', 'chunk_length_in_kb': '3'}",
            "chunk_length_in_kb must be a power of 2"),
        refused(
            "compression = {'class': 'LZ4Compressor', 'enabled': 'false'}",
            "If the 'enabled' option is set to false no other options must be specified"),
        // Found by the fuzz test (seed 2423): an exponent beyond an int crashed the check, and
        // one within it would have been written out as a billion digits.
        refused("default_time_to_live = 91e4004608000", "is out of range: 91e4004608000"),
        refused(
            "default_time_to_live = 1e999999999",
            "must be less than or equal to 630720000 (got 1e999999999)"),
        ok(
            "compression = {'class': 'LZ4Compressor', 'lz4_compressor_type': 'high',"
                + " 'lz4_high_compressor_level': '17', 'min_compress_ratio': '1e1',"
                + " 'chunk_length_in_kb': '1048576'}"),
        ok("compression = {'class': 'ZstdCompressor', 'compression_level': '-131072'}"),
        refused(
            "compression = {'class': 'ZstdCompressor', 'compression_level': '23'}",
            "Invalid value 23 for 'compression_level'"),
        refused(
            "compression = {'class': 'LZ4Compressor', 'lz4_compressor_type': 'Fast'}",
            "Invalid compressor type 'Fast'"),
        refused(
            "compression = {'class': 'LZ4Compressor', 'min_compress_ratio': '0.5'}",
            "min_compress_ratio can either be 0 or greater than or equal to 1"),
        refused(
            "compression = {'class': 'LZ4Compressor', 'chunk_length_in_kb': ' 64'}",
            "Invalid value for chunk_length_in_kb"),
        refused(
            "compression = {'class': 'LZ4Compressor', 'chunk_length_in_kb': '2097152'}",
            "chunk_length_in_kb is too large"),
        refused(
            "compression = {'class': 'Bogus'}",
            "Could not create Compression for type org.apache.cassandra.io.compress.Bogus"));
  }

  private static Arguments ok(String option) {
    return Arguments.of(option, null);
  }

  private static Arguments refused(String option, String message) {
    return Arguments.of(option, message);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void eachSubOptionIsJudgedAsCassandraJudgesIt(String option, String message) {
    var read =
        CqlImporter.read(
            "CREATE TABLE ks.t (k int PRIMARY KEY) WITH " + option + ";", "sub-options.cql");
    List<Problem> invalid =
        Validator.validate(read.schema(), read.positions()).stream()
            .filter(p -> p.rule() == Rule.OPTION_INVALID)
            .toList();
    if (message == null) {
      assertThat(invalid).isEmpty();
    } else {
      assertThat(invalid).extracting(Problem::message).anyMatch(m -> m.contains(message));
      assertThat(invalid).allMatch(p -> p.position() != null);
    }
  }
}
