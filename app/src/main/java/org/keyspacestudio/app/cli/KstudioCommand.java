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
      PullCommand.class,
      PlanCommand.class,
      ApplyCommand.class,
      DevClusterCommand.class,
      CommandLine.HelpCommand.class
    },
    exitCodeOnInvalidInput = KstudioCommand.EXIT_USAGE,
    exitCodeOnExecutionException = KstudioCommand.EXIT_USAGE)
public final class KstudioCommand implements Runnable {

  /** No errors. */
  public static final int EXIT_OK = 0;

  /** The model has errors. */
  public static final int EXIT_ERRORS = 1;

  /** Bad usage: unknown option, missing or unreadable file. */
  public static final int EXIT_USAGE = 2;

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
    return cli.execute(args);
  }
}
