package dev.tollgate.registry.store;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** The columns of many operation rows, gathered for one batched insert. */
final class OperationBatch {

  private final List<String> documentIds = new ArrayList<>();
  private final List<Integer> ordinals = new ArrayList<>();
  private final List<@Nullable String> names = new ArrayList<>();
  private final List<String> kinds = new ArrayList<>();
  private final List<String> prices = new ArrayList<>();
  private final List<Long> costs = new ArrayList<>();
  private final List<Integer> depths = new ArrayList<>();
  private final List<Integer> aliases = new ArrayList<>();
  private final List<Integer> tokens = new ArrayList<>();
  private final List<String> fingerprints = new ArrayList<>();

  void add(NewDocument document) {
    int ordinal = 0;
    for (StoredOperation operation : document.operations()) {
      documentIds.add(document.hash().hex());
      ordinals.add(ordinal++);
      names.add(operation.name());
      kinds.add(operation.kind().name());
      prices.add(operation.price());
      costs.add(operation.cost());
      depths.add(operation.depth());
      aliases.add(operation.aliases());
      tokens.add(operation.tokens());
      fingerprints.add(operation.schemaFingerprint());
    }
  }

  boolean isEmpty() {
    return documentIds.isEmpty();
  }

  void insert(RegistryDao dao) {
    dao.insertOperations(documentIds, ordinals, names, kinds, prices, costs, depths, aliases, tokens, fingerprints);
  }
}
