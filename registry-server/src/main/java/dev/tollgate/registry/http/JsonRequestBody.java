package dev.tollgate.registry.http;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.tollgate.registry.admission.TextLimit;
import dev.tollgate.registry.document.AsciiText;
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

  /**
   * The requests of an all-ASCII body: one per element when it is an array ({@code batch}). A
   * {@code query} string is counted on the body's bytes ({@link AsciiJsonString}) before Jackson
   * decodes it, and Jackson skips one over the limit without decoding it at all.
   */
  Parsed asciiRequests(byte[] body, TextLimit limit) {
    return read(() -> factory.createParser(body), new Query(limit, body), "request body");
  }

  /** As {@link #asciiRequests}, for a body decoded to text. */
  Parsed requests(String body, TextLimit limit) {
    return read(() -> factory.createParser(body), new Query(limit, null), "request body");
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

  private Parsed read(Source source, Query query, String what) {
    try (JsonParser parser = source.open()) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw GatewayRequestException.badRequest(what + " is empty");
      }
      List<RequestFields> requests = new ArrayList<>(1);
      boolean batch = first == JsonToken.START_ARRAY;
      if (batch) {
        while (parser.nextToken() != JsonToken.END_ARRAY) {
          requests.add(fields(parser, query));
        }
      } else {
        requests.add(fields(parser, query));
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
  private static RequestFields fields(JsonParser parser, Query query) throws IOException {
    if (parser.currentToken() != JsonToken.START_OBJECT) {
      parser.skipChildren();
      return RequestFields.notAnObject();
    }
    RequestFields fields = new RequestFields();
    String name;
    while ((name = parser.nextFieldName()) != null) {
      JsonToken value = parser.nextToken();
      if (name.equals("query")) {
        query.read(parser, value, fields);
      } else if (RequestFields.known(name)) {
        fields.set(name, plain(parser));
      } else {
        parser.skipChildren();
      }
    }
    return fields;
  }

  /**
   * How a {@code query} value is read: a string is counted first, from the body's bytes when they
   * are ASCII ({@code ascii}) or else from Jackson's buffer, and kept as a {@code String} only
   * within the limit.
   */
  private record Query(TextLimit limit, byte @Nullable [] ascii) {

    void read(JsonParser parser, JsonToken value, RequestFields fields) throws IOException {
      if (value != JsonToken.VALUE_STRING) {
        fields.queryValue(plain(parser));
        return;
      }
      AsciiText raw = ascii == null ? null : AsciiJsonString.at(ascii, quote(parser));
      if (raw != null) {
        keep(limit.asciiExceededBy(raw), raw, fields);
        return;
      }
      if (!limit.counts(parser.getTextLength())) {
        fields.queryText(parser.getText());
        return;
      }
      CharSlice decoded =
          new CharSlice(parser.getTextCharacters(), parser.getTextOffset(), parser.getTextLength());
      keep(limit.exceededBy(decoded), parser, fields);
    }

    /**
     * Where the current string's opening quote is in the body. Jackson has not decoded the string
     * yet: it does so when its text is asked for, and skips it undecoded otherwise.
     */
    private static int quote(JsonParser parser) {
      long offset = parser.currentTokenLocation().getByteOffset();
      return offset > Integer.MAX_VALUE ? -1 : (int) offset;
    }

    private static void keep(int over, CharSequence text, RequestFields fields) {
      if (over > 0) {
        fields.queryOverTokens(over);
      } else {
        fields.queryText(text.toString());
      }
    }

    private static void keep(int over, JsonParser parser, RequestFields fields) throws IOException {
      if (over > 0) {
        fields.queryOverTokens(over);
      } else {
        fields.queryText(parser.getText());
      }
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
