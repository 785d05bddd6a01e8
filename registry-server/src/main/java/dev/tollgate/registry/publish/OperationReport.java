package dev.tollgate.registry.publish;

import dev.tollgate.registry.document.DocumentHash;
import dev.tollgate.registry.pricing.OperationKind;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One operation of a published (or checked) manifest.
 *
 * @param cost the cost at default variables
 * @param depth the depth at default variables
 * @param isNew whether this publication registered the document (dry run: whether it would)
 * @param customIds the manifest's custom ids (aliases) of the document, sorted
 * @param affordable whether some policy allowed to run the app admits {@code cost} (its cost limit,
 *     or it only measures); false: no caller can run it at its default variables
 * @param limits when not affordable: the cost limit of each policy allowed to run the app, by name
 * @param introspection whether the document selects {@code __schema} or {@code __type}: admitted by
 *     id as any registered document is, whatever a policy's {@code introspection} says (that switch
 *     governs text the gateway analyses)
 */
public record OperationReport(
    DocumentHash id,
    @Nullable String name,
    OperationKind kind,
    long cost,
    int depth,
    int aliases,
    boolean isNew,
    List<String> customIds,
    boolean affordable,
    Map<String, Long> limits,
    boolean introspection) {

  public OperationReport {
    customIds = List.copyOf(customIds);
    limits = Collections.unmodifiableMap(new LinkedHashMap<>(limits));
  }
}
