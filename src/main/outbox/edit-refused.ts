import type { ErrorDetail } from '../../shared/wire/errors';
import type { EventInputError } from '../../shared/wire/event-input';

/** Why an edit was not queued: what the service would answer, or what the outbox itself refuses. */
export class EditRefusedError extends Error {
  constructor(
    readonly code:
      | EventInputError['code']
      | 'not_found'
      | 'not_allowed'
      | 'no_service'
      /** The base a form sent does not say what a field it changes read before. */
      | 'invalid_base',
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
    this.name = 'EditRefusedError';
  }

  static of(error: EventInputError): EditRefusedError {
    return new EditRefusedError(error.code, error.message, error.details);
  }
}
