/**
 * Typed model errors. Each is an AkiraError, so its code and message reach every face unchanged;
 * `kind` lets the orchestrator decide (auth → pause the session and tell the user; unavailable → pause
 * after retries; request → the model or request is wrong; config → say how to configure a model).
 * Messages never contain the API key (the client redacts them before building these).
 */
import { AkiraError } from '../../errors';

export type ModelErrorKind = 'auth' | 'request' | 'unavailable' | 'aborted' | 'config';

export class ModelError extends AkiraError {
  constructor(
    readonly kind: ModelErrorKind,
    code: ConstructorParameters<typeof AkiraError>[0],
    message: string,
    /** HTTP status of the last answer, when there was one. */
    readonly status: number | null = null,
  ) {
    super(code, message);
    this.name = 'ModelError';
  }
}

/** 401/403: the key is missing, wrong or lacks access. Never retried. */
export class ModelAuthError extends ModelError {
  constructor(message: string, status: number) {
    super('auth', 'forbidden', message, status);
    this.name = 'ModelAuthError';
  }
}

/** 400/404/422…: the server refused the request (unknown model, bad parameters). Never retried. */
export class ModelRequestError extends ModelError {
  constructor(message: string, status: number | null) {
    super('request', 'bad_request', message, status);
    this.name = 'ModelRequestError';
  }
}

/** Network errors, 5xx, 429, cut streams or timeouts that outlasted every retry. */
export class ModelUnavailableError extends ModelError {
  constructor(
    message: string,
    status: number | null,
    readonly attempts: number,
  ) {
    super('unavailable', 'unavailable', message, status);
    this.name = 'ModelUnavailableError';
  }
}

/** The caller's signal aborted the call. */
export class ModelAbortedError extends ModelError {
  constructor(message = 'The model call was cancelled.') {
    super('aborted', 'unavailable', message);
    this.name = 'ModelAbortedError';
  }
}

/** No usable model configuration (missing model or base URL, bad values). */
export class ModelConfigError extends ModelError {
  constructor(message: string) {
    super('config', 'bad_request', message);
    this.name = 'ModelConfigError';
  }
}
