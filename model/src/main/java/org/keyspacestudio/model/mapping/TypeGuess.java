package org.keyspacestudio.model.mapping;

import java.util.Optional;
import org.keyspacestudio.model.conceptual.Attribute;
import org.keyspacestudio.model.type.NativeType;

/**
 * The CQL type an attribute's name suggests, for the mapping of an attribute drawn without a type
 * (the conceptual model of the method has none; the physical model needs one): {@code installed_at}
 * a {@code timestamp}, {@code sensor_id} a {@code uuid}, {@code birth_date} a {@code date}. Only
 * names that say what they hold are read; the others, and so every name this class does not
 * recognise, map to {@code text} as before. A type written in the attribute's inspector always
 * wins.
 *
 * <p>The names read, in snake_case ({@code installedAt} reads as {@code installed_at}):
 *
 * <ul>
 *   <li>{@code uuid}: {@code id}, {@code *_id}, {@code *_uuid};
 *   <li>{@code timestamp}: {@code *_at}, {@code *_ts}, {@code *_time}, {@code *_timestamp}, {@code
 *       timestamp}, {@code created}, {@code updated}, {@code modified};
 *   <li>{@code date}: {@code date}, {@code *_date}, {@code birthday}, {@code dob};
 *   <li>{@code boolean}: {@code is_*}, {@code has_*};
 *   <li>{@code int}: {@code count}, {@code *_count}, {@code num_*}, {@code number_of_*}, {@code
 *       age}, {@code year}, {@code quantity};
 *   <li>{@code decimal}: {@code price}, {@code amount}, {@code cost}, {@code balance} and the names
 *       ending with them ({@code unit_price});
 *   <li>{@code double}: {@code latitude}, {@code longitude}, {@code lat}, {@code lon}, {@code lng}.
 * </ul>
 */
public final class TypeGuess {

  private TypeGuess() {}

  /**
   * The type an attribute's name suggests, of one value: a multi-valued attribute's name is read in
   * the singular ({@code reading_dates} as {@code reading_date}: a set of dates).
   *
   * @param attribute an attribute or a composite attribute's part, not null
   * @return the type, or empty when the name says nothing this class reads (or names a composite
   *     attribute, whose type is its parts')
   */
  public static Optional<NativeType> of(Attribute attribute) {
    return switch (attribute.kind()) {
      case COMPOSITE -> Optional.empty();
      case MULTI_VALUED -> byName(Mapper.Naming.singular(Mapper.Naming.snake(attribute.name())));
      default -> byName(attribute.name());
    };
  }

  /**
   * The type an attribute's name suggests.
   *
   * @param name an attribute's name as drawn (any case, spaces allowed), not null
   * @return the type, or empty when the name says nothing this class reads
   */
  public static Optional<NativeType> byName(String name) {
    String n = Mapper.Naming.snake(name);
    if (n.equals("id") || n.endsWith("_id") || n.endsWith("_uuid")) {
      return Optional.of(NativeType.UUID);
    }
    if (n.endsWith("_at")
        || n.endsWith("_ts")
        || n.endsWith("_time")
        || n.endsWith("_timestamp")
        || n.equals("timestamp")
        || n.equals("created")
        || n.equals("updated")
        || n.equals("modified")) {
      return Optional.of(NativeType.TIMESTAMP);
    }
    if (n.equals("date") || n.endsWith("_date") || n.equals("birthday") || n.equals("dob")) {
      return Optional.of(NativeType.DATE);
    }
    if (n.startsWith("is_") || n.startsWith("has_")) {
      return Optional.of(NativeType.BOOLEAN);
    }
    if (n.equals("count")
        || n.endsWith("_count")
        || n.startsWith("num_")
        || n.startsWith("number_of_")
        || n.equals("age")
        || n.equals("year")
        || n.equals("quantity")) {
      return Optional.of(NativeType.INT);
    }
    for (String money : new String[] {"price", "amount", "cost", "balance"}) {
      if (n.equals(money) || n.endsWith("_" + money)) {
        return Optional.of(NativeType.DECIMAL);
      }
    }
    if (n.equals("latitude")
        || n.equals("longitude")
        || n.equals("lat")
        || n.equals("lon")
        || n.equals("lng")) {
      return Optional.of(NativeType.DOUBLE);
    }
    return Optional.empty();
  }
}
