package org.keyspacestudio.model.dml;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.keyspacestudio.model.cql.CqlIdentifier;
import org.keyspacestudio.model.parse.WriteReader;
import org.keyspacestudio.model.schema.Column;
import org.keyspacestudio.model.schema.ColumnKind;
import org.keyspacestudio.model.schema.ElementRef;
import org.keyspacestudio.model.schema.Keyspace;
import org.keyspacestudio.model.schema.OtherStatement;
import org.keyspacestudio.model.schema.PrimaryKey;
import org.keyspacestudio.model.schema.Schema;
import org.keyspacestudio.model.schema.ScriptNames;
import org.keyspacestudio.model.schema.SourcePosition;
import org.keyspacestudio.model.schema.Table;
import org.keyspacestudio.model.schema.UserType;
import org.keyspacestudio.model.type.CollectionType;
import org.keyspacestudio.model.type.Constant;
import org.keyspacestudio.model.type.ConstantTypes;
import org.keyspacestudio.model.type.CqlType;
import org.keyspacestudio.model.type.NativeType;
import org.keyspacestudio.model.type.TupleType;
import org.keyspacestudio.model.type.UserTypeRef;
import org.keyspacestudio.model.validate.Problem;
import org.keyspacestudio.model.validate.Severity;
import org.keyspacestudio.model.workflow.Operator;

/**
 * The {@code INSERT}, {@code UPDATE}, {@code DELETE} and {@code BATCH} statements of a script (an
 * application's writes kept verbatim beside the schema) checked against the schema as Cassandra 5.0
 * prepares and runs them ({@link DmlRule}): the columns they name, the rows their WHERE clause (or
 * an INSERT's key columns) pick, what each assignment does to its column's type, counters, {@code
 * IF} conditions and batches. Each problem is on the statement ({@link ElementRef.Kind#STATEMENT}),
 * at its line and column.
 *
 * <p>Constants and literals given to columns (and to their elements and fields) are typed as
 * Cassandra types them ({@link ConstantTypes}). Not judged: strings for addresses (the node looks
 * up host names), what an {@code IF} compares beyond its column, relations on a tuple of columns or
 * a collection element, and whether a conditional batch's statements share a partition where a bind
 * marker gives a partition key (their values decide). Cassandra's refusals at run time are said
 * too: {@code IN} on the key of a conditional write, a DELETE of given columns from a range of
 * rows, null for a primary key column, a conditional batch whose constants name several partitions.
 * An {@code INSERT JSON}'s map is read as the node reads it: its keys the table's columns, each
 * value as its column's type reads JSON (collections, tuples, user types and vectors not judged).
 */
public final class ScriptWrites {

  private ScriptWrites() {}

  /**
   * What Cassandra says of a write.
   *
   * @param rule the rule
   * @param message what it refuses, with how to write it instead where there is one way
   */
  public record Finding(DmlRule rule, String message) {}

  /**
   * A write or batch of the script, read and checked.
   *
   * @param number the statement's 1-based number among the schema's kept statements
   * @param write the statement, or null for a batch
   * @param batch the batch, or null
   * @param target the table (or view) written (a batch's first with a problem, else its first), or
   *     null when the schema defines none of that name
   * @param findings what Cassandra refuses (errors) and what it takes otherwise than the statement
   *     seems to say ({@link DmlRule#VALUE_READ_AS}, warnings); empty when it takes the statement
   *     as written
   */
  public record Checked(
      int number, ScriptWrite write, ScriptBatch batch, ElementRef target, List<Finding> findings) {

    /** Whether Cassandra refuses the statement: an error among the findings. */
    public boolean refused() {
      return findings.stream().anyMatch(f -> f.rule().severity() == Severity.ERROR);
    }
  }

  /**
   * Whether a kept statement of this kind is one this check reads.
   *
   * @param kind an {@link OtherStatement#kind()}
   */
  public static boolean isWrite(String kind) {
    return kind.equals("INSERT")
        || kind.equals("UPDATE")
        || kind.equals("DELETE")
        || kind.equals("BEGIN");
  }

  /**
   * Every write of the schema's kept statements that is read, and not naming, with no {@code USE},
   * a table of several keyspaces, in statement order.
   *
   * @param schema the schema, not null
   * @return the checked writes, never null
   */
  public static List<Checked> check(Schema schema) {
    List<Checked> out = new ArrayList<>();
    ScriptNames.eachKept(
        schema,
        ScriptWrites::isWrite,
        (names, number, s, use) -> {
          Checked c = check(names, number, s.text(), use);
          if (c != null) {
            out.add(c);
          }
        });
    return out;
  }

  /**
   * One write of the script, read and checked alone.
   *
   * @param schema the schema, not null
   * @param number the statement's 1-based number among the schema's kept statements
   * @return the write checked, or null for another statement, one not read, or a number out of
   *     range
   */
  public static Checked check(Schema schema, int number) {
    List<OtherStatement> others = schema.otherStatements();
    if (number < 1 || number > others.size() || !isWrite(others.get(number - 1).kind())) {
      return null;
    }
    CqlIdentifier use = null;
    for (int i = number - 2; i >= 0 && use == null; i--) {
      use = ScriptNames.useOf(others.get(i));
    }
    return check(new ScriptNames(schema), number, others.get(number - 1).text(), use);
  }

  /**
   * The problems of the script's writes, each on its statement, at its position when known.
   *
   * @param schema the schema, not null
   * @param positions source positions of the schema's elements (may be empty), not null
   * @return the problems, never null
   */
  public static List<Problem> validate(Schema schema, Map<ElementRef, SourcePosition> positions) {
    List<Problem> out = new ArrayList<>();
    for (Checked c : check(schema)) {
      ElementRef ref = ElementRef.statement(c.number());
      SourcePosition at = positions.get(ref);
      for (Finding f : c.findings()) {
        out.add(new Problem(f.rule(), f.message(), ref, at));
      }
    }
    return out;
  }

  /**
   * The table or view a kept write writes: where the editor marks its problems.
   *
   * @param schema the schema, not null
   * @param statement a reference to one of its kept statements
   * @return the table or view, or null for another statement, one not read, or a table it lacks
   */
  public static ElementRef target(Schema schema, ElementRef statement) {
    Checked c = check(schema, statement.statementNumber());
    return c == null ? null : c.target();
  }

  /**
   * One INSERT, UPDATE or DELETE of the script (a batch's each on its own), with the table it
   * writes.
   *
   * @param number the 1-based number of the kept statement (the batch's, for one in a batch)
   * @param write the statement as read
   * @param target the table or view it writes, or null when the schema has none of that name (or
   *     two, with no USE to tell them apart)
   */
  public record Statement(int number, ScriptWrite write, ElementRef target) {}

