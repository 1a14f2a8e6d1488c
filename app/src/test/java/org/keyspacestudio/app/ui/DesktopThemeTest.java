package org.keyspacestudio.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Follow the desktop" on the desktops users have: each says it is dark its own way. The commands
 * are answered here as each desktop answers them; the configuration files are real files in a home
 * folder of the test's own.
 */
class DesktopThemeTest {

  @TempDir Path home;

  /** Commands answered from a table (command line joined by spaces); others are not installed. */
  private static DesktopTheme.Commands answering(Map<String, String> answers) {
    return command -> answers.get(String.join(" ", command));
  }

  private static final String PORTAL =
      "gdbus call --session --dest org.freedesktop.portal.Desktop --object-path"
          + " /org/freedesktop/portal/desktop --method org.freedesktop.portal.Settings.Read"
          + " org.freedesktop.appearance color-scheme";
  private static final String GNOME_SCHEME =
      "gsettings get org.gnome.desktop.interface color-scheme";
  private static final String GNOME_THEME = "gsettings get org.gnome.desktop.interface gtk-theme";
  private static final String XFCE_THEME = "xfconf-query -c xsettings -p /Net/ThemeName";

  private Map<String, String> env() {
    Map<String, String> env = new HashMap<>();
    env.put("HOME", home.toString());
    return env;
  }

  private Path config(String relative, String content) throws Exception {
    Path file = home.resolve(".config").resolve(relative);
    Files.createDirectories(file.getParent());
    return Files.writeString(file, content);
  }

  @Test
  void nothingSaidIsLight() {
    assertThat(DesktopTheme.isDark(answering(Map.of()), env())).isFalse();
    // gsettings off GNOME answers its defaults, which say nothing.
    assertThat(
            DesktopTheme.isDark(
                answering(Map.of(GNOME_SCHEME, "'default'", GNOME_THEME, "'Adwaita'")), env()))
        .isFalse();
  }

  @Test
  void theDesktopPortalDecidesEitherWay() throws Exception {
    assertThat(DesktopTheme.isDark(answering(Map.of(PORTAL, "(<<uint32 1>>,)")), env())).isTrue();
    // Light asked for: a dark GTK theme left in settings.ini does not make it dark.
    config("gtk-3.0/settings.ini", "[Settings]\ngtk-theme-name=Adwaita-dark\n");
    assertThat(DesktopTheme.isDark(answering(Map.of(PORTAL, "(<<uint32 2>>,)")), env())).isFalse();
    // No preference: the next source says.
    assertThat(DesktopTheme.isDark(answering(Map.of(PORTAL, "(<<uint32 0>>,)")), env())).isTrue();
  }

  @Test
  void gnomesColourSchemeOrADarkGtkTheme() {
    assertThat(DesktopTheme.isDark(answering(Map.of(GNOME_SCHEME, "'prefer-dark'")), env()))
        .isTrue();
    assertThat(
            DesktopTheme.isDark(
                answering(Map.of(GNOME_SCHEME, "'default'", GNOME_THEME, "'Adwaita-dark'")), env()))
        .isTrue();
  }

  @Test
  void xfcesThemeName() {
    assertThat(DesktopTheme.isDark(answering(Map.of(XFCE_THEME, "Greybird-dark")), env())).isTrue();
    assertThat(DesktopTheme.isDark(answering(Map.of(XFCE_THEME, "Greybird")), env())).isFalse();
  }

  @Test
  void kdesColourSchemeInKdeglobals() throws Exception {
    config("kdeglobals", "[General]\nColorScheme=BreezeDark\nwidgetStyle=Breeze\n");
    assertThat(DesktopTheme.isDark(answering(Map.of()), env())).isTrue();
    config("kdeglobals", "[General]\nColorScheme=BreezeLight\n");
    assertThat(DesktopTheme.isDark(answering(Map.of()), env())).isFalse();
  }

  @Test
  void xdgConfigHomeIsWhereTheFilesAre() throws Exception {
    Path elsewhere = Files.createDirectories(home.resolve("elsewhere"));
    Files.writeString(elsewhere.resolve("kdeglobals"), "[General]\nColorScheme=BreezeDark\n");
    Map<String, String> env = env();
    assertThat(DesktopTheme.isDark(answering(Map.of()), env)).isFalse();
    env.put("XDG_CONFIG_HOME", elsewhere.toString());
    assertThat(DesktopTheme.isDark(answering(Map.of()), env)).isTrue();
  }

  @Test
  void gtkSettingsPreferDarkOrADarkThemeName() throws Exception {
    config("gtk-3.0/settings.ini", "[Settings]\ngtk-application-prefer-dark-theme=1\n");
    assertThat(DesktopTheme.isDark(answering(Map.of()), env())).isTrue();
    config("gtk-3.0/settings.ini", "[Settings]\ngtk-theme-name=Breeze-Dark\n");
    assertThat(DesktopTheme.isDark(answering(Map.of()), env())).isTrue();
    config("gtk-3.0/settings.ini", "[Settings]\ngtk-theme-name=Breeze\n");
    assertThat(DesktopTheme.isDark(answering(Map.of()), env())).isFalse();
  }

  @Test
  void gtkThemeInTheEnvironmentComesFirst() {
    Map<String, String> env = env();
    env.put("GTK_THEME", "Adwaita:dark");
    assertThat(DesktopTheme.isDark(answering(Map.of(PORTAL, "(<<uint32 2>>,)")), env)).isTrue();
    env.put("GTK_THEME", "Adwaita");
    assertThat(DesktopTheme.isDark(answering(Map.of(PORTAL, "(<<uint32 1>>,)")), env)).isFalse();
  }

  @Test
  void theCommandsAskedAreTheOnesDesktopsAnswer() {
    List<String> asked = new java.util.ArrayList<>();
    DesktopTheme.isDark(
        command -> {
          asked.add(String.join(" ", command));
          return null;
        },
        env());
    assertThat(asked).containsExactly(PORTAL, GNOME_SCHEME, GNOME_THEME, XFCE_THEME);
  }
}
