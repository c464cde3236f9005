import { sessionReasons, type Reason } from '../../../../shared/errors';
import type { ModelAuthError } from '../model/modelErrors';

/**
 * Why a session paused on a refused key or model (issue 27, defect 4): the model error's own words said once, in
 * each face's language, without a face's fix in it (the app shows its Open Settings button, the CLI its flags).
 * An error without those words (an older client's) keeps the older reason.
 */
export function modelAuthReason(err: ModelAuthError): Reason {
  const words = err.words;
  const [where, status, said, last] = words?.values ?? [];
  const strings = typeof where === 'string' && typeof status === 'number' && typeof said === 'string' && typeof last === 'string';
  if (strings && words?.key === 'model.keyRefused') return sessionReasons.modelKeyRefused(where, status, said, last);
  if (strings && words?.key === 'model.accessDenied') return sessionReasons.modelAccessDenied(where, status, said, last);
  return sessionReasons.modelRefused(err.status ?? 0, err.message);
}
