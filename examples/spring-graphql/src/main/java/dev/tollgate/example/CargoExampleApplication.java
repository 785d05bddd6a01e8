package dev.tollgate.example;

import graphql.Scalars;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.graphql.execution.RuntimeWiringConfigurer;

/**
 * The example: {@code java -jar spring-graphql-example.jar [--server.port=N]
 * [--tollgate.registry.url=URL] [--tollgate.registry.token=TOKEN]}, serving {@code /graphql}.
 */
@SpringBootApplication
public class CargoExampleApplication {

  public static void main(String[] args) {
    SpringApplication.run(CargoExampleApplication.class, args);
  }

  /** The schema's {@code DateTime}: ISO-8601 text. */
  @Bean
  RuntimeWiringConfigurer dateTimeScalar() {
    return wiring -> wiring.scalar(Scalars.GraphQLString.transform(b -> b.name("DateTime")));
  }
}
