package org.keyspacestudio.model.project;

import java.nio.file.Path;

/** Where Keyspace Studio keeps the user's data on this machine (XDG base directories). */
public final class UserDirectories {

  private UserDirectories() {}

  /**
   * The program's data folder: {@code $XDG_DATA_HOME/keyspace-studio}, or {@code
   * ~/.local/share/keyspace-studio} when {@code XDG_DATA_HOME} is unset or blank. Not created.
   */
  public static Path data() {
    String xdg = System.getenv("XDG_DATA_HOME");
    Path base =
        xdg != null && !xdg.isBlank()
            ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".local", "share");
    return base.resolve("keyspace-studio");
  }
}
