package org.keyspacestudio.model.schema;

/** The order of a clustering column: ascending (the default) or descending. */
public enum ClusteringOrder {
  ASC,
  DESC;

  /** The opposite order. */
  public ClusteringOrder reverse() {
    return this == ASC ? DESC : ASC;
  }
}
