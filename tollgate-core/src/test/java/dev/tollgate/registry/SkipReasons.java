package dev.tollgate.registry;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Prints one line per test or class that did not run, with the reason, so that the build log says
 * why: an assumption that failed (PostgreSQL, Redis or redis-server not available) or a disabling
 * condition. Registered through {@code META-INF/services}, so the JUnit Platform launcher that
 * surefire starts picks it up.
 */
public final class SkipReasons implements TestExecutionListener {

  @Override
  public void executionSkipped(TestIdentifier test, String reason) {
    print(test, reason);
  }

  @Override
  public void executionFinished(TestIdentifier test, TestExecutionResult result) {
    if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
      print(test, result.getThrowable().map(Throwable::getMessage).orElse("aborted"));
    }
  }

  private static void print(TestIdentifier test, String reason) {
    System.out.println(
        "[skipped] " + name(test) + " -- " + reason.replaceFirst("^Assumption failed: ", ""));
  }

  private static String name(TestIdentifier test) {
    Object source = test.getSource().orElse(null);
    if (source instanceof MethodSource method) {
      boolean invocation =
          "test-template-invocation".equals(test.getUniqueIdObject().getLastSegment().getType());
      return simpleName(method.getClassName())
          + "."
          + method.getMethodName()
          + (invocation ? " " + test.getDisplayName() : "");
    }
    if (source instanceof ClassSource type) {
      return simpleName(type.getClassName());
    }
    return test.getDisplayName();
  }

  private static String simpleName(String className) {
    return className.substring(className.lastIndexOf('.') + 1);
  }
}
