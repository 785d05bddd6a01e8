package dev.tollgate.registry.http;

import dev.tollgate.registry.http.SchemaBodies.ActivationBody;
import dev.tollgate.registry.http.SchemaBodies.PublicationBody;
import dev.tollgate.registry.http.SchemaBodies.SchemaBody;
import dev.tollgate.registry.http.SchemaBodies.SchemasBody;
import dev.tollgate.registry.schema.SchemaInput;
import dev.tollgate.registry.schema.SchemaPublication;
import dev.tollgate.registry.schema.SchemaRegistry;
import dev.tollgate.registry.schema.SdlDiff;
import dev.tollgate.registry.store.StoredSchema;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpStatus;
import java.util.List;

/**
 * Schema versions, {@code /v1/schemas}: publishing (or a dry run) and activating need an admin
 * token, reading them any valid token.
 */
public final class SchemaRoutes {

  private final SchemaRegistry schemas;
  private final AdminAuth auth;
  private final long maxBodyBytes;

  public SchemaRoutes(SchemaRegistry schemas, List<AdminToken> tokens, long maxBodyBytes) {
    this.schemas = schemas;
    this.auth = new AdminAuth(tokens);
    this.maxBodyBytes = maxBodyBytes;
  }

  public void register(JavalinConfig config) {
    config.routes.post("/v1/schemas", this::publish);
    config.routes.get("/v1/schemas", this::list);
    config.routes.get("/v1/schemas/{fingerprint}", this::schema);
    config.routes.get("/v1/schemas/{from}/diff/{to}", this::diff);
    config.routes.post("/v1/schemas/{fingerprint}/activate", this::activate);
  }

  private void publish(Context ctx) {
    String admin = auth.require(ctx, AdminToken.Scope.ADMIN);
    boolean dryRun = RegistryRoutes.flag(ctx, "dryRun");
    SchemaInput input =
        SchemaBodies.input(
            RequestBodies.read(ctx, maxBodyBytes), schemas.active().version().input());
    ctx.attribute(AuditRecorder.TARGET, input.fingerprint());
    SchemaPublication publication = schemas.publish(input, admin, dryRun);
    ctx.status(publication.created() ? HttpStatus.CREATED : HttpStatus.OK);
    ctx.json(PublicationBody.of(publication));
  }

  private void list(Context ctx) {
    auth.reader(ctx);
    ctx.json(SchemasBody.of(schemas.schemas(), schemas.active().fingerprint()));
  }

  private void schema(Context ctx) {
    auth.reader(ctx);
    StoredSchema schema = stored(ctx.pathParam("fingerprint"));
    ctx.json(SchemaBody.of(schema, schemas.active().fingerprint(), true));
  }

  /** The SDL line diff from one stored schema to another. */
  private void diff(Context ctx) {
    auth.reader(ctx);
    StoredSchema from = stored(ctx.pathParam("from"));
    StoredSchema to = stored(ctx.pathParam("to"));
    SdlDiff diff = SdlDiff.between(from.sdl(), to.sdl(), SdlDiff.CONTEXT);
    ctx.json(SchemaDiffBody.of(from.fingerprint(), to.fingerprint(), diff));
  }

  private StoredSchema stored(String fingerprint) {
    return schemas.find(fingerprint).orElseThrow(() -> RouteException.schemaNotFound(fingerprint));
  }

  private void activate(Context ctx) {
    String admin = auth.require(ctx, AdminToken.Scope.ADMIN);
    boolean force = RegistryRoutes.flag(ctx, "force");
    String fingerprint = ctx.pathParam("fingerprint");
    if (isRollback(fingerprint)) {
      ctx.attribute(AuditRecorder.ACTION, "schema.rollback");
    }
    ctx.json(ActivationBody.of(schemas.activate(fingerprint, admin, force)));
  }

  /** Activating a schema stored before the active one: going back, for the audit trail. */
  private boolean isRollback(String fingerprint) {
    StoredSchema target = schemas.find(fingerprint).orElse(null);
    StoredSchema active = schemas.find(schemas.active().fingerprint()).orElse(null);
    return target != null && active != null && target.created().isBefore(active.created());
  }
}
