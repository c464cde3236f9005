import type { ReactNode } from 'react';
import { ClientError } from '../client/client';
import { textOf } from '../i18n';
import { commonStrings } from './commonStrings';

/** A calm centred message in place of an editor (loading, binary, too large, errors). */
export function ViewerMessage({ children, tone }: { children: ReactNode; tone?: 'error' }) {
  return (
    <div className={`viewer-message ${tone === 'error' ? 'error-text' : ''}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A command error as a sentence for people. */
export function describeError(error: Error): string {
  if (error instanceof ClientError && error.code === 'not_found') return textOf(commonStrings).fileGone;
  return error.message;
}
