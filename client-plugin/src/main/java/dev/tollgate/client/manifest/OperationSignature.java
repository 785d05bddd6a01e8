package dev.tollgate.client.manifest;

import graphql.language.Document;
import graphql.language.OperationDefinition;
import graphql.parser.InvalidSyntaxException;
import graphql.parser.Parser;
import java.util.Locale;

/**
 * The name and type of the first operation in a document, for manifests ({@code {id: body}} maps)
 * that do not carry them. A body that does not parse keeps its id as name: the registry will refuse
 * it with the real syntax error.
 */
record OperationSignature(String name, String type) {

  static OperationSignature of(String id, String body) {
    try {
      return fromDocument(id, Parser.parse(body));
    } catch (InvalidSyntaxException e) {
      return new OperationSignature(id, "query");
    }
  }

  private static OperationSignature fromDocument(String id, Document document) {
    for (OperationDefinition operation : document.getDefinitionsOfType(OperationDefinition.class)) {
      String name = operation.getName() == null ? id : operation.getName();
      return new OperationSignature(name, operation.getOperation().name().toLowerCase(Locale.ROOT));
    }
    return new OperationSignature(id, "query");
  }
}