  /**
   * Every write of the script that is read, a batch's statements each on its own, in order.
   *
   * @param schema the schema, not null
   * @return the writes, never null
   */
  public static List<Statement> statements(Schema schema) {
    List<Statement> out = new ArrayList<>();
    ScriptNames.eachKept(
        schema,
        ScriptWrites::isWrite,
        (names, number, s, use) -> {
          for (ScriptWrite w : writesOf(s.text())) {
            out.add(new Statement(number, w, targetOf(names, w, use)));
          }
        });
    return out;
  }

  /** A kept write's statements: itself, or a batch's; none when it is not read. */
  private static List<ScriptWrite> writesOf(String text) {
    WriteReader.Read read = WriteReader.read(text);
    return read.write() != null
        ? List.of(read.write())
        : read.batch() != null ? read.batch().statements() : List.of();
  }

  /**
   * The kept statements after a table is renamed: each write (or a batch's statement) that writes
   * it names {@code newName}, its keyspace as it was named, as the application's own statements
   * would have to.
   *
   * @param before the schema before the rename, not null
   * @param statements its kept statements as rewritten so far (the same numbering), not null
   * @param renamed the table renamed, not null
   * @param newName its new name, not null
   * @return every kept statement, those writes rewritten
   */
  public static List<OtherStatement> withTableRenamed(
      Schema before, List<OtherStatement> statements, ElementRef renamed, CqlIdentifier newName) {
    return rewritten(
        before,
        statements,
        (names, use, text, writes) -> {
          StringBuilder out = new StringBuilder(text);
          // From the last, so that the earlier offsets stay right.
          for (int i = writes.size() - 1; i >= 0; i--) {
            ScriptWrite w = writes.get(i);
            if (renamed.equals(targetOf(names, w, use))) {
              out.replace(
                  w.tableStart(),
                  w.tableEnd(),
                  (w.keyspace() == null ? "" : w.keyspace().asCql() + ".") + newName.asCql());
            }
          }
          return out.toString();
        });
  }

  /**
   * The kept statements after a table's column is renamed: each write whose statements all write
   * the table names the column {@code to} ({@link
   * org.keyspacestudio.model.parse.CqlNames#renameColumn}), the table's name left as it is. A batch
   * that also writes other tables is left as it is (their columns of that name keep it).
   *
   * @param before the schema before the rename, not null
   * @param statements its kept statements as rewritten so far (the same numbering), not null
   * @param table the table, not null
   * @param from the column's name before, not null
   * @param to its new name, not null
   * @return every kept statement, those writes rewritten
   */
  public static List<OtherStatement> withColumnRenamed(
      Schema before,
      List<OtherStatement> statements,
      ElementRef table,
      CqlIdentifier from,
      CqlIdentifier to) {
    return rewritten(
        before,
        statements,
        (names, use, text, writes) -> {
          for (ScriptWrite w : writes) {
            if (!table.equals(targetOf(names, w, use))) {
              return text;
            }
          }
          StringBuilder out = new StringBuilder();
          int at = 0;
          for (ScriptWrite w : writes) {
            out.append(
                    org.keyspacestudio.model.parse.CqlNames.renameColumn(
                        text.substring(at, w.tableStart()), from, to))
                .append(text, w.tableStart(), w.tableEnd());
            at = w.tableEnd();
          }
          out.append(
              org.keyspacestudio.model.parse.CqlNames.renameColumn(text.substring(at), from, to));
          return out.toString();
        });
  }

  /** A statement's text rewritten, given its writes (one, or a batch's) and where they resolve. */
  private interface Rewrite {
    String apply(ScriptNames names, CqlIdentifier use, String text, List<ScriptWrite> writes);
  }

  private static ElementRef targetOf(ScriptNames names, ScriptWrite w, CqlIdentifier use) {
    ScriptNames.Found f = names.find(w.keyspace(), w.table(), use);
    if (f == null || f.keyspace() == null) {
      return null;
    }
    if (f.table() != null) {
      return ElementRef.table(f.keyspace().name(), f.table().name());
    }
    return f.view() == null ? null : ElementRef.view(f.keyspace().name(), f.view().name());
  }

  private static List<OtherStatement> rewritten(
      Schema before, List<OtherStatement> statements, Rewrite rewrite) {
    List<OtherStatement> out = new ArrayList<>(statements);
    ScriptNames.eachKept(
        before,
        ScriptWrites::isWrite,
        (names, number, s, use) -> {
          List<ScriptWrite> writes = writesOf(s.text());
          if (writes.isEmpty() || number > out.size()) {
            return;
          }
          String text = rewrite.apply(names, use, s.text(), writes);
          if (!text.equals(s.text())) {
            out.set(number - 1, new OtherStatement(s.kind(), text, s.note()));
          }
        });
    return out;
  }

  private static Checked check(ScriptNames names, int number, String text, CqlIdentifier use) {
    WriteReader.Read read = WriteReader.read(text);
    if (read.write() != null) {
      Judged j = judge(names, read.write(), use);
      if (j == null) {
        return null;
      }
      List<Finding> findings = new ArrayList<>();
      for (Finding f : j.findings) {
        findings.add(new Finding(f.rule(), on(read.write()) + f.message()));
      }
      return new Checked(number, read.write(), null, j.target, findings);
    }
    if (read.batch() != null) {
      return batch(names, number, read.batch(), use);
    }
    return null;
  }

  private static String on(ScriptWrite w) {
    return switch (w.kind()) {
          case INSERT -> "INSERT into ";
          case UPDATE -> "UPDATE of ";
          case DELETE -> "DELETE from ";
        }
        + w.tableCql()
        + ": ";
  }

  /** A statement judged: its table, whether that is a counter table, what is refused. */
  private static final class Judged {
    ElementRef target;
    Keyspace keyspace;
    Table table;
    boolean counter;
    final List<Finding> findings = new ArrayList<>();

    void add(DmlRule rule, String message) {
      for (Finding f : findings) {
        if (f.message().equals(message)) {
          return;
        }
      }
      findings.add(new Finding(rule, message));
    }
  }

