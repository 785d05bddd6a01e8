/** JMH benchmarks and load tools for Tollgate; run by hand (README), never in the test run. */
package dev.tollgate.bench;
