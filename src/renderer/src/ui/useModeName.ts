import { useQuery } from '@tanstack/react-query';
import { useClient } from '../client/ClientContext';
import { useLanguage } from '../i18n';
import { modeText } from './modeText';

/**
 * A session's mode as people read it (issue 14): a built-in mode's name in the UI's language ("自主" for
 * `autonomous`), a project's own mode by its name, an unknown id as it is. Sessions carry only the mode's id.
 * Here rather than in features/agent so that the review and the settings name modes too (issue 27, defect 16).
 */
export function useModeName(): (id: string) => string {
  const client = useClient();
  useLanguage();
  // The same query key as features/agent/agentQueries.ts's modesQuery: one cache.
  const modes = useQuery({ queryKey: ['agent.modes'] as const, queryFn: () => client.invoke('agent.modes'), staleTime: 60_000 });
  return (id) => {
    const info = modes.data?.modes.find((m) => m.id === id) ?? { id, name: id, description: '', builtIn: true };
    return modeText(info).name;
  };
}
