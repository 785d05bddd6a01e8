package dev.tollgate.registry.calibration;

import dev.tollgate.registry.calibration.CalibrationReport.FieldFigures;
import dev.tollgate.registry.pricing.CostDirectives;
import dev.tollgate.registry.pricing.CostDirectives.ListSize;
import graphql.schema.GraphQLArgument;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLFieldsContainer;
import graphql.schema.GraphQLSchema;
import graphql.schema.GraphQLTypeUtil;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The calibration report's suggestions as an SDL patch: each field to change, printed as it stands
 * in the schema with its {@code @listSize} carrying the suggested {@code assumedSize} (its other
 * arguments kept), grouped by type, each with a comment giving the observed figures.
 */
final class CalibrationSdl {

  private CalibrationSdl() {}

  static String of(CalibrationReport report, GraphQLSchema schema) {
    Map<String, List<String>> byType = new LinkedHashMap<>();
    for (FieldFigures field : report.fields()) {
      if (field.suggestedSize() == null) {
        continue;
      }
      int dot = field.coordinate().indexOf('.');
      String type = field.coordinate().substring(0, dot);
      if (!(schema.getType(type) instanceof GraphQLFieldsContainer container)) {
        continue;
      }
      GraphQLFieldDefinition definition =
          container.getFieldDefinition(field.coordinate().substring(dot + 1));
      if (definition != null) {
        byType.computeIfAbsent(type, t -> new ArrayList<>()).add(field(field, definition));
      }
    }
    StringBuilder out =
        new StringBuilder(
            "# Tollgate calibration: suggested @listSize changes from observed list sizes.\n");
    if (byType.isEmpty()) {
      return out.append("# No suggestions.\n").toString();
    }
    byType.forEach(
        (type, fields) -> {
          out.append("\ntype ").append(type).append(" {\n");
          fields.forEach(out::append);
          out.append("}\n");
        });
    return out.toString();
  }

  private static String field(FieldFigures figures, GraphQLFieldDefinition definition) {
    StringBuilder out = new StringBuilder("  # observed p95 ");
    out.append(figures.observed().p95())
        .append(", max ")
        .append(figures.observed().max())
        .append(" over ")
        .append(figures.observed().count())
        .append(" lists; assumed ")
        .append(figures.assumedSize());
    if (figures.requested() != null) {
      out.append(", requested p50 ").append(figures.requested().p50());
    }
    out.append("\n  ").append(definition.getName());
    List<String> arguments = new ArrayList<>();
    for (GraphQLArgument argument : definition.getArguments()) {
      arguments.add(argument.getName() + ": " + GraphQLTypeUtil.simplePrint(argument.getType()));
    }
    if (!arguments.isEmpty()) {
      out.append('(').append(String.join(", ", arguments)).append(')');
    }
    out.append(": ").append(GraphQLTypeUtil.simplePrint(definition.getType()));
    out.append(" ").append(directive(CostDirectives.listSize(definition), figures.suggestedSize()));
    return out.append('\n').toString();
  }

  private static String directive(@Nullable ListSize listSize, @Nullable Long assumedSize) {
    List<String> arguments = new ArrayList<>();
    arguments.add("assumedSize: " + assumedSize);
    if (listSize != null && !listSize.slicingArguments().isEmpty()) {
      arguments.add("slicingArguments: " + quoted(listSize.slicingArguments()));
    }
    if (listSize != null && !listSize.sizedFields().isEmpty()) {
      arguments.add("sizedFields: " + quoted(listSize.sizedFields()));
    }
    if (listSize != null && !listSize.requireOneSlicingArgument()) {
      arguments.add("requireOneSlicingArgument: false");
    }
    return "@listSize(" + String.join(", ", arguments) + ")";
  }

  private static String quoted(List<String> names) {
    List<String> quoted = new ArrayList<>();
    names.forEach(name -> quoted.add('"' + name + '"'));
    return "[" + String.join(", ", quoted) + "]";
  }
}
