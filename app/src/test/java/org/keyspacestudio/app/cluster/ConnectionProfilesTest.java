package org.keyspacestudio.app.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.keyspacestudio.app.cli.KstudioCommand;

/** Saved connection profiles keep where a password comes from, never the password. */
class ConnectionProfilesTest {

  @AfterEach
  void forget() {
    System.clearProperty("kstudio.connections");
  }

  @Test
  void aSavedProfileHasNoPasswordAndIsUsedByName(@TempDir Path dir) throws Exception {
    Path profiles = dir.resolve("connections.json");
    System.setProperty("kstudio.connections", profiles.toString());
    Path secret = Files.writeString(dir.resolve("secret.txt"), "s3cr3t-Passw0rd\n");
    StringWriter err = new StringWriter();
    // Port 1 refuses at once: the profile is saved before connecting, the command then fails.
    int exit =
        KstudioCommand.run(
            new PrintWriter(new StringWriter()),
            new PrintWriter(err, true),
            "pull",
            "--keyspace",
            "ks",
            "-o",
            dir.resolve("out.kstudio").toString(),
            "--host",
            "127.0.0.1",
            "--port",
            "1",
            "--user",
            "alice",
            "--password-file",
            secret.toString(),
            "--dc",
            "dc1",
            "--save-profile",
            "staging");
    assertThat(exit).isEqualTo(2);
    assertThat(err.toString()).contains("Cannot reach alice@127.0.0.1:1");
    String json = Files.readString(profiles);
    assertThat(json).contains("\"staging\"").contains("alice").contains(secret.toString());
    assertThat(json).doesNotContain("s3cr3t-Passw0rd");

    ConnectionProfile saved = ConnectionProfiles.load().find("staging").orElseThrow();
    assertThat(saved.port()).isEqualTo(1);
    assertThat(saved.datacenter()).isEqualTo("dc1");

    StringWriter again = new StringWriter();
    KstudioCommand.run(
        new PrintWriter(new StringWriter()),
        new PrintWriter(again, true),
        "pull",
        "--keyspace",
        "ks",
        "-o",
        dir.resolve("out.kstudio").toString(),
        "--profile",
        "staging");
    assertThat(again.toString())
        .as("the profile's host and port are used")
        .contains("alice@127.0.0.1:1");
  }
}