  private static Checked batch(ScriptNames names, int number, ScriptBatch b, CqlIdentifier use) {
    List<Finding> findings = new ArrayList<>();
    ElementRef first = null;
    ElementRef withProblem = null;
    boolean counters = false;
    boolean others = false;
    boolean conditions = false;
    Table table = null;
    for (int i = 0; i < b.statements().size(); i++) {
      ScriptWrite w = b.statements().get(i);
      Judged j = judge(names, w, use);
      if (j == null) {
        continue;
      }
      if (first == null) {
        first = j.target;
      }
      String where = "BATCH, its " + ordinal(i + 1) + " statement (" + on(w);
      where = where.substring(0, where.length() - 2) + "): ";
      for (Finding f : j.findings) {
        findings.add(new Finding(f.rule(), where + f.message()));
        if (withProblem == null) {
          withProblem = j.target;
        }
      }
      if (j.table != null) {
        counters |= j.counter;
        others |= !j.counter;
        table = table == null ? j.table : table;
      }
      if (w.condition() != ScriptWrite.Condition.NONE) {
        conditions = true;
      }
      if (b.timestamp() && w.timestamp()) {
        findings.add(
            new Finding(
                DmlRule.BATCH,
                where
                    + "Timestamp must be set either on BATCH or individual statements (this one"
                    + " says USING TIMESTAMP, and so does the batch)"));
      }
    }
    String on = "BATCH: ";
    if (b.ttl()) {
      findings.add(
          new Finding(
              DmlRule.BATCH,
              on
                  + "Global TTL on the BATCH statement is not supported. (give each INSERT or"
                  + " UPDATE its own USING TTL)"));
    }
    if (b.timestamp() && conditions) {
      findings.add(
          new Finding(DmlRule.BATCH, on + "Cannot provide custom timestamp for conditional BATCH"));
    }
    if (b.timestamp() && b.type() == ScriptBatch.Type.COUNTER) {
      findings.add(
          new Finding(DmlRule.BATCH, on + "Cannot provide custom timestamp for counter BATCH"));
    } else if (b.timestamp() && counters) {
      findings.add(
          new Finding(
              DmlRule.BATCH,
              on + "Cannot provide custom timestamp for a BATCH containing counters"));
    }
    if (b.type() == ScriptBatch.Type.COUNTER && others) {
      findings.add(
          new Finding(
              DmlRule.BATCH,
              on
                  + "Cannot include non-counter statement in a counter batch (write the other"
                  + " tables in a batch of their own)"));
    } else if (counters && others) {
      findings.add(
          new Finding(
              DmlRule.BATCH,
              on
                  + "Counter and non-counter mutations cannot exist in the same batch (write the"
                  + " counters in a BEGIN COUNTER BATCH of their own)"));
    } else if (b.type() == ScriptBatch.Type.LOGGED && counters) {
      findings.add(
          new Finding(
              DmlRule.BATCH,
              on
                  + "Cannot include a counter statement in a logged batch (write BEGIN COUNTER"
                  + " BATCH)"));
    }
    if (conditions && spansTables(names, b, use)) {
      findings.add(
          new Finding(
              DmlRule.BATCH,
              on
                  + "Batch with conditions cannot span multiple tables (a conditional batch"
                  + " writes one partition of one table)"));
    } else if (conditions && table != null) {
      List<String> partitions = new ArrayList<>();
      for (ScriptWrite w : b.statements()) {
        String partition = partitionOf(w, table);
        if (partition == null) {
          partitions = null;
          break;
        }
        if (!partitions.contains(partition)) {
          partitions.add(partition);
        }
      }
      if (partitions != null && partitions.size() > 1) {
        findings.add(
            new Finding(
                DmlRule.BATCH,
                on
                    + "Batch with conditions cannot span multiple partitions (refused when it"
                    + " runs: its statements write the partitions "
                    + String.join(" and ", partitions.subList(0, 2))
                    + (partitions.size() > 2 ? " and more" : "")
                    + ")"));
      }
    }
    ElementRef target = withProblem != null ? withProblem : first;
    if (target == null && findings.isEmpty()) {
      return null;
    }
    return new Checked(number, null, b, target, findings);
  }

  /**
   * The partition a statement writes, when its partition key is given by constants whose values
   * compare as written (whole numbers, text, UUIDs, booleans): {@code (1, 'a')}; null when a bind
   * marker or another value decides.
   */
  private static String partitionOf(ScriptWrite w, Table table) {
    List<String> parts = new ArrayList<>();
    for (CqlIdentifier k : table.primaryKey().partitionKey()) {
      Constant value = null;
      if (w.kind() == ScriptWrite.Kind.INSERT) {
        for (int i = 0; i < w.changes().size() && i < w.literals().size(); i++) {
          if (w.changes().get(i).column().equals(k)) {
            value = w.literals().get(i);
          }
        }
      } else {
        for (ScriptWrite.Relation r : w.where()) {
          if (r.column().equals(k)
              && !r.token()
              && r.op() == Operator.EQ
              && r.values().size() == 1) {
            value = r.values().get(0);
          }
        }
      }
      Column c = table.column(k).orElse(null);
      String normal = value == null || c == null ? null : comparable(value, c.type());
      if (normal == null) {
        return null;
      }
      parts.add(normal);
    }
    return "(" + String.join(", ", parts) + ")";
  }

  /** A constant's value in a form equal for equal values of the type, or null when not known. */
  private static String comparable(Constant v, CqlType type) {
    if (ConstantTypes.refusal(v, type, "") != null) {
      return null;
    }
    return switch (v.kind()) {
      case INTEGER ->
          ConstantTypes.numeric(type)
                  && type != NativeType.FLOAT
                  && type != NativeType.DOUBLE
                  && type != NativeType.DECIMAL
              ? new java.math.BigInteger(v.text()).toString()
              : null;
      case STRING -> type == NativeType.TEXT || type == NativeType.ASCII ? v.shown() : null;
      case UUID -> v.text().toLowerCase(java.util.Locale.ROOT);
      case BOOLEAN -> v.text().toLowerCase(java.util.Locale.ROOT);
      default -> null;
    };
  }

  /** Whether the batch's statements write more than one table. */
  private static boolean spansTables(ScriptNames names, ScriptBatch b, CqlIdentifier use) {
    Set<Object> tables = new java.util.HashSet<>();
    for (ScriptWrite w : b.statements()) {
      ScriptNames.Found f = names.find(w.keyspace(), w.table(), use);
      tables.add(
          f == null || f.keyspace() == null
              ? w.tableCql()
              : List.of(String.valueOf(f.keyspace().name()), w.table()));
    }
    return tables.size() > 1;
  }

  private static String ordinal(int n) {
    return n
        + (n % 100 >= 11 && n % 100 <= 13
            ? "th"
            : switch (n % 10) {
              case 1 -> "st";
              case 2 -> "nd";
              case 3 -> "rd";
              default -> "th";
            });
  }

