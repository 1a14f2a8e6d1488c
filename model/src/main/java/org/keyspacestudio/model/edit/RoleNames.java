package org.keyspacestudio.model.edit;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Role names for the ends of a recursive relationship ({@code ER-RECURSIVE-ROLES}): who does what
 * the relationship's verb says and who undergoes it ({@code follows}: {@code follower} and {@code
 * followee}; {@code manages}: {@code manager} and {@code managed}; {@code replies_to}: {@code
 * replier} and {@code replied}; {@code mentors}: {@code mentor} and {@code mentee}), read from the
 * first word of its name when that is a verb in the third person ({@code -s}). Chen's notation, as
 * the Chebotko method uses it, tells a recursive relationship's ends apart by such roles.
 */
final class RoleNames {

  /** Participles that do not end in {@code -ed}, by the verb's stem. */
  private static final Map<String, String> IRREGULAR =
      Map.ofEntries(
          Map.entry("know", "known"),
          Map.entry("see", "seen"),
          Map.entry("write", "written"),
          Map.entry("lead", "led"),
          Map.entry("teach", "taught"),
          Map.entry("meet", "met"),
          Map.entry("buy", "bought"),
          Map.entry("hold", "held"),
          Map.entry("tell", "told"),
          Map.entry("give", "given"),
          Map.entry("take", "taken"),
          Map.entry("bring", "brought"),
          Map.entry("find", "found"),
          Map.entry("send", "sent"),
          Map.entry("pay", "paid"),
          Map.entry("read", "read"),
          Map.entry("make", "made"),
          Map.entry("feed", "fed"),
          Map.entry("beat", "beaten"));

  /** Verbs whose undergoer has a noun of its own ({@code follows}: followee), by the stem. */
  private static final Map<String, String> UNDERGOERS =
      Map.ofEntries(
          Map.entry("follow", "followee"),
          Map.entry("employ", "employee"),
          Map.entry("train", "trainee"),
          Map.entry("mentor", "mentee"),
          Map.entry("invite", "invitee"),
          Map.entry("pay", "payee"),
          Map.entry("nominate", "nominee"),
          Map.entry("interview", "interviewee"),
          Map.entry("supervise", "supervisee"),
          Map.entry("assign", "assignee"),
          Map.entry("refer", "referee"));

  /** Verbs whose doer is not the stem and {@code -er}, by the stem. */
  private static final Map<String, String> DOERS =
      Map.ofEntries(
          Map.entry("mentor", "mentor"),
          Map.entry("supervise", "supervisor"),
          Map.entry("refer", "referrer"),
          Map.entry("nominate", "nominator"),
          Map.entry("visit", "visitor"),
          Map.entry("advise", "advisor"),
          Map.entry("invest", "investor"));

  private RoleNames() {}

  /**
   * The doer's and the undergoer's role for a relationship's name, or an empty list when its first
   * word is no verb in the third person.
   *
   * @param relationship the relationship's name, not null
   * @return two role names, lower case, or none
   */
  static List<String> fromVerb(String relationship) {
    String[] words =
        relationship
            .strip()
            .replaceAll("([a-z0-9])([A-Z])", "$1_$2")
            .toLowerCase(Locale.ROOT)
            .split("[^a-z]+");
    String verb = words.length == 0 ? "" : words[0];
    if (verb.length() < 4
        || !verb.endsWith("s")
        || verb.endsWith("ss")
        || verb.endsWith("us")
        || verb.endsWith("oes")) {
      return List.of();
    }
    String stem;
    if (verb.endsWith("ies") && verb.length() > 4) {
      stem = verb.substring(0, verb.length() - 3) + "y";
    } else if (verb.endsWith("ches")
        || verb.endsWith("shes")
        || verb.endsWith("sses")
        || verb.endsWith("xes")
        || verb.endsWith("zzes")) {
      stem = verb.substring(0, verb.length() - 2);
    } else {
      stem = verb.substring(0, verb.length() - 1);
    }
    String agent;
    String patient;
    if (stem.endsWith("e")) {
      agent = stem + "r";
      patient = stem + "d";
    } else if (stem.endsWith("y") && !vowel(stem.charAt(stem.length() - 2))) {
      String base = stem.substring(0, stem.length() - 1);
      agent = base + "ier";
      patient = base + "ied";
    } else if (doublesItsLastLetter(stem)) {
      char last = stem.charAt(stem.length() - 1);
      agent = stem + last + "er";
      patient = stem + last + "ed";
    } else {
      agent = stem + "er";
      patient = stem + "ed";
    }
    return List.of(
        DOERS.getOrDefault(stem, agent),
        UNDERGOERS.getOrDefault(stem, IRREGULAR.getOrDefault(stem, patient)));
  }

  /**
   * Roles for {@code count} ends when the name gives none: {@code source} and {@code target} for
   * two (the first end reads as the one the relationship goes from), else {@code first}, {@code
   * second}, ... .
   */
  static List<String> generic(int count) {
    if (count == 2) {
      return List.of("source", "target");
    }
    List<String> ordinals = List.of("first", "second", "third", "fourth", "fifth", "sixth");
    List<String> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(i < ordinals.size() ? ordinals.get(i) : "end" + (i + 1));
    }
    return out;
  }

  private static boolean vowel(char c) {
    return "aeiou".indexOf(c) >= 0;
  }

  /** A short stem ending consonant, vowel, consonant doubles it ({@code stop}: stopper). */
  private static boolean doublesItsLastLetter(String stem) {
    int n = stem.length();
    if (n < 3 || n > 4) {
      return false;
    }
    char last = stem.charAt(n - 1);
    return !vowel(last)
        && "wxy".indexOf(last) < 0
        && vowel(stem.charAt(n - 2))
        && !vowel(stem.charAt(n - 3));
  }
}
