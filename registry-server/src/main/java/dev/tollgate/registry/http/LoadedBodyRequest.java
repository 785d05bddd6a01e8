package dev.tollgate.registry.http;

import java.util.Deque;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.Callback;
import org.jspecify.annotations.Nullable;

/**
 * A request as its route sees it once {@link BodyLoader} has read the body: the chunks read, then
 * whatever is left on the connection. Also the route's callback, which releases the chunks the
 * route did not read.
 */
final class LoadedBodyRequest extends Request.Wrapper implements Callback {

  private final Deque<Content.Chunk> chunks;
  private final Callback callback;

  LoadedBodyRequest(Request request, Deque<Content.Chunk> chunks, Callback callback) {
    super(request);
    this.chunks = chunks;
    this.callback = callback;
  }

  @Override
  public Content.@Nullable Chunk read() {
    Content.Chunk chunk = chunks.pollFirst();
    return chunk == null ? super.read() : chunk;
  }

  @Override
  public InvocationType getInvocationType() {
    return callback.getInvocationType();
  }

  @Override
  public void succeeded() {
    release();
    callback.succeeded();
  }

  @Override
  public void failed(Throwable failure) {
    release();
    callback.failed(failure);
  }

  private void release() {
    chunks.forEach(Content.Chunk::release);
    chunks.clear();
  }
}
