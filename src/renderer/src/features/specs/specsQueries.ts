import { ClientError, type AkiraClient } from '../../client/client';
import type { SpecSourceRef } from './specsStore';

/** An answer of the core (bad request, not found) will not change on retry; a dropped connection may. */
const retry = (failures: number, error: Error) => !(error instanceof ClientError) && failures < 2;

/** The workspace's specs with their progress (refetched on specs.onChanged and spec file changes). */
export const specsListQuery = (client: AkiraClient) => ({
  queryKey: ['specs.list'] as const,
  queryFn: () => client.invoke('specs.list'),
  staleTime: 0,
  retry,
});

/** One spec's task tree, problems, requirements and design. */
export const specQuery = (client: AkiraClient, ref: SpecSourceRef) => ({
  queryKey: ['specs.get', ref.source, ref.name] as const,
  queryFn: () => client.invoke('specs.get', { source: ref.source, name: ref.name }),
  staleTime: 0,
  retry,
});
