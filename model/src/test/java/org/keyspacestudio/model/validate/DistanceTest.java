package org.keyspacestudio.model.validate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The edit distance the fixes and suggestions use to find the name meant ({@link
 * Validator#distance}): a typo's edits, a swap of two neighbouring characters counting one.
 */
class DistanceTest {

  @Test
  void aTypoIsOneEditAndASwapOfNeighboursToo() {
    assertThat(Validator.distance("email", "email")).isZero();
    assertThat(Validator.distance("emal", "email")).isEqualTo(1);
    assertThat(Validator.distance("emaik", "email")).isEqualTo(1);
    assertThat(Validator.distance("emial", "email")).isEqualTo(1);
    assertThat(Validator.distance("craeted", "created")).isEqualTo(1);
    assertThat(Validator.distance("kitten", "sitting")).isEqualTo(3);
    assertThat(Validator.distance("", "abc")).isEqualTo(3);
    assertThat(Validator.distance("abc", "")).isEqualTo(3);
    // Optimal string alignment: a swapped pair is not edited again.
    assertThat(Validator.distance("ca", "abc")).isEqualTo(3);
  }
}
