package org.keyspacestudio.model.schema;

import java.util.HashMap;
import java.util.Map;

/**
 * Each materialized view's rows ({@link Keyspace#viewAsTable}) across the checks of one editor
 * window, read again only when the view or its base table changed: an edit replaces only what it
 * changes (schema values are immutable and shared), so the view's and base table's objects are
 * compared by identity, and a view unchanged keeps the same {@link Table}, which the checks' own
 * memos then recognise as unchanged. Not thread-safe: one per memo.
 */
public final class ViewRows {

  private record Read(MaterializedView view, Table base, Table rows) {}

  private Map<ElementRef, Read> last = new HashMap<>();
  private Map<ElementRef, Read> now = new HashMap<>();

  /**
   * The view's rows, as last read when neither the view nor its base table changed since.
   *
   * @param ks the view's keyspace, not null
   * @param view a view of {@code ks}, not null
   * @return the table its rows fill, or null when its base table or a column it names is missing
   */
  public Table rows(Keyspace ks, MaterializedView view) {
    ElementRef ref = ElementRef.view(ks.name(), view.name());
    Table base = ks.table(view.baseTable()).orElse(null);
    Read read = last.get(ref);
    if (read == null || read.view() != view || read.base() != base) {
      read = new Read(view, base, ks.viewAsTable(view));
    }
    now.put(ref, read);
    return read.rows();
  }

  /** Ends one check: what it read is what the next one compares with; the rest is forgotten. */
  public void done() {
    last = now;
    now = new HashMap<>();
  }
}
