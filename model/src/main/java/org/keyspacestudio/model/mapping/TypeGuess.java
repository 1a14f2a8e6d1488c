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
 *   <li>{@code timeuuid}: the id of a thing that happens at a time ({@code comment_id}, {@code
 *       commentid}, {@code message_id}, {@code event_id}, {@code activity_id}, ...: the corpus's
 *       six {@code commentid}s are {@code timeuuid}s), {@code *_timeuuid}, {@code ts_uuid};
 *   <li>{@code uuid}: {@code id}, {@code *_id}, {@code *_uuid}, and a word run into {@code id}
 *       ({@code userid}, {@code videoid}, {@code authorid}: 59 {@code uuid} columns of the shared
 *       corpus's schemas, none of them guessed before; not {@code paid}, {@code valid} and the
 *       like);
 *   <li>{@code timestamp}: {@code *_at}, {@code *_ts}, {@code *_time}, {@code *_timestamp}, {@code
 *       timestamp}, {@code created}, {@code updated}, {@code modified}, and {@code *_date} (every
 *       one of the corpus's 22, {@code added_date} and {@code release_date} among them, is a {@code
 *       timestamp}) but a birth date;
 *   <li>{@code date}: {@code date}, {@code day}, {@code *_day}, {@code birth_date}, {@code
 *       date_of_birth}, {@code birthday}, {@code dob};
 *   <li>{@code boolean}: {@code is_*}, {@code has_*}, {@code *_locked}, {@code *_enabled}, and a
 *       yes or no named as it stands ({@code active}, {@code verified}, {@code deleted}, {@code
 *       used}, {@code shared}, ...);
 *   <li>{@code inet}: {@code ip}, {@code *_ip}, {@code ip_address};
 *   <li>{@code int}: {@code count}, {@code *_count}, {@code num}, {@code num_*}, {@code
 *       number_of_*}, {@code age}, {@code year}, {@code *_year}, {@code month}, {@code *_month},
 *       {@code rank}, {@code quantity};
 *   <li>{@code decimal}: {@code price}, {@code amount}, {@code cost}, {@code balance} and the names
 *       ending with them ({@code unit_price});
 *   <li>{@code double}: {@code latitude}, {@code longitude}, {@code lat}, {@code lon}, {@code lng}.
 * </ul>
 */
public final class TypeGuess {

  private TypeGuess() {}

  /**
   * Adjectives and participles that name a yes or no as they stand ({@code locked}; the corpus's
   * {@code account_locked}, {@code used} and {@code shared} are booleans): the time it happened is
   * {@code *_at}.
   */
  private static final java.util.Set<String> FLAGS =
      java.util.Set.of(
          "active",
          "enabled",
          "disabled",
          "verified",
          "deleted",
          "archived",
          "locked",
          "shared",
          "used",
          "visible",
          "hidden",
          "published",
          "approved",
          "confirmed",
          "blocked");

  /** English words of five letters or more that end in "id" but are no id. */
  private static final java.util.Set<String> NOT_IDS =
      java.util.Set.of(
          "unpaid",
          "prepaid",
          "valid",
          "invalid",
          "rapid",
          "liquid",
          "solid",
          "hybrid",
          "humid",
          "android",
          "squid",
          "avoid",
          "afraid",
          "lucid",
          "vivid",
          "timid",
          "candid",
          "splendid",
          "stupid",
          "pyramid",
          "orchid",
          "fluid",
          "druid",
          "braid",
          "david",
          "covid",
          "madrid",
          "cupid");

  /**
   * Things that happen at a time, whose ids order them by it: the corpus's {@code commentid}
   * (KillrVideo, six tables), {@code activity_id} and a comments table's {@code record_id} are
   * {@code timeuuid}s.
   */
  private static final java.util.Set<String> EVENTS =
      java.util.Set.of(
          "comment", "message", "post", "event", "activity", "tweet", "reply", "notification");

  /**
   * Whether a name is the id of a thing that happens at a time ({@link #EVENTS}): {@code
   * comment_id}, {@code commentid}, {@code user_message_id}.
   */
  private static boolean eventId(String n) {
    if (!n.endsWith("_id") && !runIntoId(n)) {
      return false;
    }
    String stem = n.substring(0, n.length() - (n.endsWith("_id") ? 3 : 2));
    return EVENTS.contains(stem.substring(stem.lastIndexOf('_') + 1));
  }

  /**
   * Whether a name is a word run into {@code id} ({@code userid}, {@code videoid}), as older
   * Cassandra schemas write their keys: one word of three letters or more before it, no underscore,
   * and not an English word that ends so ({@code paid}, {@code valid}).
   */
  private static boolean runIntoId(String n) {
    return n.endsWith("id")
        && n.length() >= 5
        && n.indexOf('_') < 0
        && n.chars().allMatch(Character::isLetter)
        && !NOT_IDS.contains(n);
  }

  /**
   * The type an attribute's name suggests, of one value: a multi-valued attribute's name is read in
   * the singular ({@code reading_dates} as {@code reading_date}: a set of timestamps).
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
    if (n.endsWith("timeuuid") || n.endsWith("time_uuid") || n.endsWith("ts_uuid") || eventId(n)) {
      return Optional.of(NativeType.TIMEUUID);
    }
    if (n.equals("id") || n.endsWith("_id") || n.endsWith("_uuid") || runIntoId(n)) {
      return Optional.of(NativeType.UUID);
    }
    if (n.equals("date")
        || n.equals("day")
        || n.endsWith("_day")
        || n.equals("birth_date")
        || n.equals("date_of_birth")
        || n.equals("birthday")
        || n.equals("dob")) {
      return Optional.of(NativeType.DATE);
    }
    if (n.endsWith("_at")
        || n.endsWith("_ts")
        || n.endsWith("_time")
        || n.endsWith("_timestamp")
        || n.endsWith("_date")
        || n.equals("timestamp")
        || n.equals("created")
        || n.equals("updated")
        || n.equals("modified")) {
      return Optional.of(NativeType.TIMESTAMP);
    }
    if (n.startsWith("is_")
        || n.startsWith("has_")
        || FLAGS.contains(n)
        || n.endsWith("_locked")
        || n.endsWith("_enabled")) {
      return Optional.of(NativeType.BOOLEAN);
    }
    if (n.equals("ip") || n.endsWith("_ip") || n.equals("ip_address")) {
      return Optional.of(NativeType.INET);
    }
    if (n.equals("count")
        || n.endsWith("_count")
        || n.equals("num")
        || n.startsWith("num_")
        || n.startsWith("number_of_")
        || n.equals("age")
        || n.equals("year")
        || n.endsWith("_year")
        || n.equals("month")
        || n.endsWith("_month")
        || n.equals("rank")
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
