package dev.tollgate.registry.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.tollgate.registry.admission.TextLimit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Reads GraphQL requests from JSON with Jackson's streaming parser, without a tree of the body: the
 * fields a request uses become {@link RequestFields} (variables and extensions as the maps, lists,
 * numbers, strings and booleans Jackson would bind to {@code Object}), others are skipped, and a
 * {@code query} string is counted against the caller's {@link TextLimit} from the parser's own
 * buffer, so that a text over it is never copied into a {@code String} nor hashed.
 */
final class JsonRequestBody {

  private final JsonFactory factory;

  /**
   * @param factory a factory with {@code STRICT_DUPLICATE_DETECTION} on, as the tree reader had
   */
  JsonRequestBody(JsonFactory factory) {
    this.factory = factory;
  }

  /** The requests of a body: one per element when it is an array ({@code batch}). */
  Parsed requests(byte[] body, TextLimit limit) {
    return read(() -> factory.createParser(body), limit, "request body");
  }

  /** As {@link #requests(byte[], TextLimit)}, for a body decoded to text. */
  Parsed requests(String body, TextLimit limit) {
    return read(() -> factory.createParser(body), limit, "request body");
  }

  /** One JSON value of a GET parameter ({@code what}), as plain Java values. */
  @Nullable Object value(String text, String what) {
    try (JsonParser parser = factory.createParser(text)) {
      if (parser.nextToken() == null) {
        throw GatewayRequestException.badRequest(what + " is empty");
      }
      Object value = plain(parser);
      requireEnd(parser, what);
      return value;
    } catch (JsonProcessingException e) {
      throw notJson(what, e);
    } catch (IOException e) {
      throw GatewayRequestException.badRequest("cannot read the " + what);
    }
  }

  private Parsed read(Source source, TextLimit limit, String what) {
    try (JsonParser parser = source.open()) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw GatewayRequestException.badRequest(what + " is empty");
      }
      List<RequestFields> requests = new ArrayList<>(1);
      boolean batch = first == JsonToken.START_ARRAY;
      if (batch) {
        while (parser.nextToken() != JsonToken.END_ARRAY) {
          requests.add(fields(parser, limit));
        }
      } else {
        requests.add(fields(parser, limit));
      }
      requireEnd(parser, what);
      return new Parsed(requests, batch);
    } catch (JsonProcessingException e) {
      throw notJson(what, e);
    } catch (IOException e) {
      throw GatewayRequestException.badRequest("cannot read the " + what);
    }
  }

  /** The fields of the request whose first token is current. */
  private static RequestFields fields(JsonParser parser, TextLimit limit) throws IOException {
    if (parser.currentToken() != JsonToken.START_OBJECT) {
      parser.skipChildren();
      return RequestFields.notAnObject();
    }
    RequestFields fields = new RequestFields();
    String name;
    while ((name = parser.nextFieldName()) != null) {
      JsonToken value = parser.nextToken();
      if (name.equals("query")) {
        query(parser, value, limit, fields);
      } else if (RequestFields.known(name)) {
        fields.set(name, plain(parser));
      } else {
        parser.skipChildren();
      }
    }
    return fields;
  }

  /**
   * The {@code query} value: a string is counted from Jackson's buffer first, and kept as a {@code
   * String} only within the limit.
   */
  private static void query(
      JsonParser parser, JsonToken value, TextLimit limit, RequestFields fields)
      throws IOException {
    if (value != JsonToken.VALUE_STRING) {
      fields.queryValue(plain(parser));
      return;
    }
    if (!limit.counts(parser.getTextLength())) {
      fields.queryText(parser.getText());
      return;
    }
    int over =
        limit.exceededBy(
            new CharSlice(
                parser.getTextCharacters(), parser.getTextOffset(), parser.getTextLength()));
    if (over > 0) {
      fields.queryOverTokens(over);
    } else {
      fields.queryText(parser.getText());
    }
  }

  /**
   * The current value as Jackson binds JSON to {@code Object}: maps (in order), lists, Integer,
   * Long or BigInteger, Double, String, Boolean, null.
   */
  static @Nullable Object plain(JsonParser parser) throws IOException {
    return switch (parser.currentToken()) {
      case START_OBJECT -> object(parser);
      case START_ARRAY -> array(parser);
      case VALUE_STRING -> parser.getText();
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> parser.getNumberValue();
      case VALUE_TRUE -> Boolean.TRUE;
      case VALUE_FALSE -> Boolean.FALSE;
      default -> null;
    };
  }

  private static Map<String, @Nullable Object> object(JsonParser parser) throws IOException {
    Map<String, @Nullable Object> values = new LinkedHashMap<>();
    String name;
    while ((name = parser.nextFieldName()) != null) {
      parser.nextToken();
      values.put(name, plain(parser));
    }
    return values;
  }

  private static List<@Nullable Object> array(JsonParser parser) throws IOException {
    List<@Nullable Object> items = new ArrayList<>();
    while (parser.nextToken() != JsonToken.END_ARRAY) {
      items.add(plain(parser));
    }
    return items;
  }

  /** Nothing but whitespace may follow the value. */
  private static void requireEnd(JsonParser parser, String what) throws IOException {
    JsonToken trailing = parser.nextToken();
    if (trailing != null) {
      throw GatewayRequestException.badRequest(
          what + " is not valid JSON: Trailing token (of type " + trailing + ") found after value");
    }
  }

  private static GatewayRequestException notJson(String what, JsonProcessingException e) {
    return GatewayRequestException.badRequest(
        what + " is not valid JSON: " + e.getOriginalMessage());
  }

  /** Opens a parser over a body. */
  private interface Source {
    JsonParser open() throws IOException;
  }

  /** The requests of a body, as read; {@code batch} when it was an array. */
  record Parsed(List<RequestFields> requests, boolean batch) {}
}
