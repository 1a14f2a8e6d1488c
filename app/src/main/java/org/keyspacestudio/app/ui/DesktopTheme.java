package org.keyspacestudio.app.ui;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether the Linux desktop asks for dark applications, read the ways desktops say it, the first
 * that says something deciding:
 *
 * <ol>
 *   <li>{@code GTK_THEME} in the environment (a theme name; dark when it names a dark variant);
 *   <li>the desktop portal's {@code org.freedesktop.appearance color-scheme} (GNOME 42+, KDE Plasma
 *       5.24+; 1 is dark, 2 light, 0 no preference), asked with {@code gdbus};
 *   <li>GNOME's {@code color-scheme} ({@code prefer-dark}, {@code prefer-light}), then its GTK
 *       theme's name, asked with {@code gsettings};
 *   <li>Xfce's theme name ({@code xfconf-query -c xsettings -p /Net/ThemeName});
 *   <li>KDE's colour scheme ({@code ColorScheme} in {@code kdeglobals}, such as {@code
 *       BreezeDark});
 *   <li>GTK 3's {@code settings.ini} ({@code gtk-application-prefer-dark-theme}, {@code
 *       gtk-theme-name}), which KDE's and other desktops' settings write too.
 * </ol>
 *
 * Light when none says anything. Each command gets at most a second; call it off the JavaFX thread.
 */
final class DesktopTheme {

  /** Runs the desktop's commands: a command's standard output, or null when it cannot be run. */
  @FunctionalInterface
  interface Commands {
    String run(List<String> command);
  }

  private DesktopTheme() {}

  /** Whether this desktop asks for dark applications (see the class comment). */
  static boolean isDark() {
    return isDark(DesktopTheme::run, System.getenv());
  }

  /**
   * Whether a desktop asks for dark applications.
   *
   * @param commands runs the desktop's commands ({@code gdbus}, {@code gsettings}, {@code
   *     xfconf-query})
   * @param env the environment: {@code GTK_THEME}, and {@code XDG_CONFIG_HOME} or {@code HOME} for
   *     where {@code kdeglobals} and {@code gtk-3.0/settings.ini} are
   */
  static boolean isDark(Commands commands, Map<String, String> env) {
    return Optional.ofNullable(fromGtkThemeVariable(env))
        .or(() -> Optional.ofNullable(fromPortal(commands)))
        .or(() -> Optional.ofNullable(fromGnome(commands)))
        .or(() -> Optional.ofNullable(fromXfce(commands)))
        .or(() -> Optional.ofNullable(fromKde(configHome(env))))
        .or(() -> Optional.ofNullable(fromGtkSettings(configHome(env))))
        .orElse(false);
  }

  private static Boolean fromGtkThemeVariable(Map<String, String> env) {
    String theme = env.get("GTK_THEME");
    return theme == null || theme.isBlank() ? null : namesDark(theme);
  }

  private static final Pattern PORTAL_VALUE = Pattern.compile("uint32 (\\d)");

  private static Boolean fromPortal(Commands commands) {
    String out =
        commands.run(
            List.of(
                "gdbus",
                "call",
                "--session",
                "--dest",
                "org.freedesktop.portal.Desktop",
                "--object-path",
                "/org/freedesktop/portal/desktop",
                "--method",
                "org.freedesktop.portal.Settings.Read",
                "org.freedesktop.appearance",
                "color-scheme"));
    Matcher m = out == null ? null : PORTAL_VALUE.matcher(out);
    if (m == null || !m.find()) {
      return null;
    }
    return switch (m.group(1)) {
      case "1" -> true;
      case "2" -> false;
      default -> null;
    };
  }

  private static Boolean fromGnome(Commands commands) {
    String scheme =
        commands.run(List.of("gsettings", "get", "org.gnome.desktop.interface", "color-scheme"));
    if (scheme != null && scheme.contains("prefer-dark")) {
      return true;
    }
    if (scheme != null && scheme.contains("prefer-light")) {
      return false;
    }
    // Set to a dark theme by hand, or by an older GNOME; the default (Adwaita) says nothing.
    String theme =
        commands.run(List.of("gsettings", "get", "org.gnome.desktop.interface", "gtk-theme"));
    return theme != null && namesDark(theme) ? true : null;
  }

  private static Boolean fromXfce(Commands commands) {
    String theme = commands.run(List.of("xfconf-query", "-c", "xsettings", "-p", "/Net/ThemeName"));
    return theme == null || theme.isBlank() ? null : namesDark(theme);
  }

  private static Boolean fromKde(Path config) {
    String scheme = iniValue(config == null ? null : config.resolve("kdeglobals"), "ColorScheme");
    return scheme == null ? null : namesDark(scheme);
  }

  private static Boolean fromGtkSettings(Path config) {
    Path ini = config == null ? null : config.resolve("gtk-3.0").resolve("settings.ini");
    String prefer = iniValue(ini, "gtk-application-prefer-dark-theme");
    if (prefer != null && (prefer.equals("1") || prefer.equalsIgnoreCase("true"))) {
      return true;
    }
    String theme = iniValue(ini, "gtk-theme-name");
    return theme == null ? null : namesDark(theme);
  }

  private static boolean namesDark(String theme) {
    return theme.toLowerCase(Locale.ROOT).contains("dark");
  }

  /** {@code $XDG_CONFIG_HOME}, else {@code $HOME/.config}; null when neither is set. */
  private static Path configHome(Map<String, String> env) {
    String xdg = env.get("XDG_CONFIG_HOME");
    if (xdg != null && !xdg.isBlank()) {
      return Path.of(xdg);
    }
    String home = env.get("HOME");
    return home == null || home.isBlank() ? null : Path.of(home, ".config");
  }

  /** The first {@code key=value} of an INI file, trimmed; null when the file or key is absent. */
  private static String iniValue(Path file, String key) {
    if (file == null || !Files.isRegularFile(file)) {
      return null;
    }
    try {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        int eq = line.indexOf('=');
        if (eq > 0 && line.substring(0, eq).strip().equals(key)) {
          return line.substring(eq + 1).strip();
        }
      }
    } catch (IOException e) {
      return null; // unreadable: it says nothing
    }
    return null;
  }

  /** Runs a command for at most a second: its standard output, or null. */
  private static String run(List<String> command) {
    try {
      Process p =
          new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
      if (!p.waitFor(1, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return null;
      }
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      return p.exitValue() == 0 ? out.strip() : null;
    } catch (IOException e) {
      return null; // not installed: not this desktop
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
