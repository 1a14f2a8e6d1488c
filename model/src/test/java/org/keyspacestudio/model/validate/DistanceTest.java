package org.keyspacestudio.model.validate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * The edit distance the fixes and suggestions use to find the name meant ({@link
 * Validator#distance}): a typo's edits, a swap of two neighbouring characters counting one.
 */
class DistanceTest {

  @Test
  void aTypoIsOneEditAndASwapOfNeighboursToo() {
    assertThat(Validator.distance("email", "email", 10)).isZero();
    assertThat(Validator.distance("emal", "email", 10)).isEqualTo(1);
    assertThat(Validator.distance("emaik", "email", 10)).isEqualTo(1);
    assertThat(Validator.distance("emial", "email", 10)).isEqualTo(1);
    assertThat(Validator.distance("craeted", "created", 10)).isEqualTo(1);
    assertThat(Validator.distance("kitten", "sitting", 10)).isEqualTo(3);
    assertThat(Validator.distance("", "abc", 10)).isEqualTo(3);
    assertThat(Validator.distance("abc", "", 10)).isEqualTo(3);
    // Optimal string alignment: a swapped pair is not edited again.
    assertThat(Validator.distance("ca", "abc", 10)).isEqualTo(3);
  }

  @Test
  void aNameFartherThanTheLimitIsCalledOneOverIt() {
    assertThat(Validator.distance("kitten", "sitting", 2)).isEqualTo(3);
    assertThat(Validator.distance("kitten", "sitting", 3)).isEqualTo(3);
    assertThat(Validator.distance("emial", "email", 0)).isEqualTo(1);
    assertThat(Validator.distance("email", "email", 0)).isZero();
    // Lengths two apart, each insertion an edit: at the limit, then over it.
    assertThat(Validator.distance("mail", "emails", 2)).isEqualTo(2);
    assertThat(Validator.distance("mail", "emails", 1)).isEqualTo(2);
    // Same length, no character in common: the first rows are already over the limit.
    assertThat(Validator.distance("abcdefgh", "stuvwxyz", 2)).isEqualTo(3);
    assertThatThrownBy(() -> Validator.distance("a", "b", -1))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aHostileNameOfAMillionCharactersIsFarFromEveryOption() {
    // An option name a mutated file made a million characters long: one over the limit, whether it
    // shares a start with the option or not (the suggestions compare it with every option known).
    String huge = "tombstone_threshold" + "x".repeat(1_000_000);
    assertThat(Validator.distance(huge, "tombstone_threshold", 2)).isEqualTo(3);
    assertThat(Validator.distance("tombstone_threshold", huge, 2)).isEqualTo(3);
    String sameLength = "y".repeat(1_000_000);
    assertThat(Validator.distance(huge.substring(0, 1_000_000), sameLength, 2)).isEqualTo(3);
  }

  @Test
  void stoppingAtTheLimitNeverChangesADistanceWithinIt() {
    // Random names over a small alphabet (many near pairs, swaps included), every limit 0-4.
    java.util.Random random = new java.util.Random(7);
    for (int n = 0; n < 20_000; n++) {
      String a = randomName(random);
      String b = random.nextBoolean() ? randomName(random) : typo(a, random);
      int exact = Validator.distance(a, b, 100);
      for (int limit = 0; limit <= 4; limit++) {
        assertThat(Validator.distance(a, b, limit))
            .as("%s, %s, limit %d", a, b, limit)
            .isEqualTo(Math.min(exact, limit + 1));
      }
    }
  }

  private static String randomName(java.util.Random random) {
    StringBuilder s = new StringBuilder();
    for (int i = random.nextInt(9); i > 0; i--) {
      s.append((char) ('a' + random.nextInt(4)));
    }
    return s.toString();
  }

  /** The name with one or two edits: a character dropped, added, changed or swapped. */
  private static String typo(String name, java.util.Random random) {
    StringBuilder s = new StringBuilder(name);
    for (int edits = 1 + random.nextInt(2); edits > 0; edits--) {
      int at = s.length() == 0 ? 0 : random.nextInt(s.length());
      switch (s.length() < 2 ? 1 : random.nextInt(4)) {
        case 0 -> s.deleteCharAt(at);
        case 1 -> s.insert(at, (char) ('a' + random.nextInt(4)));
        case 2 -> s.setCharAt(at, (char) ('a' + random.nextInt(4)));
        default -> {
          int i = Math.min(at, s.length() - 2);
          char c = s.charAt(i);
          s.setCharAt(i, s.charAt(i + 1));
          s.setCharAt(i + 1, c);
        }
      }
    }
    return s.toString();
  }
}
