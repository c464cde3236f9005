import { z } from 'zod';
import { plainWords, settingsErrors, settingsRule, type Words } from '../../../../shared/errors';
import { AkiraError } from '../../errors';
import { issueFields, ruleWords, zodSaidWords } from '../../inputWords';
import { parseShell } from './shellParse';

/**
 * The agent's policy (docs/architecture.md "Pinned surfaces", seeds 002/003): what runs without asking, which
 * commands are allowed or denied, and the limits that pause a session.
 *
 *   policySchema            full policy, every field defaulted:  policySchema.parse({}) is the default
 *   policyOverridesSchema   the same fields, all optional, no defaults (a mode's or a user's layer)
 *   checkPolicy(input)      → {ok: true, policy} | {ok: false, errors: string[]}  (each names field and range)
 *   parsePolicy(input, source?)   → Policy, or AkiraError('bad_request') listing the errors
 *   resolvePolicy(...layers)      defaults ← layer 1 ← layer 2 …: scalars are replaced, command lists and
 *                                 build folders are joined; the result is validated
 *
 * `commands.passEnv` (variables the agent's commands inherit although their names look like secrets,
 * terminal/commandEnv.ts) is a settings field but not part of a session's policy: it is read from the
 * global settings only (orchestrator/commandEnvPolicy.ts), never from a workspace or a mode, and merging
 * layers leaves it out.
 */

export const DEFAULT_BUILD_DIRS = [
  'node_modules',
  'dist',
  'build',
  'out',
  'target',
  '.cache',
  'coverage',
  '.next',
  '.nuxt',
  '.turbo',
  '.parcel-cache',
  '__pycache__',
  '.pytest_cache',
  '.mypy_cache',
  '.gradle',
];

/** Read-only commands allowed out of the box. */
export const DEFAULT_ALLOWED_COMMANDS = ['ls', 'pwd', 'git status', 'git diff', 'git log', 'git show'];

export const LIMITS = {
  maxToolLoopsPerTodo: { min: 1, max: 200, default: 25 },
  maxRetriesPerTodo: { min: 0, max: 10, default: 3 },
  maxFileModificationsPerSession: { min: 1, max: 10000, default: 200 },
  maxTasksPerSession: { min: 1, max: 100, default: 50 },
  maxConcurrentTasks: { min: 1, max: 10, default: 3 },
} as const;
export type LimitName = keyof typeof LIMITS;

// Each message is a settingsRule marker (issue 14): formatPolicyIssues and issueFields say it as the words
// `settings.policy*` (settingsErrorStrings.ts), the field named where the problem is, so a person reads it in the
// settings view's language while the English stays as it was.
function wholeNumber(min: number, max: number) {
  const message = (iss: { input?: unknown }) => settingsRule('policyWholeNumber', min, max, JSON.stringify(iss.input) ?? 'nothing');
  return z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
}

function flag() {
  return z.boolean({ error: (iss) => settingsRule('policyFlag', String(JSON.stringify(iss.input))) });
}

function commandPattern(field: string) {
  return z
    .string({ error: settingsRule('policyEntriesStrings', field) })
    .trim()
    .min(1, settingsRule('policyEntryEmpty', field))
    .max(500, settingsRule('policyEntryTooLong', field, 500))
    .refine(isOneCommand, { error: (iss) => settingsRule('policyNotOneCommand', field, String(JSON.stringify(iss.input))) });
}

function isOneCommand(pattern: string): boolean {
  try {
    const list = parseShell(pattern);
    const cmd = list.items.length === 1 && list.items[0].pipeline.commands.length === 1 ? list.items[0].pipeline.commands[0] : null;
    return !!cmd && cmd.kind === 'command' && cmd.words.length > 0 && !cmd.redirects.length && !cmd.substitutions.length && !cmd.assignments.length;
  } catch {
    return false;
  }
}

const commandList = (field: string) => z.array(commandPattern(field), { error: settingsRule('policyNotCommandList') }).max(500, settingsRule('policyTooManyCommands', 500));
const dirList = z
  .array(z.string().trim().min(1).regex(/^[^/\\]+$/, settingsRule('policyNotFolderName', 'commands.buildDirs')), { error: settingsRule('policyNotFolderList') })
  .max(100);

