package org.keyspacestudio.app.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code kstudio}: the command line's top command, which only lists the subcommands. */
@Command(
    name = "kstudio",
    mixinStandardHelpOptions = true,
    version = "Keyspace Studio 0.1.0",
    description = {
      "Keyspace Studio: Cassandra data models, from the command line.",
      "Without arguments, ./kstudio opens the editor."
    },
    subcommands = {
      ImportCommand.class,
      ValidateCommand.class,
      ExportCqlCommand.class,
      ExportImageCommand.class,
      ExportDocCommand.class,
      MapCommand.class,
      SizeCommand.class,
      WritesCommand.class,
      PullCommand.class,
      PlanCommand.class,
      ApplyCommand.class,
      DevClusterCommand.class,
      CommandLine.HelpCommand.class
    },
    exitCodeOnInvalidInput = KstudioCommand.EXIT_USAGE,
    exitCodeOnExecutionException = KstudioCommand.EXIT_INTERNAL)
public final class KstudioCommand implements Runnable {

  /** No errors. */
  public static final int EXIT_OK = 0;

  /** The model has errors. */
  public static final int EXIT_ERRORS = 1;

  /** Bad usage: unknown option, missing or unreadable file. */
  public static final int EXIT_USAGE = 2;

  /**
   * An internal failure: a bug in Keyspace Studio, not a problem of the model or of the usage
   * (sysexits' {@code EX_SOFTWARE}).
   */
  public static final int EXIT_INTERNAL = 70;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** Runs the command line with these arguments and returns the exit code. */
  public static int run(String... args) {
    return run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
  }

  /** Runs the command line with its output sent to {@code out} and {@code err}. */
  public static int run(PrintWriter out, PrintWriter err, String... args) {
    CommandLine cli = new CommandLine(new KstudioCommand());
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    cli.setOut(out);
    cli.setErr(err);
    cli.setExecutionExceptionHandler(
        (e, commandLine, parsed) -> {
          internalError(err, e, args);
          return EXIT_INTERNAL;
        });
    try {
      return cli.execute(args);
    } catch (Error e) {
      // An Error (a StackOverflowError, an OutOfMemoryError) is not handed to the handler.
      internalError(err, e, args);
      return EXIT_INTERNAL;
    }
  }

  /**
   * What a user sees of a bug: one line saying what failed and where, and what to report; never a
   * page of stack trace.
   */
  static void internalError(PrintWriter err, Throwable e, String... args) {
    StackTraceElement where = null;
    for (StackTraceElement frame : e.getStackTrace()) {
      if (frame.getClassName().startsWith("org.keyspacestudio.")) {
        where = frame;
        break;
      }
    }
    err.println(
        "kstudio: internal error: "
            + e.getClass().getSimpleName()
            + (e.getMessage() == null ? "" : ": " + e.getMessage())
            + (where == null
                ? ""
                : " (at "
                    + where.getClassName()
                    + "."
                    + where.getMethodName()
                    + ":"
                    + where.getLineNumber()
                    + ")"));
    err.println(
        "kstudio: this is a bug in Keyspace Studio, not a problem of your model: please report it"
            + " with the command (kstudio "
            + String.join(" ", args)
            + ") and, if you can, its files");
    err.flush();
  }
}
