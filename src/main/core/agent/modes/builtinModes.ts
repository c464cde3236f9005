import { PINNED_TOOL_NAMES, type PinnedToolName } from '../jsonMode/legacySchema';
import type { PolicyOverrides } from '../policy/policySchema';
import { AUTONOMOUS_PROMPT, BUG_FIX_PROMPT, CODE_DEV_PROMPT, LEARN_PROMPT, OPTIMIZE_PROMPT } from './modePrompts';
import { modeStrings } from '../../../../shared/agent/modeStrings';

/** The built-in modes' names and descriptions in English (the UI shows them in its language from the same catalog). */
const WORDS = modeStrings.en;

/**
 * A mode: how the agent approaches a task. Its policy is a layer over the defaults (the user's own
 * settings go on top: resolvePolicy(mode.policy, userSettings)); its tools are those offered in the
 * execute phase (todo_write, update_todo and complete are always among them).
 */
export interface Mode {
  id: string;
  name: string;
  description: string;
  systemPrompt: string;
  tools: PinnedToolName[];
  policy: PolicyOverrides;
  builtIn: boolean;
  /** The workspace-relative file a custom mode came from; null for built-ins. */
  source: string | null;
  /** The mode this one extends, if any. */
  extends: string | null;
}

export const CONTROL_TOOLS: readonly PinnedToolName[] = ['todo_write', 'update_todo', 'complete'];
export const DEFAULT_MODE_ID = 'code-dev';

/** The built-in modes (fresh objects on every call). */
export function builtinModes(): Mode[] {
  const mode = (m: Omit<Mode, 'builtIn' | 'source' | 'extends' | 'tools'> & { tools?: PinnedToolName[] }): Mode => ({
    tools: [...PINNED_TOOL_NAMES],
    builtIn: true,
    source: null,
    extends: null,
    ...m,
  });
  return [
    mode({
      id: 'code-dev',
      name: WORDS['code-dev'],
      description: WORDS['code-dev.about'],
      systemPrompt: CODE_DEV_PROMPT,
      policy: {},
    }),
    mode({
      id: 'bug-fix',
      name: WORDS['bug-fix'],
      description: WORDS['bug-fix.about'],
      systemPrompt: BUG_FIX_PROMPT,
      policy: { limits: { maxToolLoopsPerTodo: 30 } },
    }),
    mode({
      id: 'learn',
      name: WORDS['learn'],
      description: WORDS['learn.about'],
      systemPrompt: LEARN_PROMPT,
      policy: { autoApprove: { read: true, write: false, command: false }, requirePlanApproval: true },
    }),
    mode({
      id: 'optimize',
      name: WORDS['optimize'],
      description: WORDS['optimize.about'],
      systemPrompt: OPTIMIZE_PROMPT,
      policy: { limits: { maxToolLoopsPerTodo: 40 } },
    }),
    mode({
      id: 'autonomous',
      name: WORDS['autonomous'],
      description: WORDS['autonomous.about'],
      systemPrompt: AUTONOMOUS_PROMPT,
      policy: { autoApprove: { write: true }, requirePlanApproval: false, limits: { maxToolLoopsPerTodo: 40 } },
    }),
  ];
}
