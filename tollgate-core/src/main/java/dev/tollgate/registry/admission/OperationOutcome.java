package dev.tollgate.registry.admission;

/** What checking one operation gives: cleared to run, or refused. */
sealed interface OperationOutcome permits AdmittedOperation, Refused {}
