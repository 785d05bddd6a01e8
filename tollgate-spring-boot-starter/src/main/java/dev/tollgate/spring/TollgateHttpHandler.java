package dev.tollgate.spring;

import dev.tollgate.registry.admission.Transport;
import dev.tollgate.registry.answer.Answers;
import dev.tollgate.registry.answer.Headers;
import dev.tollgate.registry.answer.Statuses;
import dev.tollgate.registry.document.RequestIds;
import dev.tollgate.registry.error.ErrorCode;
import dev.tollgate.registry.error.TollgateException;
import jakarta.servlet.http.Cookie;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.graphql.MediaTypes;
import org.springframework.graphql.server.WebGraphQlHandler;
import org.springframework.graphql.server.WebGraphQlRequest;
import org.springframework.graphql.server.WebGraphQlResponse;
import org.springframework.graphql.server.webmvc.GraphQlHttpHandler;
import org.springframework.http.HttpCookie;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Spring MVC's GraphQL HTTP handler answering as the gateway does, through the hooks Spring for
 * GraphQL leaves to a subclass:
 *
 * <ul>
 *   <li>{@link #selectResponseStatus}: a Tollgate refusal gets the gateway's status for the
 *       answer's media type ({@link GatewayStatuses}): its code's 4xx in {@code
 *       application/graphql-response+json}, 200 in {@code application/json}, 401 for an unknown key
 *       in both. Any other answer keeps Spring's status.
 *   <li>{@link #prepareResponse}: the gateway's headers of the decision, from the core's {@code
 *       answer.Headers} ({@link GatewayStatuses#headers}): {@code
 *       X-RateLimit-Limit/Remaining/Reset} whenever the balance is known, {@code Retry-After} on
 *       {@code RATE_LIMITED}, {@code Allow: POST} on a mutation refused for coming by GET, and
 *       {@code Cache-Control: private, no-cache, must-revalidate} on every answer Tollgate decided
 *       (there is no response cache in process).
 *   <li>{@link #handleGet}: {@code GET /graphql?documentId=..&variables=..&extensions=..} (and
 *       {@code query}, {@code operationName}), the gateway's GET, which Spring for GraphQL does not
 *       serve. The execution is marked {@link Transport#GET} in its {@code GraphQLContext}, so
 *       Tollgate refuses a mutation by GET ({@code 405 METHOD_NOT_ALLOWED}) before charging it.
 * </ul>
 */
public class TollgateHttpHandler extends GraphQlHttpHandler {

  private static final List<String> TEXT_PARAMETERS =
      List.of("query", "documentId", "doc_id", "id", "operationName");
  private static final List<String> JSON_PARAMETERS = List.of("variables", "extensions");

  private final WebGraphQlHandler graphQlHandler;
  private final JsonMapper json;

  TollgateHttpHandler(
      WebGraphQlHandler graphQlHandler, HttpMessageConverter<?> converter, JsonMapper json) {
    super(graphQlHandler, converter);
    this.graphQlHandler = graphQlHandler;
    this.json = json;
  }

  @Override
  protected HttpStatus selectResponseStatus(WebGraphQlResponse response, MediaType mediaType) {
    ErrorCode refusal = GatewayStatuses.refusal(response.getExecutionResult());
    if (refusal == null) {
      return super.selectResponseStatus(response, mediaType);
    }
    boolean graphqlResponse = MediaTypes.APPLICATION_GRAPHQL_RESPONSE.equals(mediaType);
    return HttpStatus.valueOf(Statuses.of(refusal, graphqlResponse));
  }

  @Override
  protected ServerResponse prepareResponse(
      ServerRequest request, Mono<WebGraphQlResponse> responseMono) {
    return super.prepareResponse(
        request,
        responseMono.map(
            response -> {
              HttpHeaders headers = response.getResponseHeaders();
              GatewayStatuses.headers(response.getExecutionInput(), response.getExecutionResult())
                  .forEach(headers::set);
              return response;
            }));
  }

  /**
   * {@code GET} with the request as query parameters, {@code variables} and {@code extensions}
   * JSON-encoded; a top-level {@code documentId} (or Relay's {@code doc_id}, {@code id}) is read as
   * in a POST body. A parameter given twice or not JSON where JSON is expected is the gateway's
   * {@code 400 BAD_REQUEST}.
   */
  public ServerResponse handleGet(ServerRequest request) {
    DocumentIdBodyConverter.BodyRequest body = new DocumentIdBodyConverter.BodyRequest();
    Map<String, Object> extensions = new LinkedHashMap<>();
    // the parameter the document id came from, to name it when another differs
    List<String> idFrom = new java.util.ArrayList<>(1);
    try {
      MultiValueMap<String, String> parameters = request.params();
      for (String name : TEXT_PARAMETERS) {
        String value = single(parameters, name);
        if (value == null) {
          continue;
        }
        switch (name) {
          case "query" -> body.setQuery(value);
          case "operationName" -> body.setOperationName(value);
          default -> documentId(extensions, name, value, idFrom);
        }
      }
      for (String name : JSON_PARAMETERS) {
        String value = single(parameters, name);
        if (value != null && !value.isEmpty()) {
          Map<String, Object> object = jsonObject(value, name);
          if (name.equals("variables")) {
            body.setVariables(object);
          } else {
            object.putAll(extensions);
            extensions = object;
          }
        }
      }
    } catch (BadRequest e) {
      return badRequest(e.getMessage());
    }
    body.setExtensions(extensions);
    if (body.getQuery() == null
        && !extensions.containsKey(DocumentIdBodyConverter.BODY_DOCUMENT_ID)
        && !extensions.containsKey("persistedQuery")) {
      return badRequest("a GraphQL request needs a query or a document id");
    }
    WebGraphQlRequest graphQlRequest =
        new WebGraphQlRequest(
            request.uri(),
            request.headers().asHttpHeaders(),
            cookies(request),
            request.remoteAddress().orElse(null),
            request.attributes(),
            body,
            UUID.randomUUID().toString(),
            LocaleContextHolder.getLocale());
    graphQlRequest.configureExecutionInput(
        (input, builder) -> {
          input.getGraphQLContext().put(Transport.class, Transport.GET);
          return builder.build();
        });
    return prepareResponse(request, graphQlHandler.handleRequest(graphQlRequest));
  }

  /** The gateway's 400 for parameters that are not a GraphQL request, in both media types. */
  private static ServerResponse badRequest(String message) {
    Map<String, Object> extensions = new LinkedHashMap<>();
    extensions.put("code", ErrorCode.BAD_REQUEST.code());
    return ServerResponse.badRequest()
        .header(HttpHeaders.CACHE_CONTROL, Headers.NO_CACHE)
        .contentType(MediaType.APPLICATION_JSON)
        .body(Map.of("errors", List.of(Answers.error(message, extensions))));
  }

  private static @Nullable String single(MultiValueMap<String, String> parameters, String name) {
    List<String> values = parameters.get(name);
    if (values == null || values.isEmpty()) {
      return null;
    }
    if (values.size() > 1) {
      throw new BadRequest("query parameter " + name + " is given more than once");
    }
    return values.get(0);
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> jsonObject(String value, String name) {
    Object parsed;
    try {
      parsed = json.readValue(value, Object.class);
    } catch (JacksonException e) {
      throw new BadRequest(name + " is not valid JSON: " + e.getOriginalMessage());
    }
    if (!(parsed instanceof Map<?, ?> map)) {
      throw new BadRequest(name + " must be a JSON object");
    }
    return new LinkedHashMap<>((Map<String, Object>) map);
  }

  private static MultiValueMap<String, HttpCookie> cookies(ServerRequest request) {
    MultiValueMap<String, HttpCookie> cookies = new LinkedMultiValueMap<>();
    request
        .cookies()
        .forEach(
            (name, values) -> {
              for (Cookie cookie : values) {
                cookies.add(name, new HttpCookie(cookie.getName(), cookie.getValue()));
              }
            });
    return cookies;
  }

  /**
   * Keeps the id of {@code documentId}, Relay's {@code doc_id} or {@code id}, the first given; two
   * that name different documents are the gateway's 400.
   */
  private static void documentId(
      Map<String, Object> extensions, String name, String value, List<String> idFrom) {
    Object first = extensions.get(DocumentIdBodyConverter.BODY_DOCUMENT_ID);
    if (first == null) {
      extensions.put(DocumentIdBodyConverter.BODY_DOCUMENT_ID, value);
      idFrom.add(name);
      return;
    }
    try {
      RequestIds.requireSame(idFrom.get(0), String.valueOf(first), name, value);
    } catch (TollgateException e) {
      throw new BadRequest(String.valueOf(e.getMessage()));
    }
  }

  /** A GET whose parameters are not a GraphQL request: the gateway's 400 BAD_REQUEST. */
  private static final class BadRequest extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BadRequest(String message) {
      super(message, null, false, false);
    }

    @Override
    public String getMessage() {
      return String.valueOf(super.getMessage());
    }
  }
}
