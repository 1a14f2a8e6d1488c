package org.keyspacestudio.model.project;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reading a model's text files: UTF-8, strictly (a byte that is not UTF-8 is an error at its line
 * and column, never a silent replacement), after a UTF-8 byte-order mark if there is one; a file
 * with a UTF-16 byte-order mark is read as UTF-16.
 */
public final class TextFiles {

  /** A file that is not text in UTF-8 (or UTF-16 with a byte-order mark). */
  public static final class NotTextException extends IOException {
    private static final long serialVersionUID = 1L;

    /** The file. */
    public final transient Path file;

    /** The line (from 1) of the first byte that is not UTF-8. */
    public final int line;

    /** Its column (from 1, in characters). */
    public final int column;

    NotTextException(Path file, int line, int column) {
      super(
          file
              + ":"
              + line
              + ":"
              + column
              + ": not UTF-8 text (a byte there is not UTF-8: a binary file, or text in another"
              + " encoding such as Latin-1); save it as UTF-8");
      this.file = file;
      this.line = line;
      this.column = column;
    }
  }

  private TextFiles() {}

  /**
   * The text of a file.
   *
   * @throws NoSuchFileException if there is no such file (its message: "no such file")
   * @throws IOException if it is a directory, cannot be read (permission denied), or is not text
   *     ({@link NotTextException}, with the position of the first byte that is not UTF-8)
   */
  public static String read(Path file) throws IOException {
    if (Files.isDirectory(file)) {
      throw new IOException(file + ": a directory, not a file");
    }
    if (Files.exists(file) && !Files.isRegularFile(file)) {
      throw new IOException(file + ": not a regular file");
    }
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new NoSuchFileException(file.toString(), null, "no such file");
    } catch (AccessDeniedException e) {
      throw new AccessDeniedException(file.toString(), null, "permission denied");
    }
    if (bytes.length >= 2 && (bytes[0] & 0xff) == 0xfe && (bytes[1] & 0xff) == 0xff) {
      return new String(bytes, 2, bytes.length - 2, StandardCharsets.UTF_16BE);
    }
    if (bytes.length >= 2 && (bytes[0] & 0xff) == 0xff && (bytes[1] & 0xff) == 0xfe) {
      return new String(bytes, 2, bytes.length - 2, StandardCharsets.UTF_16LE);
    }
    int start =
        bytes.length >= 3
                && (bytes[0] & 0xff) == 0xef
                && (bytes[1] & 0xff) == 0xbb
                && (bytes[2] & 0xff) == 0xbf
            ? 3
            : 0;
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes, start, bytes.length - start);
    CharBuffer out = CharBuffer.allocate(bytes.length);
    var result = decoder.decode(in, out, true);
    if (result.isError()) {
      // The text before the bad byte gives its line and column.
      out.flip();
      String before = out.toString();
      int line = 1 + (int) before.chars().filter(c -> c == '\n').count();
      int column = before.length() - before.lastIndexOf('\n');
      throw new NotTextException(file, line, column);
    }
    try {
      decoder.flush(out);
    } catch (IllegalStateException e) {
      throw new CharacterCodingException();
    }
    out.flip();
    return out.toString();
  }
}