const envNameList = z
  .array(
    z
      .string({ error: settingsRule('policyEntriesStrings', 'commands.passEnv') })
      .trim()
      .regex(/^[A-Za-z_][A-Za-z0-9_]{0,199}$/, settingsRule('policyNotVariableName', 'commands.passEnv')),
    { error: settingsRule('policyNotVariableList') },
  )
  .max(200, settingsRule('policyTooManyNames', 200));

const limitFields = Object.fromEntries(
  Object.entries(LIMITS).map(([name, r]) => [name, wholeNumber(r.min, r.max)]),
) as Record<LimitName, ReturnType<typeof wholeNumber>>;

export const policySchema = z.strictObject({
  autoApprove: z
    .strictObject({
      read: flag().default(true),
      write: flag().default(false),
      command: flag().default(false),
      /** MCP servers' tools (issue 12): ask by default; a server's `alwaysAllow` names tools that run without asking. */
      mcp: flag().default(false),
      /**
       * Issue 26: a command that would ask only because no allow entry covers it runs without asking when it runs in
       * the OS sandbox. Destructive commands, deny entries and `.git` writes still ask or are refused.
       */
      sandboxedCommand: flag().default(true),
      /** Issue 25: the model's switch_mode goes through without asking the user (a mode's policy applies after it). */
      modeSwitch: flag().default(false),
    })
    .prefault({}),
  commands: z
    .strictObject({
      allow: commandList('commands.allow').default(DEFAULT_ALLOWED_COMMANDS),
      deny: commandList('commands.deny').default([]),
      buildDirs: dirList.default(DEFAULT_BUILD_DIRS),
    })
    .prefault({}),
  limits: z
    .strictObject(
      Object.fromEntries(Object.entries(limitFields).map(([name, schema]) => [name, schema.default(LIMITS[name as LimitName].default)])) as {
        [K in LimitName]: z.ZodDefault<ReturnType<typeof wholeNumber>>;
      },
    )
    .prefault({}),
  requirePlanApproval: flag().default(false),
});

export const policyOverridesSchema = z.strictObject({
  autoApprove: z
    .strictObject({
      read: flag().optional(),
      write: flag().optional(),
      command: flag().optional(),
      mcp: flag().optional(),
      sandboxedCommand: flag().optional(),
      modeSwitch: flag().optional(),
    })
    .optional(),
  commands: z
    .strictObject({
      allow: commandList('commands.allow').optional(),
      deny: commandList('commands.deny').optional(),
      buildDirs: dirList.optional(),
      /** Global settings only (see the module comment). */
      passEnv: envNameList.optional(),
    })
    .optional(),
  limits: z.strictObject(limitFields).partial().optional(),
  requirePlanApproval: flag().optional(),
});

export type Policy = z.output<typeof policySchema>;
export type PolicyOverrides = z.output<typeof policyOverridesSchema>;

/** `path: message`, unless the message already names the field; unknown keys list the known ones. */
export function formatPolicyIssues(error: z.ZodError, prefix = ''): string[] {
  return error.issues.map((issue) => {
    const words = policyIssueWords(issue, prefix);
    if (words) return words.en;
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    const bare = issue.path.map(String).join('.');
    if (bare && issue.message.startsWith(bare)) return prefix ? `${prefix}.${issue.message}` : issue.message;
    return path ? `${path}: ${issue.message}` : issue.message;
  });
}

/**
 * A policy problem in words (issue 14), their English as formatPolicyIssues says it: an unknown key, or one of the
 * schema's own rules (a settingsRule marker) named where it is (`agent.policy.limits.…`, a list's entry
 * `commands.allow.0: …`); null for zod's other text.
 */
export function policyIssueWords(issue: z.core.$ZodIssue, prefix = ''): Words | null {
  if (issue.code === 'unrecognized_keys') {
    const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    const keys = issue.keys.map((k) => (path ? `${path}.${k}` : k)).join(', ');
    return settingsErrors.notAPolicySetting(keys, knownKeys(issue.path.map(String)).join(', '));
  }
  return ruleWords({ ...issue, path: prefix ? [prefix, ...issue.path] : issue.path } as z.core.$ZodIssue);
}

/**
 * A policy's problems as `details.fields` (`prefix`: where the policy sits in `file`, e.g. `['agent', 'policy']`):
 * each says its problem as formatPolicyIssues does, with the policy's words where it has them (else zod's, issueFields).
 */
