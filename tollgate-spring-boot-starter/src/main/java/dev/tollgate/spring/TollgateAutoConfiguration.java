package dev.tollgate.spring;

import dev.tollgate.graphqljava.CallerResolver;
import dev.tollgate.graphqljava.HttpRegistry;
import dev.tollgate.graphqljava.TollgateGraphQL;
import dev.tollgate.graphqljava.TollgateGraphQLBuilder;
import dev.tollgate.registry.admission.BudgetLedger;
import dev.tollgate.registry.catalog.RegistryReader;
import dev.tollgate.registry.policy.KeyPolicy;
import dev.tollgate.registry.pricing.CostModel;
import graphql.schema.GraphQLSchema;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration;
import org.springframework.boot.graphql.autoconfigure.GraphQlProperties;
import org.springframework.boot.graphql.autoconfigure.GraphQlSourceBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.support.ResourcePatternResolver;
import org.springframework.graphql.execution.GraphQlSource;
import org.springframework.graphql.server.WebGraphQlHandler;
import org.springframework.graphql.server.webmvc.GraphQlHttpHandler;
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.RouterFunctions;
import org.springframework.web.servlet.function.ServerResponse;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tollgate in a Spring for GraphQL application: a {@link TollgateGraphQL} over the application's
 * schema and a {@link RegistryReader} bean, installed through a {@link
 * GraphQlSourceBuilderCustomizer}; a {@link TollgateWebInterceptor} for the caller's key and the
 * body's document id; and, on Spring MVC, the GraphQL HTTP handler reading bodies with an id and no
 * text ({@link DocumentIdBodyConverter}), answering with the gateway's statuses and serving GET
 * ({@link TollgateHttpHandler}). With Micrometer, {@link TollgateMeters}. Off with {@code
 * tollgate.enabled=false}.
 */
@AutoConfiguration(
    after = GraphQlAutoConfiguration.class,
    beforeName =
        "org.springframework.boot.graphql.autoconfigure.servlet.GraphQlWebMvcAutoConfiguration")
@ConditionalOnClass({GraphQlSource.class, TollgateGraphQL.class})
@ConditionalOnBean(GraphQlSource.class)
@ConditionalOnProperty(prefix = "tollgate", name = "enabled", matchIfMissing = true)
@EnableConfigurationProperties(TollgateProperties.class)
public class TollgateAutoConfiguration {

  /**
   * The registered documents, when the application declares no {@link RegistryReader}: the one
   * place that creates the reader following the running registry at {@code tollgate.registry.url}.
   */
  @Bean
  @ConditionalOnMissingBean
  RegistryReader tollgateRegistryReader(TollgateProperties properties) {
    RegistryProperties registry = properties.getRegistry();
    String url = registry.getUrl();
    if (url == null || url.isBlank()) {
      throw new TollgateConfigurationException(
          "tollgate: no RegistryReader bean and no tollgate.registry.url: set"
              + " tollgate.registry.url (and tollgate.registry.token) or declare a RegistryReader"
              + " bean");
    }
    String token = registry.getToken();
    if (token == null || token.isBlank()) {
      throw new TollgateConfigurationException(
          "tollgate: tollgate.registry.url=" + url + " needs tollgate.registry.token (scope read)");
    }
    HttpRegistry.Builder follower = HttpRegistry.newRegistry(registryUri(url), token);
    Path snapshot = registry.getSnapshotFile();
    if (snapshot != null) {
      follower.snapshotFile(snapshot);
    }
    try {
      return follower.failClosed(registry.isFailClosed()).build();
    } catch (IllegalStateException | IllegalArgumentException e) {
      throw new TollgateConfigurationException("tollgate: " + e.getMessage());
    }
  }

  private static URI registryUri(String url) {
    try {
      URI uri = new URI(url);
      if (uri.getScheme() == null || uri.getHost() == null) {
        throw new URISyntaxException(url, "not an absolute http(s) URL");
      }
      return uri;
    } catch (URISyntaxException e) {
      throw new TollgateConfigurationException(
          "tollgate: tollgate.registry.url is not a URL: " + url + " (" + e.getReason() + ")");
    }
  }

  @Bean
  @ConditionalOnMissingBean
  TollgateHooks tollgateHooks(
      TollgateProperties properties,
      RegistryReader reader,
      ObjectProvider<BudgetLedger> ledger,
      ObjectProvider<CallerResolver> callers,
      ObjectProvider<CostModel> costModel,
      ObjectProvider<GraphQlProperties> graphQlProperties,
      ResourcePatternResolver resources) {
    BudgetLedger sharedLedger = ledger.getIfAvailable();
    String store = properties.getBudget().getStore();
    if (store.equals("redis") && sharedLedger == null) {
      throw new TollgateConfigurationException(
          "tollgate: tollgate.budget.store=redis needs a BudgetLedger bean (tollgate-redis's"
              + " RedisBudgetLedger)");
    }
    if (!store.equals("redis") && !store.equals("memory")) {
      throw new TollgateConfigurationException(
          "tollgate: tollgate.budget.store must be memory or redis: " + store);
    }
    int instances = properties.getBudget().getExpectedInstances();
    if (instances < 1) {
      throw new TollgateConfigurationException(
          "tollgate: tollgate.budget.expected-instances must be at least 1: " + instances);
    }
    // every name and every policy is checked at start, not at the first request
    properties.getKeys().forEach((key, name) -> properties.policy(name, "tollgate.keys"));
    properties.getPolicies().forEach((name, policy) -> policy.toKeyPolicy(name));
    GraphQlProperties graphQl = graphQlProperties.getIfAvailable();
    String sdl = graphQl == null ? null : SchemaResources.sdl(resources, graphQl.getSchema());
    return new TollgateHooks(
        schema -> build(schema, sdl, reader, properties, sharedLedger, callers, costModel));
  }

