import { z } from 'zod';
import type { ToolCategory } from './toolTypes';

/**
 * The tools about the session's mode (issue 25, seeds 003 and 004): like todo_write they are the orchestrator's
 * own (toolDispatch.ts runs them), so the registry only lists their names, descriptions and parameters.
 *
 *   list_modes  {}               the modes there are (id, name, description) and which one the session uses
 *   switch_mode {mode, reason}   asks to go on in another mode: the policy decides (autoApprove.modeSwitch),
 *                                else the user is asked; a switch is a `mode_changed` event, and the next call
 *                                uses the new mode's prompt, tools and policy
 */

export const listModesParams = z.object({});

export const switchModeParams = z.object({
  mode: z.string().trim().min(1).max(64).describe('The id of the mode to switch to, as list_modes shows it (e.g. "bug-fix").'),
  reason: z.string().trim().min(1).max(2000).describe('Why the task needs that mode now: the user reads it when asked to approve.'),
});
export type SwitchModeParams = z.output<typeof switchModeParams>;

export const listModesTool = {
  name: 'list_modes' as const,
  category: 'control' as ToolCategory,
  description: 'List the modes this session can switch to (id, name, description), and the one it uses now. Takes no parameters.',
  params: listModesParams,
};

export const switchModeTool = {
  name: 'switch_mode' as const,
  category: 'control' as ToolCategory,
  description: [
    'Ask to go on in another mode (see list_modes), e.g. bug-fix once a failure needs a root cause. The user approves',
    'it unless the policy allows it. Once switched, your next call has that mode\'s instructions, tools and policy.',
  ].join(' '),
  params: switchModeParams,
};

export const modeTools = [listModesTool, switchModeTool] as const;
