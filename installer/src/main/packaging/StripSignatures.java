import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.jar.JarEntry;
import java.util.jar.JarInputStream;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Pattern;

/**
 * Rewrites signed jars without their signature files (META-INF/*.SF, *.RSA, *.DSA, *.EC) and
 * without the per-entry digests of their manifests, keeping every class and resource. Run by
 * app-image.sh as a single-file program: {@code java StripSignatures.java JAR...}.
 *
 * <p>Why: the JDK verifies a signed jar when its first class loads (measured: about 30 ms on the
 * JavaFX thread at the editor's start, for the Eclipse Layout Kernel's and EMF's jars), and
 * class-data sharing leaves classes of signed jars out of the archive, so they load and verify
 * again at every start.
 */
public final class StripSignatures {
  private static final Pattern SIGNATURE =
      Pattern.compile("META-INF/[^/]+\\.(SF|RSA|DSA|EC)", Pattern.CASE_INSENSITIVE);

  public static void main(String[] args) throws IOException {
    for (String arg : args) {
      Path jar = Path.of(arg);
      if (strip(jar)) {
        System.out.println("signature removed: " + jar.getFileName());
      }
    }
  }

  private static boolean strip(Path jar) throws IOException {
    Path out = jar.resolveSibling(jar.getFileName() + ".tmp");
    boolean signed = false;
    try (JarInputStream in = new JarInputStream(Files.newInputStream(jar), false)) {
      Manifest manifest = in.getManifest();
      if (manifest != null) {
        manifest.getEntries().clear();
      } else {
        manifest = new Manifest();
      }
      try (JarOutputStream o = new JarOutputStream(Files.newOutputStream(out), manifest)) {
        for (JarEntry e = in.getNextJarEntry(); e != null; e = in.getNextJarEntry()) {
          if (SIGNATURE.matcher(e.getName()).matches()) {
            signed = true;
            continue;
          }
          o.putNextEntry(new JarEntry(e.getName()));
          copy(in, o);
          o.closeEntry();
        }
      }
    }
    if (signed) {
      Files.move(out, jar, StandardCopyOption.REPLACE_EXISTING);
    } else {
      Files.delete(out);
    }
    return signed;
  }

  private static void copy(InputStream in, OutputStream out) throws IOException {
    in.transferTo(out);
  }
}
