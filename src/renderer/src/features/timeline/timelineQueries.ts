import { ClientError, type AkiraClient } from '../../client/client';

/** An answer of the core (not found, bad request…) will not change on retry; a dropped connection may. */
const retry = (failures: number, error: Error) => !(error instanceof ClientError) && failures < 2;

/**
 * react-query options of the Timeline's command results. A checkpoint never changes once taken, so
 * answers about checkpoints stay fresh forever; answers involving 'now' are refreshed when files change.
 */
export const showQuery = (client: AkiraClient, checkpointId: string) => ({
  queryKey: ['checkpoints.show', checkpointId] as const,
  queryFn: () => client.invoke('checkpoints.show', { checkpointId }),
  staleTime: Infinity,
  retry,
});

export const checkpointDiffQuery = (client: AkiraClient, from: string, to: string) => ({
  queryKey: ['checkpoints.diff', from, to] as const,
  queryFn: () => client.invoke('checkpoints.diff', { from, to }),
  staleTime: to === 'now' ? 0 : Infinity,
  retry,
});

export const fileAtQuery = (client: AkiraClient, checkpointId: string, path: string) => ({
  queryKey: ['checkpoints.fileAt', checkpointId, path] as const,
  queryFn: () => client.invoke('checkpoints.fileAt', { checkpointId, path }),
  staleTime: checkpointId === 'now' ? 0 : Infinity,
  retry,
});

export const usageQuery = (client: AkiraClient) => ({
  queryKey: ['checkpoints.usage'] as const,
  queryFn: () => client.invoke('checkpoints.usage'),
  retry,
});

/** What a restore would do: always asked afresh (the workspace may have changed since). */
export const previewQuery = (client: AkiraClient, checkpointId: string, paths: string[] | undefined) => ({
  queryKey: ['checkpoints.preview', checkpointId, paths ?? null] as const,
  queryFn: () => client.invoke('checkpoints.preview', { checkpointId, ...(paths ? { paths } : {}) }),
  staleTime: 0,
  gcTime: 0,
  retry: false,
});

/** True for queries whose answer depends on the workspace as it is now. */
export function dependsOnNow(queryKey: readonly unknown[]): boolean {
  const [name, a, b] = queryKey;
  if (name === 'checkpoints.diff') return b === 'now';
  if (name === 'checkpoints.fileAt') return a === 'now';
  return name === 'checkpoints.preview';
}
