package dev.tollgate.bench.scale;

/**
 * One acknowledged change to the registry and how a gateway shows it has it: a publication admits
 * {@code probeId}, a retirement refuses it, a schema activation prices it at {@code newEstimate}.
 *
 * @param kind {@code publish}, {@code retire} or {@code schema}
 * @param label the version, or the schema's fingerprint
 * @param ackMillis when the registry API answered it (epoch milliseconds)
 * @param via the gateway it was made through
 */
record SimChange(
    String kind, String label, long ackMillis, int via, String probeId, long newEstimate) {

  boolean seenIn(SimHttp.Answer answer) {
    return switch (kind) {
      case "publish" -> answer.admitted();
      case "retire" -> answer.status() >= 400 && answer.status() < 500;
      default -> answer.admitted() && answer.estimated() == newEstimate;
    };
  }
}