  /** Judges one statement; null when its table's name is ambiguous. */
  private static Judged judge(ScriptNames names, ScriptWrite w, CqlIdentifier use) {
    ScriptNames.Found found = names.find(w.keyspace(), w.table(), use);
    if (found == null) {
      return null;
    }
    Judged j = new Judged();
    if (found.missing()) {
      j.add(
          DmlRule.UNKNOWN_TABLE,
          "table "
              + (found.used() == null
                  ? w.tableCql()
                  : found.used().asCql() + "." + w.table().asCql())
              + " does not exist in the schema"
              + (found.used() == null ? "" : " (the script's USE " + found.used().asCql() + ")"));
      return j;
    }
    Keyspace ks = found.keyspace();
    j.keyspace = ks;
    if (found.view() != null) {
      j.target = ElementRef.view(ks.name(), found.view().name());
      j.add(
          DmlRule.VIEW,
          "Cannot directly modify a materialized view (write its base table "
              + found.view().baseTable().asCql()
              + "; Cassandra keeps the view in step)");
      return j;
    }
    Table t = found.table();
    j.target = ElementRef.table(ks.name(), t.name());
    j.table = t;
    j.counter = t.isCounterTable();
    new StatementCheck(w, ks, t, j).run();
    return j;
  }

  /** The checks of one statement on its table, in the order Cassandra makes them. */
  private static final class StatementCheck {
    private final ScriptWrite w;
    private final Keyspace ks;
    private final Table t;
    private final Judged j;
    private final String kind;
    private final String tableName;

    StatementCheck(ScriptWrite w, Keyspace ks, Table t, Judged j) {
      this.w = w;
      this.ks = ks;
      this.t = t;
      this.j = j;
      this.kind = w.kind().name();
      this.tableName = (ks.name() == null ? "" : ks.name().asCql() + ".") + t.name().asCql();
    }

    private Column column(CqlIdentifier name) {
      Column c = t.column(name).orElse(null);
      if (c == null) {
        j.add(
            DmlRule.COLUMN,
            "Undefined column name " + name.asCql() + " in table " + tableName + columnsHint());
      }
      return c;
    }

    private String columnsHint() {
      List<String> all = new ArrayList<>();
      for (Column c : t.columns()) {
        all.add(c.name().asCql());
      }
      return all.size() > 12 ? "" : " (it has " + String.join(", ", all) + ")";
    }

    private boolean conditional() {
      return w.condition() != ScriptWrite.Condition.NONE;
    }

    void run() {
      // The conditions (ModificationStatement.Parsed.prepareConditions, the constructor).
      Set<CqlIdentifier> staticConditions = new java.util.HashSet<>();
      boolean regularConditions = false;
      if (w.condition() == ScriptWrite.Condition.COLUMNS) {
        for (ScriptWrite.Compared compared : w.conditions()) {
          CqlIdentifier name = compared.column();
          Column c = column(name);
          if (c == null) {
            continue;
          }
          compared(compared, c);
          ColumnKind k = t.kindOf(c);
          if (k == ColumnKind.PARTITION_KEY || k == ColumnKind.CLUSTERING) {
            j.add(
                DmlRule.CONDITION,
                "PRIMARY KEY column '"
                    + name.asInternal()
                    + "' cannot have IF conditions (the WHERE clause names the row; IF EXISTS"
                    + " asks whether it is there)");
          } else if (k == ColumnKind.STATIC) {
            staticConditions.add(name);
          } else {
            regularConditions = true;
          }
        }
      }
      if (conditional() && j.counter) {
        j.add(DmlRule.COUNTER, "Conditional updates are not supported on counter tables");
      }
      if (conditional() && w.timestamp()) {
        j.add(
            DmlRule.CONDITION,
            "Cannot provide custom timestamp for conditional updates (Paxos gives the write its"
                + " timestamp; leave out USING TIMESTAMP)");
      }
      boolean regularChanges = false;
      boolean staticChanges = false;
      boolean clusteringSet = false;
      List<ScriptWrite.Relation> where = new ArrayList<>(w.where());
      switch (w.kind()) {
        case INSERT -> {
          if (j.counter) {
            j.add(
                DmlRule.COUNTER,
                "INSERT statements are not allowed on counter tables, use UPDATE instead (UPDATE "
                    + tableName
                    + " SET c = c + ? WHERE ...)");
            return;
          }
          if (w.json()) {
            if (!w.literals().isEmpty()) {
              json(w.literals().get(0));
            }
            break;
          }
          if (w.values() != w.changes().size()) {
            j.add(
                DmlRule.COLUMN,
                "Unmatched column names/values ("
                    + w.changes().size()
                    + " columns, "
                    + w.values()
                    + " values)");
          }
          Set<CqlIdentifier> seen = new java.util.HashSet<>();
          for (ScriptWrite.Change ch : w.changes()) {
            if (!seen.add(ch.column())) {
              j.add(
                  DmlRule.COLUMN,
                  "The column names contains duplicates (" + ch.column().asCql() + " twice)");
            }
          }
          for (int i = 0; i < w.changes().size(); i++) {
            ScriptWrite.Change ch = w.changes().get(i);
            Column c = column(ch.column());
            if (c == null) {
              continue;
            }
            Constant value = i < w.literals().size() ? w.literals().get(i) : Constant.OTHER;
            ColumnKind k = t.kindOf(c);
            if (k == ColumnKind.PARTITION_KEY || k == ColumnKind.CLUSTERING) {
              clusteringSet |= k == ColumnKind.CLUSTERING;
              where.add(new ScriptWrite.Relation(ch.column(), Operator.EQ, false, List.of(value)));
            } else {
              value(value, c, false);
              staticChanges |= k == ColumnKind.STATIC;
              regularChanges |= k == ColumnKind.REGULAR;
            }
          }
        }
        case UPDATE, DELETE -> {
          boolean update = w.kind() == ScriptWrite.Kind.UPDATE;
          if (update) {
            incompatible();
          }
          for (ScriptWrite.Change ch : w.changes()) {
            Column c = column(ch.column());
            if (c == null) {
              continue;
            }
            ColumnKind k = t.kindOf(c);
            if (k == ColumnKind.PARTITION_KEY || k == ColumnKind.CLUSTERING) {
              j.add(
                  DmlRule.COLUMN,
                  update
                      ? "PRIMARY KEY part "
                          + ch.column().asInternal()
                          + " found in SET part (a row's key cannot change: delete the row and"
                          + " insert it under the new key)"
                      : "Invalid identifier "
                          + ch.column().asInternal()
                          + " for deletion (should not be a PRIMARY KEY part; DELETE FROM ..."
                          + " WHERE deletes whole rows)");
              continue;
            }
            staticChanges |= k == ColumnKind.STATIC;
            regularChanges |= k == ColumnKind.REGULAR;
            if (update) {
              operation(ch, c);
              CqlType receiver = receiver(ch, c);
              if (receiver != null) {
                value(ch.value(), receiver, receiverName(ch, c), false);
              }
            } else {
              deletion(ch, c);
            }
          }
        }
        default -> throw new IllegalStateException(kind);
      }
      // Operations.appliesToRegularColumns: a DELETE of whole rows applies to every column.
      boolean regularApplies =
          regularChanges || (w.kind() == ScriptWrite.Kind.DELETE && w.changes().isEmpty());
      if (j.counter && w.ttl()) {
        j.add(DmlRule.COUNTER, "Cannot provide custom TTL for counter updates");
      }
      if (j.counter && w.timestamp()) {
        j.add(DmlRule.COUNTER, "Cannot provide custom timestamp for counter updates");
      }
      if (w.json()) {
        return;
      }
      // ModificationStatement.appliesOnlyToStaticColumns (an INSERT naming a clustering column
      // writes its row).
      boolean onlyStatic =
          !clusteringSet
              && !regularApplies
              && !regularConditions
              && (staticChanges || !staticConditions.isEmpty());
      Restrictions r = restrictions(where);
      if (r == null) {
        return;
      }
      if (onlyStatic && !r.clustering.isEmpty() && w.kind() != ScriptWrite.Kind.INSERT) {
        j.add(
            DmlRule.KEY,
            "Invalid restrictions on clustering columns since the "
                + kind
                + " statement modifies only static columns (a static column is one per"
                + " partition: name the partition key alone)");
      }
      clustering(r, onlyStatic);
      // Run time (ModificationStatement.makeCasRequest, DeleteStatement.addUpdateForKey).
      if (conditional() && r.partitionIn) {
        j.add(
            DmlRule.CONDITION,
            "IN on the partition key is not supported with conditional "
                + (w.kind() == ScriptWrite.Kind.DELETE ? "deletions" : "updates")
                + " (refused when it runs; write one partition per statement)");
      }
      if (conditional() && r.clusteringIn) {
        j.add(
            DmlRule.CONDITION,
            "IN on the clustering key columns is not supported with conditional "
                + (w.kind() == ScriptWrite.Kind.DELETE ? "deletions" : "updates")
                + " (refused when it runs; write one row per statement)");
      }
      if (w.kind() == ScriptWrite.Kind.DELETE) {
        boolean allByEquality =
            r.partitionComplete
                && !r.partitionSlice
                && r.clustering.size() == t.primaryKey().clustering().size()
                && !r.clusteringSlice;
        if (conditional() && !allByEquality) {
          if (regularApplies) {
            j.add(
                DmlRule.CONDITION,
                "DELETE statements must restrict all PRIMARY KEY columns with equality relations"
                    + " in order to delete non static columns");
          } else if (regularConditions) {
            j.add(
                DmlRule.CONDITION,
                "DELETE statements must restrict all PRIMARY KEY columns with equality relations"
                    + " in order to use IF condition on non static columns");
          }
        }
        if (regularChanges
            && !t.primaryKey().clustering().isEmpty()
            && (r.clustering.size() < t.primaryKey().clustering().size() || r.clusteringSlice)) {
          j.add(
              DmlRule.KEY,
              "Range deletions are not supported for specific columns (refused when it runs:"
                  + " name every clustering column by = or IN, or delete the whole rows)");
        }
      }
    }

