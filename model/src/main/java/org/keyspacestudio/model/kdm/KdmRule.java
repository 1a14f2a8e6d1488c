package org.keyspacestudio.model.kdm;

import org.keyspacestudio.model.validate.RuleId;
import org.keyspacestudio.model.validate.Severity;

/** What an import of a KDM project says about what it skipped or guessed. */
public enum KdmRule implements RuleId {
  IMPORT_NOTE(
      "KDM-IMPORT",
      Severity.INFO,
      "Something a KDM project file holds that was skipped or read with a guess, or that KDM files"
          + " do not hold (column types, a keyspace, a workflow).");

  private final Info info;

  KdmRule(String id, Severity severity, String summary) {
    this.info = new Info(id, severity, summary);
  }

  @Override
  public Info info() {
    return info;
  }
}
