import { useQuery } from '@tanstack/react-query';
import { useClient } from '../../client/ClientContext';
import { useLanguage } from '../../i18n';
import { modesQuery } from './agentQueries';
import { modeText } from './modeText';

/**
 * A session's mode as people read it (issue 14): a built-in mode's name in the UI's language ("自主" for
 * `autonomous`), a project's own mode by its name, an unknown id as it is. Sessions carry only the mode's id.
 */
export function useModeName(): (id: string) => string {
  const client = useClient();
  useLanguage();
  const modes = useQuery({ ...modesQuery(client), staleTime: 60_000 });
  return (id) => {
    const info = modes.data?.modes.find((m) => m.id === id) ?? { id, name: id, description: '', builtIn: true };
    return modeText(info).name;
  };
}
