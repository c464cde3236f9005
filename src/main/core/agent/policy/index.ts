/**
 * The agent's policy: settings with ranges and defaults, command and file-change decisions, limits.
 *
 *   resolvePolicy(...layers) → Policy            checkPolicy(input) / parsePolicy(input, source)
 *   decideCommand(command, policy, {workspaceRoot, cwd}) → {decision: 'allow'|'ask'|'deny', reason, parts}
 *   decideFileChange(kind, policy) → {decision: 'allow'|'ask', reason}
 *   checkLimit(policy, name, used) → {reached, message}
 */
export {
  policySchema,
  policyOverridesSchema,
  checkPolicy,
  checkPolicyOverrides,
  parsePolicy,
  resolvePolicy,
  mergePolicyOverrides,
  formatPolicyIssues,
  policyIssueFields,
  policyIssueWords,
  DEFAULT_ALLOWED_COMMANDS,
  DEFAULT_BUILD_DIRS,
  LIMITS,
} from './policySchema';
export type { Policy, PolicyOverrides, LimitName } from './policySchema';
export { decideCommand, decideFileChange } from './commandPolicy';
export type { CommandDecision, CommandVerdict, CommandContext, PartVerdict } from './commandPolicy';
export { checkLimit } from './limits';
export { protectedWhat, protectedKind, PROTECTED_ROOTS, SANDBOX_READ_ONLY } from './protectedPaths';
export type { ProtectedKind } from './protectedPaths';
export { tightenPolicy, loosenedFields } from './projectPolicy';
export type { LoosenedField } from './projectPolicy';
export { parseShell, ShellSyntaxError } from './shellParse';
export { allowPrefixOf } from './allowPrefix';
