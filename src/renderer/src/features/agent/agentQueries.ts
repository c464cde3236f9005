import { ClientError, type AkiraClient } from '../../client/client';

/** An answer of the core (bad request, not found) will not change on retry; a dropped connection may. */
const retry = (failures: number, error: Error) => !(error instanceof ClientError) && failures < 2;

/** Built-in and custom modes (custom ones change when .akira/modes changes: refetched on each form show). */
export const modesQuery = (client: AkiraClient) => ({
  queryKey: ['agent.modes'] as const,
  queryFn: () => client.invoke('agent.modes'),
  staleTime: 0,
  retry,
});

/** The effective settings: the configured model and default mode the start form offers. */
export const settingsQuery = (client: AkiraClient) => ({
  queryKey: ['settings.get'] as const,
  queryFn: () => client.invoke('settings.get'),
  retry,
});

/** Whether sessions can run in their own git worktree here, and why not (the start form, the busy question, the Specs view). */
export const isolationQuery = (client: AkiraClient) => ({
  queryKey: ['agent.isolation'] as const,
  queryFn: () => client.invoke('agent.isolation'),
  staleTime: 10_000,
  retry,
});
