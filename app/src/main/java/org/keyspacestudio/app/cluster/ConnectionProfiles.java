package org.keyspacestudio.app.cluster;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.keyspacestudio.model.project.AtomicFiles;

/**
 * The saved connection profiles: a JSON list in {@code $XDG_CONFIG_HOME/keyspace-studio/
 * connections.json} (or {@code ~/.config/...}; {@code -Dkstudio.connections=FILE} for tests),
 * written atomically. No passwords are ever written.
 *
 * @param profiles the profiles, in the order saved
 */
public record ConnectionProfiles(List<ConnectionProfile> profiles) {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  public ConnectionProfiles {
    profiles = List.copyOf(profiles);
  }

  /** The file the profiles live in. */
  public static Path file() {
    String named = System.getProperty("kstudio.connections");
    if (named != null) {
      return Path.of(named);
    }
    String xdg = System.getenv("XDG_CONFIG_HOME");
    Path base =
        xdg != null && !xdg.isBlank()
            ? Path.of(xdg)
            : Path.of(System.getProperty("user.home"), ".config");
    return base.resolve("keyspace-studio").resolve("connections.json");
  }

  /**
   * Reads the saved profiles.
   *
   * @return the profiles; none when the file does not exist
   * @throws UncheckedIOException when the file exists but cannot be read as profiles
   */
  public static ConnectionProfiles load() {
    Path file = file();
    if (!Files.exists(file)) {
      return new ConnectionProfiles(List.of());
    }
    try {
      return new ConnectionProfiles(
          JSON.readValue(
              Files.readString(file, StandardCharsets.UTF_8),
              new TypeReference<List<ConnectionProfile>>() {}));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the connection profiles in " + file, e);
    }
  }

  /** The profile with this name. */
  public Optional<ConnectionProfile> find(String name) {
    return profiles.stream().filter(p -> p.name().equals(name)).findFirst();
  }

  /**
   * Saves a profile, replacing one of the same name.
   *
   * @param profile the profile
   * @throws UncheckedIOException when the file cannot be written
   */
  public static void save(ConnectionProfile profile) {
    List<ConnectionProfile> all = new ArrayList<>(load().profiles());
    all.removeIf(p -> p.name().equals(profile.name()));
    all.add(profile);
    Path file = file();
    try {
      Files.createDirectories(file.getParent());
      AtomicFiles.writeString(file, JSON.writeValueAsString(all));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot save the connection profiles in " + file, e);
    }
  }
}