    /**
     * A comparison of an {@code IF} on a whole column ({@code ColumnCondition.Raw.prepare}): no
     * range on a type holding durations, each constant typed as the column's.
     */
    private void compared(ScriptWrite.Compared compared, Column c) {
      if (compared.part() || compared.op() == null) {
        return;
      }
      CqlType type = c.type();
      if (compared.op().range() && holdsDuration(type)) {
        String what =
            type instanceof CollectionType
                ? "collections containing durations"
                : type instanceof TupleType
                    ? "tuples containing durations"
                    : type instanceof UserTypeRef ? "UDTs containing durations" : null;
        j.add(
            DmlRule.CONDITION,
            (what == null
                    ? "Slice conditions ( "
                        + compared.op().symbol()
                        + " ) are not supported on"
                        + " durations"
                    : "Slice conditions are not supported on " + what)
                + " (a duration has no order: compare "
                + c.name().asCql()
                + " with = or !=)");
      }
      for (Constant v : compared.values()) {
        String refusal = ConstantTypes.refusal(v, type, c.name().asInternal(), this::fieldsOf);
        String note = ConstantTypes.note(v, type, c.name().asInternal());
        if (refusal != null) {
          j.add(DmlRule.VALUE, refusal);
        } else if (note != null) {
          j.add(DmlRule.VALUE_READ_AS, note);
        }
      }
    }

    /**
     * {@code AbstractType.referencesDuration}: the type or a type inside it (a user type's fields
     * through the keyspace; each user type looked into once) is a duration.
     */
    private boolean holdsDuration(CqlType type) {
      return UserType.reaches(
          type, t -> t == NativeType.DURATION, name -> ks.type(name).orElse(null));
    }

