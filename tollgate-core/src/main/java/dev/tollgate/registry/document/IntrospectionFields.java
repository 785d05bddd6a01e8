package dev.tollgate.registry.document;

import graphql.language.Document;
import graphql.language.Field;
import graphql.language.Node;
import graphql.language.NodeTraverser;
import graphql.language.NodeVisitorStub;
import graphql.parser.InvalidSyntaxException;
import graphql.parser.Parser;
import graphql.util.TraversalControl;
import graphql.util.TraverserContext;
import java.util.regex.Pattern;

/**
 * Whether a document selects {@code __schema} or {@code __type} (the introspection entry points;
 * {@code __typename} is not one). A text scan answers "no" for almost every document without
 * parsing; only a text that mentions one of the names is parsed, so a name inside a string or a
 * comment is not mistaken for a field.
 */
public final class IntrospectionFields {

  private static final Pattern NAME =
      Pattern.compile("(?<![_0-9A-Za-z])__(schema|type)(?![_0-9A-Za-z])");

  private IntrospectionFields() {}

  /**
   * True when some field of {@code text} is {@code __schema} or {@code __type}; false for
   * unparseable text.
   */
  public static boolean selectedIn(String text) {
    if (!NAME.matcher(text).find()) {
      return false;
    }
    Document document;
    try {
      document = Parser.parse(text);
    } catch (InvalidSyntaxException e) {
      return false;
    }
    return selectedIn(document);
  }

  private static boolean selectedIn(Document document) {
    boolean[] found = {false};
    new NodeTraverser()
        .preOrder(
            new NodeVisitorStub() {
              @Override
              public TraversalControl visitField(Field node, TraverserContext<Node> context) {
                if (node.getName().equals("__schema") || node.getName().equals("__type")) {
                  found[0] = true;
                  return TraversalControl.QUIT;
                }
                return TraversalControl.CONTINUE;
              }
            },
            document);
    return found[0];
  }
}
