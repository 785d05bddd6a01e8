package dev.tollgate.bench.scale;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** The simulation's HTTP calls: GraphQL requests by id or text, and the registry API. */
final class SimHttp {

  static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  /** One answer: its status and JSON body (null when it was not JSON or did not come). */
  record Answer(int status, JsonNode body) {

    /** Admitted and run: a 200 with data. */
    boolean admitted() {
      return status == 200 && body != null && body.hasNonNull("data");
    }

    /** The units the bucket kept for it: the charge, less what a refund gave back. */
    long units() {
      if (body == null) {
        return 0;
      }
      return body.at("/extensions/rateLimit/cost").asLong(0)
          - body.at("/extensions/rateLimit/refunded").asLong(0);
    }

    long estimated() {
      return body == null ? -1 : body.at("/extensions/cost/estimated").asLong(-1);
    }

    String code() {
      if (body == null) {
        return "NO_BODY";
      }
      JsonNode code = body.at("/errors/0/extensions/code");
      return code.isMissingNode() ? body.path("code").asText("") : code.asText();
    }
  }

  private final HttpClient client =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  /** A GraphQL POST by document id with {@code key}; status -1 when the gateway did not answer. */
  Answer byId(String base, String key, String id) {
    return graphql(base, key, "{\"documentId\":\"" + id + "\"}");
  }

  Answer byText(String base, String key, String query) {
    return graphql(base, key, JSON.createObjectNode().put("query", query).toString());
  }

  private Answer graphql(String base, String key, String body) {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(base + "/graphql"))
            .timeout(TIMEOUT)
            .header("X-API-Key", key)
            .header("Content-Type", "application/json")
            .header("Accept", "application/graphql-response+json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    return send(request);
  }

  /** A registry call with the admin token: {@code method} on {@code path} with {@code body}. */
  Answer admin(String base, String method, String path, String body) {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(base + path))
            .timeout(Duration.ofSeconds(60))
            .header("Authorization", "Bearer " + SimGateways.ADMIN_TOKEN)
            .header("Content-Type", "application/json")
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body))
            .build();
    return send(request);
  }

  boolean healthy(String base) {
    try {
      HttpRequest request =
          HttpRequest.newBuilder(URI.create(base + "/health"))
              .timeout(Duration.ofSeconds(2))
              .build();
      return client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private Answer send(HttpRequest request) {
    try {
      HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
      JsonNode body;
      try {
        body = JSON.readTree(response.body());
      } catch (IOException e) {
        body = null;
      }
      return new Answer(response.statusCode(), body);
    } catch (IOException e) {
      return new Answer(-1, null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Answer(-1, null);
    }
  }
}
