import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ClientError, type AkiraClient } from '../../client/client';
import { useClient, useEvent } from '../../client/ClientContext';

/** An answer of the core will not change on retry; a dropped connection may. */
const retry = (failures: number, error: Error) => !(error instanceof ClientError) && failures < 2;

export const SETTINGS_KEY = ['settings.get'] as const;

export const settingsQuery = (client: AkiraClient) => ({
  queryKey: SETTINGS_KEY,
  queryFn: () => client.invoke('settings.get'),
  retry,
});

/** `settings.get`, read again when any window saves settings or another folder is opened. */
export function useSettingsSnapshot(enabled = true) {
  const client = useClient();
  const queryClient = useQueryClient();
  useEvent('settings.onChanged', () => void queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }));
  return useQuery({ ...settingsQuery(client), enabled });
}
