package org.keyspacestudio.app.ui;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.KeyspaceDefinition;
import org.keyspacestudio.model.schema.Replication;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Severity;
import org.keyspacestudio.model.validate.Validator;

/**
 * A keyspace's replication options as people type them in the inspector and the preferences: {@code
 * replication_factor=3} or {@code dc1=3, dc2=2}.
 */
final class ReplicationText {

  private ReplicationText() {}

  /** The options as {@code a=1, b=2}, in the map's order; empty for none. */
  static String format(Map<String, String> options) {
    StringBuilder out = new StringBuilder();
    options.forEach(
        (k, v) -> out.append(out.length() > 0 ? ", " : "").append(k).append('=').append(v));
    return out.toString();
  }

  /**
   * {@code a=1, b=2} as a map.
   *
   * @param text the options, not null; blank parts are skipped
   * @return the options sorted by name, or null when a part is not {@code name=value}
   */
  static TreeMap<String, String> parse(String text) {
    TreeMap<String, String> map = new TreeMap<>();
    for (String part : text.split(",")) {
      if (part.isBlank()) {
        continue;
      }
      String[] kv = part.split("=", 2);
      if (kv.length != 2 || kv[0].isBlank() || kv[1].isBlank()) {
        return null;
      }
      map.put(kv[0].strip(), kv[1].strip());
    }
    return map;
  }

  /**
   * What Cassandra would refuse in a keyspace defined so: the validator's errors for a keyspace
   * with this definition and nothing in it.
   *
   * @return the first error's message, or null when the node would accept it
   */
  static String refusal(KeyspaceDefinition definition) {
    Keyspace ks =
        new Keyspace(
            CqlIdentifier.of("ks"), definition, List.of(), List.of(), List.of(), List.of());
    return Validator.validate(new Schema(List.of(ks), List.of())).stream()
        .filter(p -> p.severity() == Severity.ERROR)
        .map(Problem::message)
        .findFirst()
        .orElse(null);
  }

  /**
   * Replication options converted for another strategy: SimpleStrategy's factor becomes {@code
   * datacenter1}'s (Cassandra's default data center name); NetworkTopologyStrategy's largest data
   * center factor becomes SimpleStrategy's; others are kept as they are.
   */
  static TreeMap<String, String> convert(Map<String, String> options, String toStrategy) {
    TreeMap<String, String> out = new TreeMap<>();
    if (toStrategy.equals("NetworkTopologyStrategy") && options.containsKey("replication_factor")) {
      out.put("datacenter1", options.get("replication_factor"));
    } else if (toStrategy.equals("SimpleStrategy") && !options.containsKey("replication_factor")) {
      int largest = 1;
      for (String v : options.values()) {
        if (v.matches("\\d+")) {
          largest = Math.max(largest, Integer.parseInt(v));
        }
      }
      out.put("replication_factor", Integer.toString(largest));
    } else {
      out.putAll(options);
    }
    return out;
  }

  /** {@code SimpleStrategy} with replication factor 1, Cassandra's smallest. */
  static KeyspaceDefinition fallback() {
    return new KeyspaceDefinition(Replication.simple(1), true);
  }
}
