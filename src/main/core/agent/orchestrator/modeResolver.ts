import { AkiraError } from '../../errors';
import { loadModes, modePolicyLayers } from '../modes';
import type { PolicyOverrides } from '../policy';
import { modeErrors, sessionErrors } from '../../../../shared/errors';

/**
 * What the orchestrator needs of a mode (agent/modes/: built-in code-dev, bug-fix, learn, optimize,
 * autonomous, and custom modes from `.akira/modes/*.json|yaml`): its system prompt, the tools it
 * offers in the execute phase and the policy layer it brings.
 */
export interface AgentModeInfo {
  id: string;
  systemPrompt: string;
  /** Tools offered while executing (default all); todo_write, update_todo and complete are always offered. */
  tools?: readonly string[];
  /** The policy layer the user's Akira trusts (a built-in mode's, or the built-in a custom mode extends). */
  policy?: PolicyOverrides;
  /** A custom mode's own policy: project content, so it may only tighten (policy/projectPolicy.ts). */
  projectPolicy?: PolicyOverrides;
}

/** Answers the mode, or throws AkiraError naming the modes there are (and broken mode files). */
export type ModeResolver = (root: string, modeId: string) => Promise<AgentModeInfo>;

/**
 * The workspace's modes (built-ins + `.akira/modes`). A custom mode is project content, so its policy
 * may only tighten (the same rule as the workspace settings: policy/projectPolicy.ts).
 */
export const resolveWorkspaceMode: ModeResolver = async (root, modeId) => {
  const { modes, errors } = await loadModes(root);
  const mode = modes.find((m) => m.id === modeId);
  if (!mode) {
    const ids = modes.map((m) => m.id).join(', ');
    // With broken files the English lists their errors; the Chinese names the files (each error's words are agent.modes').
    const files = [...new Set(errors.map((e) => e.file))];
    throw new AkiraError(
      'bad_request',
      errors.length
        ? modeErrors.noSuchModeBroken(modeId, ids, files.length, errors.map((e) => e.message).join('; '), files.join(', '))
        : sessionErrors.noSuchMode(modeId, ids, ''),
    );
  }
  const { trusted, project } = modePolicyLayers(mode, modes);
  return { id: mode.id, systemPrompt: mode.systemPrompt, tools: mode.tools, policy: trusted, ...(project ? { projectPolicy: project } : {}) };
};
