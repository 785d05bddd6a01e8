package dev.tollgate.client.upload;

import dev.tollgate.client.TollgateClientException;

/** The registry could not be reached or said no; subclasses tell which way. */
public abstract class RegistryException extends TollgateClientException {

  RegistryException(String message) {
    super(message);
  }

  RegistryException(String message, Throwable cause) {
    super(message, cause);
  }
}
