import { decideCommand, decideFileChange, protectedKind, type Policy } from '../policy';
import type { GatePolicy } from './approvalGate';
import type { SessionLimits, SessionSettings } from './sessionRuntime';
import { plainWords, policyReasons, wordsReason } from '../../../../shared/errors';

/**
 * The resolved policy (policy/) as the session uses it: the gate's decisions, the limits, and the
 * settings that come from it. A command is `destructive` when any part of it was judged so (those
 * always ask; batch approval refuses them); `sandboxed`: the session's commands run in the OS sandbox (the policy
 * then lets what only lacks an allow entry run: autoApprove.sandboxedCommand). A file change is `protected` when it changes Akira's own
 * project files (settings, modes, MCP servers, rules: those always ask; batch approval refuses them).
 */
export function gatePolicyOf(policy: Policy, root: string, sandboxed = false): GatePolicy {
  return {
    fileChange(change) {
      const kind = protectedKind(change.path);
      // Never by policy: a person approves a change to what steers Akira itself, knowing what it steers.
      if (kind) {
        const steers = policyReasons.steers(kind);
        return { decision: 'ask', ...wordsReason(policyReasons.protectedChange(kind)), protected: steers.en, protectedWords: plainWords(steers) };
      }
      return decideFileChange(change.kind, policy);
    },
    command(command, cwd) {
      const v = decideCommand(command, policy, { workspaceRoot: root, cwd, sandboxed });
      const destructive = v.parts.some((p) => p.destructive === true);
      return { decision: v.decision, reason: v.reason, ...(v.reasonWords ? { reasonWords: v.reasonWords } : {}), destructive };
    },
    mcp(tool) {
      if (tool.alwaysAllowed) return { decision: 'allow', ...wordsReason(policyReasons.mcpAlwaysAllow(tool.server)) };
      if (policy.autoApprove.mcp) return { decision: 'allow', ...wordsReason(policyReasons.mcpAutoApproved) };
      return { decision: 'ask', ...wordsReason(policyReasons.mcpAsks) };
    },
    modeSwitch() {
      if (policy.autoApprove.modeSwitch) return { decision: 'allow', ...wordsReason(policyReasons.modeSwitchAutoApproved) };
      return { decision: 'ask', ...wordsReason(policyReasons.modeSwitchAsks) };
    },
  };
}

export function limitsOf(policy: Policy): SessionLimits {
  const { maxToolLoopsPerTodo, maxRetriesPerTodo, maxFileModificationsPerSession, maxTasksPerSession } = policy.limits;
  return { maxToolLoopsPerTodo, maxRetriesPerTodo, maxFileModificationsPerSession, maxTasksPerSession };
}

export function sessionSettingsOf(policy: Policy, contextTokens: number): SessionSettings {
  return { contextTokens, requirePlanApproval: policy.requirePlanApproval, askBeforeReads: !policy.autoApprove.read };
}
