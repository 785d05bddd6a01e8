package dev.tollgate.client.extract;

import graphql.parser.MultiSourceReader;
import graphql.parser.ParserOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

/** How client files are read and parsed: no token limits, comments dropped, locations kept. */
final class GraphqlParsing {

  // client sources are trusted input, and one file may hold hundreds of operations
  static final ParserOptions OPTIONS =
      ParserOptions.newParserOptions()
          .captureSourceLocation(true)
          .captureIgnoredChars(false)
          .captureLineComments(false)
          .maxTokens(Integer.MAX_VALUE)
          .maxWhitespaceTokens(Integer.MAX_VALUE)
          .maxCharacters(Integer.MAX_VALUE)
          .build();

  private GraphqlParsing() {}

  /** A reader whose source locations carry the file's display name. */
  static MultiSourceReader reader(SourceFile file) {
    try {
      String text = Files.readString(file.path(), StandardCharsets.UTF_8);
      return MultiSourceReader.newMultiSourceReader().string(text, file.displayName()).build();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file.path(), e);
    }
  }
}
