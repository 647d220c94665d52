/**
 * A refusal by a domain service (login, SMS codes, …): a Chinese message for the operator, a code
 * naming the kind of refusal and, when the caller needs more, details. Domain code throws it without
 * knowing HTTP; the API layer answers each code with its flag (server/api/envelope.ts).
 */
export type DomainErrorCode =
  /** the input cannot be accepted as it is */
  | 'bad-input'
  /** the caller may not do this */
  | 'forbidden'
  /** what the caller names does not exist */
  | 'not-found'
  /** the caller tried too often; later it may try again */
  | 'too-many-requests';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: unknown = null,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Input the service cannot accept, with an optional detail for the caller (e.g. `{ needCode: true }`). */
export const refuseInput = (message: string, details: unknown = null) => new DomainError('bad-input', message, details);