export function policyIssueFields(issues: readonly z.core.$ZodIssue[], file: unknown, prefix: readonly string[] = []) {
  const messages = formatPolicyIssues(new z.ZodError([...issues]), prefix.join('.'));
  return issueFields(issues, file, prefix).map((f, i) => {
    const words = policyIssueWords(issues[i], prefix.join('.')) ?? zodSaidWords(messages[i], f.words);
    return { ...f, message: messages[i], words: words ? plainWords(words) : f.words };
  });
}

function knownKeys(path: string[]): string[] {
  let schema: z.ZodType = policyOverridesSchema;
  for (const key of path) {
    const unwrapped = unwrap(schema);
    if (!(unwrapped instanceof z.ZodObject)) return [];
    schema = unwrapped.shape[key] as z.ZodType;
    if (!schema) return [];
  }
  const obj = unwrap(schema);
  return obj instanceof z.ZodObject ? Object.keys(obj.shape) : [];
}

function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  while (s instanceof z.ZodDefault || s instanceof z.ZodOptional || s instanceof z.ZodPrefault) s = s.unwrap() as z.ZodType;
  return s;
}

/** A policy's problems: `errors` in English (formatPolicyIssues), `issues` zod's own (for their words, issueFields). */
type PolicyProblems = { ok: false; errors: string[]; issues: z.core.$ZodIssue[] };

export function checkPolicy(input: unknown, prefix = ''): { ok: true; policy: Policy } | PolicyProblems {
  const r = policySchema.safeParse(input ?? {});
  return r.success ? { ok: true, policy: r.data } : { ok: false, errors: formatPolicyIssues(r.error, prefix), issues: r.error.issues };
}

export function parsePolicy(input: unknown, source = 'policy'): Policy {
  const r = checkPolicy(input);
  if (!r.ok) {
    const fields = policyIssueFields(r.issues, input);
    throw new AkiraError('bad_request', settingsErrors.invalidPolicy(source, r.errors.length, r.errors.join('\n- '), fields.map((f) => f.path || '(policy)').join(', ')), { fields });
  }
  return r.policy;
}

export function checkPolicyOverrides(input: unknown, prefix = ''): { ok: true; overrides: PolicyOverrides } | PolicyProblems {
  const r = policyOverridesSchema.safeParse(input ?? {});
  return r.success ? { ok: true, overrides: r.data } : { ok: false, errors: formatPolicyIssues(r.error, prefix), issues: r.error.issues };
}

const union = (a: readonly string[] | undefined, b: readonly string[] | undefined) => (a || b ? [...new Set([...(a ?? []), ...(b ?? [])])] : undefined);

/** Layers b over a: scalars from b win; allow, deny and buildDirs are joined (passEnv is left out). */
export function mergePolicyOverrides(a: PolicyOverrides, b: PolicyOverrides): PolicyOverrides {
  const commands = a.commands || b.commands
    ? {
        allow: union(a.commands?.allow, b.commands?.allow),
        deny: union(a.commands?.deny, b.commands?.deny),
        buildDirs: union(a.commands?.buildDirs, b.commands?.buildDirs),
      }
    : undefined;
  const clean = <T extends object>(o: T | undefined) => (o ? (Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T) : undefined);
  return {
    autoApprove: a.autoApprove || b.autoApprove ? { ...a.autoApprove, ...clean(b.autoApprove) } : undefined,
    commands: clean(commands),
    limits: a.limits || b.limits ? { ...a.limits, ...clean(b.limits) } : undefined,
    requirePlanApproval: b.requirePlanApproval ?? a.requirePlanApproval,
  };
}

/** The defaults with each layer applied in order (undefined layers are skipped), validated. */
export function resolvePolicy(...layers: (PolicyOverrides | undefined)[]): Policy {
  const merged = layers.reduce<PolicyOverrides>((acc, layer) => (layer ? mergePolicyOverrides(acc, layer) : acc), {});
  // lists join onto the defaults rather than replacing them
  const base = policySchema.parse({});
  const withDefaults: PolicyOverrides = mergePolicyOverrides({ commands: { allow: base.commands.allow, buildDirs: base.commands.buildDirs } }, merged);
  return parsePolicy(JSON.parse(JSON.stringify(withDefaults)));
}
