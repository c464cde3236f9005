import { z } from 'zod';
import { PINNED_TOOL_NAMES } from '../jsonMode/legacySchema';
import { policyOverridesSchema } from '../policy/policySchema';
import { ruleOf } from '../../../../shared/errors';
import { inputMessage } from '../../inputWords';

/**
 * A custom mode file (`.akira/modes/<id>.json|yaml`):
 *
 *   {
 *     "id": "review",                  optional: defaults to the file name
 *     "extends": "code-dev",           optional: a built-in or another custom mode
 *     "name": "Review", "description": "…",
 *     "systemPrompt": "…",             required unless it extends a mode (then it replaces the parent's)
 *     "instructions": "…",             optional: appended to the (inherited) system prompt
 *     "tools": ["read_file", …],       optional: the pinned tool names; todo_write, update_todo and
 *                                      complete are always added
 *     "policy": {"autoApprove": {…}, "commands": {…}, "limits": {…}, "requirePlanApproval": true}
 *   }
 */

const toolName = z.enum(PINNED_TOOL_NAMES, {
  error: (iss) => `${JSON.stringify(iss.input)} is not a tool (tools are ${PINNED_TOOL_NAMES.join(', ')})`,
});

export const MODE_ID = /^[a-z0-9][a-z0-9_-]{0,47}$/;

export const modeFileSchema = z
  .strictObject({
    $schema: z.string().optional(),
    id: z
      .string({ error: 'id must be a string' })
      .regex(MODE_ID, { error: (iss) => `id ${JSON.stringify(iss.input)} must be 1–48 lowercase letters, digits, "-" or "_"` })
      .optional(),
    extends: z.string({ error: 'extends must be the id of another mode' }).min(1, 'extends must not be empty').optional(),
    name: z.string({ error: 'name must be a string' }).trim().min(1, 'name must not be empty').max(80, 'name must be at most 80 characters').optional(),
    description: z.string({ error: 'description must be a string' }).max(500, 'description must be at most 500 characters').optional(),
    systemPrompt: z
      .string({ error: 'systemPrompt must be a string' })
      .trim()
      .min(1, 'systemPrompt must not be empty')
      .max(100_000, 'systemPrompt must be at most 100000 characters')
      .optional(),
    instructions: z.string({ error: 'instructions must be a string' }).max(50_000, 'instructions must be at most 50000 characters').optional(),
    tools: z.array(toolName, { error: 'tools must be a list of tool names' }).min(1, 'tools must not be empty').optional(),
    policy: policyOverridesSchema.optional(),
  });
// (a systemPrompt is required unless the mode extends another; a file named after a built-in extends it:
// loadModes checks that, once the id is known)

export type ModeFile = z.output<typeof modeFileSchema>;

/**
 * `field: message`; when the message already starts with the end of the path (policy messages name
 * `limits.maxRetriesPerTodo`), the path's beginning is put in front of it instead.
 */
export function formatModeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((k) => `${[...path, k].join('.')}: not a mode field`).join('; ');
    }
    // The policy schema's rules are words that name the field where it is (its English as this loop would make it).
    if (ruleOf(issue.message)) return inputMessage(issue);
    for (let k = 0; k < path.length; k++) {
      const suffix = path.slice(k).join('.');
      if (issue.message.startsWith(suffix)) return [...path.slice(0, k), issue.message].join('.');
    }
    return path.length ? `${path.join('.')}: ${issue.message}` : issue.message;
  });
}

/** The fields the problems are about (each unknown key its own), without repeats: what the Chinese names. */
export function modeIssueFields(error: z.ZodError): string[] {
  const fields = error.issues.flatMap((issue) => {
    const path = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') return issue.keys.map((k) => [...path, k].join('.'));
    return [path.join('.') || '(mode)'];
  });
  return [...new Set(fields)];
}