  private static TollgateGraphQL build(
      GraphQLSchema schema,
      @Nullable String sdl,
      RegistryReader reader,
      TollgateProperties properties,
      @Nullable BudgetLedger ledger,
      ObjectProvider<CallerResolver> callers,
      ObjectProvider<CostModel> costModel) {
    TollgateGraphQLBuilder builder =
        TollgateGraphQL.newTollgate(schema, reader)
            .documentCacheSize(properties.getCache().getDocuments())
            .expectedInstances(properties.getBudget().getExpectedInstances())
            .refreshEvery(Duration.ofMillis(properties.getRegistry().getRefreshMillis()))
            .measurementFlush(measurementFlush(properties.getRegistry()));
    if (sdl != null) {
      builder.schemaSdl(sdl);
    }
    properties
        .getKeys()
        .forEach((key, name) -> builder.key(key, properties.policy(name, "tollgate.keys")));
    // keys issued at runtime on the registry name these, as they name the registry's policies
    properties.getPolicies().keySet().stream()
        .filter(name -> !name.equals(KeyPolicy.ANONYMOUS))
        .forEach(name -> builder.policy(properties.policy(name, "tollgate.policies")));
    String anonymous = properties.getAnonymousPolicy();
    if (anonymous != null) {
      builder.anonymous(properties.policy(anonymous, "tollgate.anonymous-policy"));
    }
    if (ledger != null) {
      builder.ledger(ledger);
    }
    callers.ifAvailable(builder::callers);
    costModel.ifAvailable(builder::costModel);
    return builder.build();
  }

  private static Duration measurementFlush(RegistryProperties registry) {
    long millis = registry.getMeasurementFlushMillis();
    if (millis < 0) {
      throw new TollgateConfigurationException(
          "tollgate: tollgate.registry.measurement-flush-millis must not be negative: " + millis);
    }
    return Duration.ofMillis(millis);
  }

  /** Installs Tollgate's provider and instrumentation; the schema and fetchers stay as they are. */
  @Bean
  GraphQlSourceBuilderCustomizer tollgateGraphQlSourceCustomizer(TollgateHooks hooks) {
    return builder -> builder.configureGraphQl(hooks::install);
  }

  @Bean
  @ConditionalOnMissingBean
  TollgateWebInterceptor tollgateWebInterceptor() {
    return new TollgateWebInterceptor();
  }

  /**
   * Tollgate's meters ({@link TollgateMeters}: {@code tollgate.registry.staleness} and others) in
   * every {@code MeterRegistry} bean, when Micrometer is on the class path (Spring Boot Actuator).
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "io.micrometer.core.instrument.MeterRegistry")
  static class Meters {

    @Bean
    TollgateMeters tollgateMeters(
        RegistryReader reader, TollgateHooks hooks, ObjectProvider<MeterRegistry> registries) {
      TollgateMeters meters = new TollgateMeters(reader, hooks);
      registries.orderedStream().forEach(meters::bindTo);
      return meters;
    }
  }

  /**
   * Spring MVC's GraphQL HTTP handler answering as the gateway does ({@link TollgateHttpHandler}:
   * the gateway's statuses per media type, and GET), with a JSON converter that admits bodies with
   * an id and no text (Boot's own handler is then not made).
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
  @ConditionalOnClass({GraphQlHttpHandler.class, JacksonJsonHttpMessageConverter.class})
  static class ServletHandler {

    @Bean
    @ConditionalOnMissingBean
    GraphQlHttpHandler tollgateGraphQlHttpHandler(
        WebGraphQlHandler handler, ObjectProvider<JsonMapper> mapper) {
      JsonMapper json = mapper.getIfAvailable();
      JacksonJsonHttpMessageConverter converter =
          json == null
              ? new JacksonJsonHttpMessageConverter()
              : new JacksonJsonHttpMessageConverter(json);
      return new TollgateHttpHandler(
          handler,
          new DocumentIdBodyConverter(converter),
          json == null ? JsonMapper.builder().build() : json);
    }

    /**
     * {@code GET} on the GraphQL path, ahead of Boot's router (order 0), which answers a GET there
     * with 405: the gateway serves queries by GET (the README tour's first request). Nothing when
     * the application declares its own handler.
     */
    @Bean
    @Order(-1)
    RouterFunction<ServerResponse> tollgateGraphQlGetRouterFunction(
        GraphQlHttpHandler handler, ObjectProvider<GraphQlProperties> properties) {
      if (!(handler instanceof TollgateHttpHandler tollgate)) {
        return request -> Optional.empty();
      }
      GraphQlProperties graphQl = properties.getIfAvailable();
      String path = graphQl == null ? "/graphql" : graphQl.getHttp().getPath();
      return RouterFunctions.route().GET(path, tollgate::handleGet).build();
    }
  }
}