    /**
     * An {@code INSERT JSON}'s map as {@code Json.parseJson} reads it: a JSON object whose keys are
     * the table's columns (quoted for case, {@code "\"Name\""}), each value read as its column's
     * type does ({@link ConstantTypes#jsonRefusal}); a primary key column left out or null is
     * refused when the statement runs.
     */
    private void json(Constant value) {
      if (value.kind() != Constant.Kind.STRING) {
        return;
      }
      Map<String, Object> map;
      try {
        @SuppressWarnings("unchecked")
        Map<String, Object> read = JSON.readValue(value.text(), Map.class);
        map = read;
      } catch (java.io.IOException e) {
        j.add(
            DmlRule.VALUE,
            "Could not decode JSON string as a map: "
                + (e instanceof com.fasterxml.jackson.core.JsonProcessingException p
                    ? p.getOriginalMessage()
                    : e.getMessage())
                + ". (String was: "
                + value.text()
                + ")");
        return;
      }
      if (map == null) {
        j.add(DmlRule.VALUE, "Got null for INSERT JSON values");
        return;
      }
      // JsonUtils.handleCaseSensitivity.
      Map<String, Object> byName = new java.util.LinkedHashMap<>();
      map.forEach(
          (k, v) ->
              byName.put(
                  k.length() > 1 && k.startsWith("\"") && k.endsWith("\"")
                      ? k.substring(1, k.length() - 1)
                      : k.toLowerCase(java.util.Locale.US),
                  v));
      for (Column c : t.columns()) {
        String name = c.name().asInternal();
        boolean given = byName.containsKey(name);
        Object v = byName.remove(name);
        ColumnKind k = t.kindOf(c);
        boolean key = k == ColumnKind.PARTITION_KEY || k == ColumnKind.CLUSTERING;
        if (v == null) {
          if (key) {
            j.add(
                DmlRule.VALUE,
                "Invalid null value in condition for column "
                    + name
                    + " (refused when it runs: the JSON map "
                    + (given ? "gives null for" : "leaves out")
                    + " the primary key column)");
          }
          continue;
        }
        String why = ConstantTypes.jsonRefusal(v, c.type(), this::fieldsOf);
        if (why != null) {
          j.add(DmlRule.VALUE, "Error decoding JSON value for " + name + ": " + why);
        }
      }
      if (!byName.isEmpty()) {
        j.add(
            DmlRule.COLUMN,
            "JSON values map contains unrecognized column: "
                + byName.keySet().iterator().next()
                + columnsHint());
      }
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
        new com.fasterxml.jackson.databind.ObjectMapper();

    /**
     * A constant given to a column, typed as Cassandra types it ({@link ConstantTypes}); null where
     * Cassandra refuses it ({@code key}: a primary key column named by =, IN or an INSERT, refused
     * when the statement runs).
     */
    private void value(Constant v, Column c, boolean key) {
      value(v, c.type(), c.name().asInternal(), key);
    }

    /**
     * What an assignment's value is given to ({@code Operation.RawUpdate.prepare}): the column for
     * {@code c = v} and {@code c = c + v} (a set of a map's keys for {@code m = m - v}), a list's
     * or map's element for {@code c[k] = v}, a field for {@code c.f = v}; null where the assignment
     * is refused as such (said by {@link #operation}) or the type not known.
     */
    private CqlType receiver(ScriptWrite.Change ch, Column c) {
      CqlType type = c.type();
      return switch (ch.op()) {
        case SET, ADD, PREPEND -> type;
        case SUBTRACT ->
            type instanceof CollectionType.MapType m
                ? new CollectionType.SetType(m.key(), false)
                : type;
        case SET_ELEMENT ->
            type instanceof CollectionType.ListType l
                ? l.element()
                : type instanceof CollectionType.MapType m ? m.value() : null;
        case SET_FIELD -> {
          if (!(type instanceof UserTypeRef ref) || ch.field() == null) {
            yield null;
          }
          yield ks.type(ref.name())
              .flatMap(u -> u.field(ch.field()))
              .map(UserType.Field::type)
              .orElse(null);
        }
        default -> null;
      };
    }

    /** The receiver's name as Cassandra shows it: {@code value(c)}, {@code c.f}, {@code c}. */
    private static String receiverName(ScriptWrite.Change ch, Column c) {
      String name = c.name().asInternal();
      return switch (ch.op()) {
        case SET_ELEMENT -> "value(" + name + ")";
        case SET_FIELD -> name + "." + ch.field().asInternal();
        default -> name;
      };
    }

    /** A tuple literal written as the user type literal it stands for: {@code {a: 1, b: 'x'}}. */
    private static String namedFields(Constant tuple, java.util.Map<String, CqlType> fields) {
      List<String> names = new ArrayList<>(fields.keySet());
      List<String> out = new ArrayList<>();
      for (int i = 0; i < tuple.items().size() && i < names.size(); i++) {
        Constant item = tuple.items().get(i);
        out.add(
            CqlIdentifier.of(names.get(i)).asCql()
                + ": "
                + (item.kind() == Constant.Kind.STRING ? item.shown() : item.text()));
      }
      return "{" + String.join(", ", out) + "}";
    }

    /** The fields of the keyspace's user types, by name, for user type literals. */
    private java.util.Map<String, CqlType> fieldsOf(UserTypeRef ref) {
      return ks.userTypeFields().fieldsOf(ref);
    }

    private void value(Constant v, CqlType type, String name, boolean key) {
      String refusal = ConstantTypes.refusal(v, type, name, this::fieldsOf);
      String note = ConstantTypes.note(v, type, name);
      if (refusal != null) {
        j.add(DmlRule.VALUE, refusal);
      } else if (v.kind() == Constant.Kind.TUPLE
          && type instanceof UserTypeRef ref
          && fieldsOf(ref) != null) {
        // UserTypes.Setter casts the value to a user type's: a tuple literal prepares and fails
        // when the write runs (seen on a 5.0.9 node; an IF may compare with one).
        j.add(
            DmlRule.VALUE,
            "A tuple literal for the user type column "
                + name
                + " is refused when the write runs (Cassandra 5.0.9 prepares it, then fails:"
                + " ClassCastException, Tuples$Value to UserTypes$Value); write it with the field"
                + " names: "
                + namedFields(v, fieldsOf(ref)));
      } else if (note != null) {
        j.add(DmlRule.VALUE_READ_AS, note);
      } else if (v.kind() == Constant.Kind.NULL && key) {
        j.add(
            DmlRule.VALUE,
            "Invalid null value in condition for column "
                + name
                + " (refused when it runs: a primary key column always has a value)");
      }
    }

    /**
     * Cassandra's parser: a column set whole and changed otherwise, or a field set twice. Linear in
     * the assignments: per column, its first change, its whole setting and its fields set so far.
     */
    private void incompatible() {
      Map<CqlIdentifier, ScriptWrite.Change> first = new HashMap<>();
      Map<CqlIdentifier, ScriptWrite.Change> whole = new HashMap<>();
      Map<CqlIdentifier, Map<CqlIdentifier, ScriptWrite.Change>> fields = new HashMap<>();
      for (ScriptWrite.Change ch : w.changes()) {
        ScriptWrite.Change before = whole.get(ch.column());
        if (before == null && ch.op() == ScriptWrite.Change.Op.SET) {
          before = first.get(ch.column());
        }
        if (before == null && ch.op() == ScriptWrite.Change.Op.SET_FIELD) {
          before = fields.getOrDefault(ch.column(), Map.of()).get(ch.field());
        }
        if (before != null) {
          j.add(
              DmlRule.COLUMN,
              "Multiple incompatible setting of column "
                  + ch.column().asInternal()
                  + " ("
                  + before.shown()
                  + " and "
                  + ch.shown()
                  + ")");
        }
        first.putIfAbsent(ch.column(), ch);
        if (ch.op() == ScriptWrite.Change.Op.SET) {
          whole.putIfAbsent(ch.column(), ch);
        }
        if (ch.op() == ScriptWrite.Change.Op.SET_FIELD) {
          fields.computeIfAbsent(ch.column(), k -> new HashMap<>()).putIfAbsent(ch.field(), ch);
        }
      }
    }

    /** Operation.RawUpdate.prepare: what the column's type takes. */
    private void operation(ScriptWrite.Change ch, Column c) {
      CqlType type = c.type();
      String name = c.name().asInternal();
      String invalid = "Invalid operation (" + ch.shown() + ") for ";
      switch (ch.op()) {
        case SET -> {
          if (type == NativeType.COUNTER) {
            j.add(
                DmlRule.COUNTER,
                "Cannot set the value of counter column "
                    + name
                    + " (counters can only be incremented/decremented, not set: "
                    + c.name().asCql()
                    + " = "
                    + c.name().asCql()
                    + " + ?)");
          }
        }
        case SET_ELEMENT -> {
          if (!(type instanceof CollectionType ct)) {
            j.add(DmlRule.OPERATION, invalid + "non collection column " + name);
          } else if (ct.isFrozen()) {
            j.add(DmlRule.OPERATION, invalid + "frozen collection column " + name + frozenHint());
          } else if (ct instanceof CollectionType.SetType) {
            j.add(
                DmlRule.OPERATION,
                invalid
                    + "set column "
                    + name
                    + " (add to a set with "
                    + c.name().asCql()
                    + " = "
                    + c.name().asCql()
                    + " + {value})");
          }
        }
        case SET_FIELD -> field(ch, c, invalid + "non-UDT column " + name, invalid);
        case ADD -> {
          if (!(type instanceof CollectionType ct)) {
            if (type instanceof TupleType) {
              j.add(DmlRule.OPERATION, invalid + "tuple column " + name);
            } else if (conditional()) {
              if (!ConstantTypes.numeric(type)
                  && type != NativeType.TEXT
                  && type != NativeType.ASCII) {
                j.add(DmlRule.OPERATION, invalid + "non-numeric and non-text type " + name);
              }
            } else if (type != NativeType.COUNTER) {
              j.add(
                  DmlRule.OPERATION,
                  invalid
                      + "non counter column "
                      + name
                      + " (only counters add without an IF condition)");
            }
          } else if (ct.isFrozen()) {
            j.add(DmlRule.OPERATION, invalid + "frozen collection column " + name + frozenHint());
          }
        }
        case SUBTRACT -> {
          if (!(type instanceof CollectionType ct)) {
            if (type != NativeType.COUNTER) {
              j.add(DmlRule.OPERATION, invalid + "non counter column " + name);
            }
          } else if (ct.isFrozen()) {
            j.add(DmlRule.OPERATION, invalid + "frozen collection column " + name + frozenHint());
          }
        }
        case PREPEND -> {
          if (!(type instanceof CollectionType.ListType lt)) {
            j.add(DmlRule.OPERATION, invalid + "non list column " + name);
          } else if (lt.isFrozen()) {
            j.add(DmlRule.OPERATION, invalid + "frozen list column " + name + frozenHint());
          }
        }
        default -> throw new IllegalStateException(ch.op().name());
      }
    }

    private static String frozenHint() {
      return " (a frozen value is written whole)";
    }

    /** Operation.RawDeletion.prepare. */
    private void deletion(ScriptWrite.Change ch, Column c) {
      CqlType type = c.type();
      String name = c.name().asInternal();
      switch (ch.op()) {
        case DELETE -> {}
        case DELETE_ELEMENT -> {
          if (!(type instanceof CollectionType ct)) {
            j.add(
                DmlRule.OPERATION, "Invalid deletion operation for non collection column " + name);
          } else if (ct.isFrozen()) {
            j.add(
                DmlRule.OPERATION,
                "Invalid deletion operation for frozen collection column " + name + frozenHint());
          }
        }
        case DELETE_FIELD ->
            field(
                ch,
                c,
                "Invalid field deletion operation for non-UDT column " + name,
                "Frozen UDT column " + name + " does not support field deletions");
        default -> throw new IllegalStateException(ch.op().name());
      }
    }

    /** A field set or deleted: the column must be a UDT not frozen, with that field. */
    private void field(ScriptWrite.Change ch, Column c, String notUdt, String frozen) {
      if (!(c.type() instanceof UserTypeRef u)) {
        j.add(DmlRule.OPERATION, notUdt);
        return;
      }
      if (u.frozen()) {
        j.add(
            DmlRule.OPERATION,
            frozen.startsWith("Frozen")
                ? frozen + frozenHint()
                : frozen + "frozen UDT column " + c.name().asInternal() + frozenHint());
        return;
      }
      UserType type = ks.type(u.name()).orElse(null);
      if (type != null && type.field(ch.field()).isEmpty()) {
        j.add(
            DmlRule.COLUMN,
            "UDT column "
                + c.name().asInternal()
                + " does not have a field named "
                + ch.field().asInternal());
      }
    }

    /** The WHERE clause's restrictions, merged as StatementRestrictions merges them. */
    private static final class Restrictions {
      /** Clustering columns restricted, by position, each with whether it is a range. */
      final java.util.TreeMap<Integer, Boolean> clustering = new java.util.TreeMap<>();

      final Set<CqlIdentifier> partition = new java.util.HashSet<>();
      boolean partitionComplete;
      boolean partitionSlice;
      boolean partitionIn;
      boolean clusteringIn;
      boolean clusteringSlice;
    }

    /** One column's restrictions so far: =, IN, and the bounds of a range. */
    private static final class Merged {
      boolean eq;
      boolean in;
      boolean start;
      boolean end;
    }

    /** Reads the relations; null when one is refused in a way that stops the rest. */
    private Restrictions restrictions(List<ScriptWrite.Relation> where) {
      PrimaryKey key = t.primaryKey();
      Restrictions r = new Restrictions();
      Map<CqlIdentifier, Merged> merged = new HashMap<>();
      List<String> nonKey = new ArrayList<>();
      boolean refused = false;
      boolean token = false;
      for (ScriptWrite.Relation rel : where) {
        String name = rel.column().asInternal();
        if (rel.op() == Operator.CONTAINS || rel.op() == Operator.CONTAINS_KEY) {
          j.add(
              DmlRule.KEY,
              "Cannot use "
                  + kind
                  + " with "
                  + (rel.op() == Operator.CONTAINS ? "CONTAINS" : "CONTAINS KEY")
                  + " (a write names its rows by their primary key)");
          refused = true;
          continue;
        }
        if (rel.op() == Operator.IS_NOT_NULL) {
          j.add(
              DmlRule.KEY,
              "Unsupported restriction: " + name + " IS NOT NULL (only a view's WHERE takes it)");
          refused = true;
          continue;
        }
        if (rel.token()) {
          // Refused unless the partition key is also given whole (5.0's TokenFilter): below.
          token = true;
          continue;
        }
        Column c = column(rel.column());
        if (c == null) {
          refused = true;
          continue;
        }
        if (rel.op() == Operator.LIKE) {
          j.add(
              DmlRule.KEY,
              "LIKE restriction is only supported on properly indexed columns; a write names its"
                  + " rows by their primary key");
          refused = true;
          continue;
        }
        if (rel.op() == Operator.NEQ) {
          j.add(DmlRule.KEY, "Unsupported \"!=\" relation: " + name + " != ...");
          refused = true;
          continue;
        }
        ColumnKind k = t.kindOf(c);
        boolean slice = rel.op() != Operator.EQ && rel.op() != Operator.IN;
        if (k == ColumnKind.PARTITION_KEY || k == ColumnKind.CLUSTERING) {
          for (Constant v : rel.values()) {
            value(v, c, !slice);
          }
        }
        Merged m = merged.get(rel.column());
        if (m != null) {
          String conflict = null;
          if (m.eq) {
            conflict =
                name + " cannot be restricted by more than one relation if it includes an Equal";
          } else if (m.in) {
            conflict = name + " cannot be restricted by more than one relation if it includes a IN";
          } else if (!slice) {
            conflict =
                "Column \""
                    + name
                    + "\" cannot be restricted by both an equality and an inequality relation";
          } else if ((lower(rel.op()) && m.start) || (!lower(rel.op()) && m.end)) {
            conflict =
                "More than one restriction was found for the "
                    + (lower(rel.op()) ? "start" : "end")
                    + " bound on "
                    + name;
          }
          if (conflict != null) {
            j.add(DmlRule.KEY, conflict);
            refused = true;
            continue;
          }
        } else {
          m = new Merged();
          merged.put(rel.column(), m);
        }
        m.eq |= rel.op() == Operator.EQ;
        m.in |= rel.op() == Operator.IN;
        if (slice) {
          if (lower(rel.op())) {
            m.start = true;
          } else {
            m.end = true;
          }
        }
        if (k == ColumnKind.PARTITION_KEY) {
          r.partition.add(rel.column());
          r.partitionSlice |= slice;
          r.partitionIn |= rel.op() == Operator.IN;
        } else if (k == ColumnKind.CLUSTERING) {
          int position = clusteringPosition(rel.column());
          if (!r.clustering.isEmpty()) {
            int last = r.clustering.lastKey();
            if (r.clustering.get(last) && position > last) {
              j.add(
                  DmlRule.KEY,
                  "Clustering column \""
                      + name
                      + "\" cannot be restricted (preceding column \""
                      + key.clustering().get(last).name().asInternal()
                      + "\" is restricted by a non-EQ relation)");
              refused = true;
            } else if (position < last && slice) {
              j.add(
                  DmlRule.KEY,
                  "PRIMARY KEY column \""
                      + key.clustering().get(position + 1).name().asInternal()
                      + "\" cannot be restricted (preceding column \""
                      + name
                      + "\" is restricted by a non-EQ relation)");
              refused = true;
            }
          }
          r.clustering.merge(position, slice, Boolean::logicalOr);
          r.clusteringIn |= rel.op() == Operator.IN;
          r.clusteringSlice |= slice;
        } else {
          nonKey.add(name);
        }
      }
      if (refused) {
        return null;
      }
      // processPartitionKeyRestrictions.
      List<String> missing = new ArrayList<>();
      for (CqlIdentifier p : key.partitionKey()) {
        if (!r.partition.contains(p)) {
          missing.add(p.asInternal());
        }
      }
      r.partitionComplete = missing.isEmpty();
      if (token && (!missing.isEmpty() || r.partitionSlice)) {
        j.add(
            DmlRule.KEY,
            "The token function cannot be used in WHERE clauses for "
                + kind
                + " statements (name the partition key's columns by = or IN)");
        return null;
      }
      if (!nonKey.isEmpty()) {
        j.add(
            DmlRule.KEY,
            "Non PRIMARY KEY columns found in where clause: "
                + String.join(", ", nonKey)
                + " (a write names its rows by their primary key alone)");
        return null;
      }
      if (!missing.isEmpty()) {
        j.add(
            DmlRule.KEY,
            "Some partition key parts are missing: "
                + String.join(", ", missing)
                + (w.kind() == ScriptWrite.Kind.INSERT
                    ? " (an INSERT gives every primary key column a value)"
                    : " (a write names each partition it writes)"));
        return null;
      }
      if (r.partitionSlice) {
        j.add(
            DmlRule.KEY,
            "Only EQ and IN relation are supported on the partition key (unless you use the"
                + " token() function) for "
                + kind
                + " statements");
        return null;
      }
      return r;
    }

    private static boolean lower(Operator op) {
      return op == Operator.GT || op == Operator.GE;
    }

    private int clusteringPosition(CqlIdentifier column) {
      List<PrimaryKey.ClusteringColumn> cc = t.primaryKey().clustering();
      for (int i = 0; i < cc.size(); i++) {
        if (cc.get(i).name().equals(column)) {
          return i;
        }
      }
      throw new IllegalStateException(column.asInternal());
    }

    /** processClusteringColumnsRestrictions. */
    private void clustering(Restrictions r, boolean onlyStatic) {
      List<PrimaryKey.ClusteringColumn> cc = t.primaryKey().clustering();
      if (w.kind() != ScriptWrite.Kind.DELETE) {
        if (r.clusteringSlice) {
          j.add(
              DmlRule.KEY,
              "Slice restrictions are not supported on the clustering columns in "
                  + kind
                  + " statements (a write names each row: = or IN)");
          return;
        }
        if (!onlyStatic && r.clustering.size() < cc.size()) {
          List<String> missing = new ArrayList<>();
          for (int i = 0; i < cc.size(); i++) {
            if (!r.clustering.containsKey(i)) {
              missing.add(cc.get(i).name().asInternal());
            }
          }
          j.add(
              DmlRule.KEY,
              "Some clustering keys are missing: "
                  + String.join(", ", missing)
                  + (w.kind() == ScriptWrite.Kind.INSERT
                      ? " (an INSERT gives every primary key column a value)"
                      : " (an UPDATE names one row, or rows by IN: every clustering column)"));
        }
        return;
      }
      // A DELETE takes a prefix, its last column maybe a range (needFiltering refused).
      int i = 0;
      for (Map.Entry<Integer, Boolean> e : r.clustering.entrySet()) {
        if (e.getKey() != i) {
          j.add(
              DmlRule.KEY,
              "PRIMARY KEY column \""
                  + cc.get(e.getKey()).name().asInternal()
                  + "\" cannot be restricted as preceding column \""
                  + cc.get(i).name().asInternal()
                  + "\" is not restricted");
          return;
        }
        if (!e.getValue()) {
          i = e.getKey() + 1;
        }
      }
    }
  }
}
