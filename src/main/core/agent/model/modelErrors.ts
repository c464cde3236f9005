/**
 * Typed model errors. Each is an AkiraError, so its code and message reach every face unchanged;
 * `kind` lets the orchestrator decide (auth → pause the session and tell the user; unavailable → pause
 * after retries; request → the model or request is wrong; config → say how to configure a model).
 * Messages never contain the API key (the client redacts them before building these).
 */
import type { ErrorDetails } from '../../../../shared/contract';
import { modelErrors, type Words } from '../../../../shared/errors';
import { AkiraError } from '../../errors';

export type ModelErrorKind = 'auth' | 'request' | 'unavailable' | 'aborted' | 'config';

export class ModelError extends AkiraError {
  constructor(
    readonly kind: ModelErrorKind,
    code: ConstructorParameters<typeof AkiraError>[0],
    message: string | Words,
    /** HTTP status of the last answer, when there was one. */
    readonly status: number | null = null,
    details?: ErrorDetails,
  ) {
    super(code, message, details);
    this.name = 'ModelError';
  }
}

/** 401/403: the key is missing, wrong or lacks access. Never retried. */
export class ModelAuthError extends ModelError {
  constructor(message: string | Words, status: number) {
    super('auth', 'forbidden', message, status);
    this.name = 'ModelAuthError';
  }
}

/** 400/404/422…: the server refused the request (unknown model, bad parameters). Never retried. */
export class ModelRequestError extends ModelError {
  constructor(message: string | Words, status: number | null) {
    super('request', 'bad_request', message, status);
    this.name = 'ModelRequestError';
  }
}

/** Network errors, 5xx, 429, cut streams or timeouts that outlasted every retry. */
export class ModelUnavailableError extends ModelError {
  constructor(
    message: string | Words,
    status: number | null,
    readonly attempts: number,
  ) {
    super('unavailable', 'unavailable', message, status);
    this.name = 'ModelUnavailableError';
  }
}

/** The caller's signal aborted the call. */
export class ModelAbortedError extends ModelError {
  constructor(message: string | Words = modelErrors.cancelled) {
    super('aborted', 'unavailable', message);
    this.name = 'ModelAbortedError';
  }
}

/** No usable model configuration (missing model or base URL, bad values). */
export class ModelConfigError extends ModelError {
  constructor(message: string | Words, details?: ErrorDetails) {
    super('config', 'bad_request', message, null, details);
    this.name = 'ModelConfigError';
  }
}

/**
 * The workspace's settings name a model server that the user's key does not belong to (keyOwner.ts): the key
 * is not sent. The CLI exits 2 with this message; the app asks whether to trust the server (details).
 */
export class ModelKeyWithheldError extends ModelConfigError {
  constructor(
    readonly origin: string,
    readonly keyOrigin: string,
    readonly keySource: string,
    readonly keyHint: string | null,
    globalSettingsFile = 'the global settings.json',
  ) {
    super(modelErrors.keyWithheld(origin, keySource, keyOrigin, globalSettingsFile), { untrustedModelServer: { origin, keyOrigin, keySource, keyHint } });
    this.name = 'ModelKeyWithheldError';
  }
}
