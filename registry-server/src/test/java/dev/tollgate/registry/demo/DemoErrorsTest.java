package dev.tollgate.registry.demo;

import static org.assertj.core.api.Assertions.assertThat;

import graphql.GraphQLError;
import graphql.Scalars;
import graphql.execution.DataFetcherExceptionHandlerParameters;
import graphql.execution.ExecutionStepInfo;
import graphql.execution.MergedField;
import graphql.execution.ResultPath;
import graphql.language.Field;
import graphql.schema.DataFetchingEnvironmentImpl;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class DemoErrorsTest {

  private final DemoErrors errors = new DemoErrors();

  @Test
  void handleException_demoError_keepsItsMessageAndCode() {
    GraphQLError error = handle(DemoError.badUserInput("first must be between 0 and 50"));

    assertThat(error.getMessage()).isEqualTo("first must be between 0 and 50");
    assertThat(error.getExtensions()).containsEntry("code", "BAD_USER_INPUT");
    assertThat(error.getPath()).containsExactly("cargos");
  }

  @Test
  void handleException_unexpectedException_masksItsText() {
    GraphQLError error = handle(new IllegalStateException("secret internals"));

    assertThat(error.getMessage()).isEqualTo("Internal server error");
    assertThat(error.getExtensions()).isEqualTo(Map.of("code", "INTERNAL_SERVER_ERROR"));
  }

  private GraphQLError handle(Throwable exception) {
    MergedField field = MergedField.newMergedField(new Field("cargos")).build();
    var environment =
        DataFetchingEnvironmentImpl.newDataFetchingEnvironment()
            .mergedField(field)
            .executionStepInfo(
                ExecutionStepInfo.newExecutionStepInfo()
                    .type(Scalars.GraphQLString)
                    .path(ResultPath.rootPath().segment("cargos"))
                    .build())
            .build();
    var parameters =
        DataFetcherExceptionHandlerParameters.newExceptionParameters()
            .dataFetchingEnvironment(environment)
            .exception(exception)
            .build();
    return errors.handleException(parameters).join().getErrors().get(0);
  }
}
