import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient, useEvent } from '../../client/ClientContext';
import { rulesQuery } from './contextQueries';
import { rulesLine, tokensText } from './contextWords';
import { contextStrings } from './contextStrings';
import { useText } from '../../i18n';
import './context.css';

/** A change to one of these may change what context.rules answers. */
const RULES_PATH =
  /(^|\/)(AGENTS|CLAUDE)\.md$|^GEMINI\.md$|^\.clinerules|^\.cursorrules|^\.cursor\/rules\/|^\.windsurfrules|^\.windsurf\/rules\/|^\.roo\/rules|^\.github\/(copilot-instructions\.md|instructions\/)|^\.kiro\/steering\/|^\.akira\/(rules|settings\.json)/;

/**
 * "Rules: AGENTS.md, CLAUDE.md" under the task box: the rules files (context.rules) the agent will be told, each
 * one's size and whether it is cut to fit on hover. Nothing when there are none (or the core cannot say).
 */
export function RulesLine() {
  const t = useText(contextStrings);
  const client = useClient();
  const queryClient = useQueryClient();
  const rules = useQuery(rulesQuery(client));
  useEvent('workspace.onChanged', ({ changes, refresh }) => {
    if (refresh || changes.some((c) => RULES_PATH.test(c.path))) void queryClient.invalidateQueries({ queryKey: rulesQuery(client).queryKey });
  });
  const files = rules.data?.files ?? [];
  const line = rulesLine(files);
  if (!line) return null;
  const hover = files.map((f) => t.ruleSize(f.path, tokensText(f.tokens), f.truncated)).join('\n');
  return (
    <div className="ctx-rules-line" title={t.rulesTitle(hover)} data-testid="start-rules">
      {line}
    </div>
  );
}
