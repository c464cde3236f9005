import type { AgentApproval } from '../../../../shared/contract/agent';
import type { SandboxAnswer } from '../../../../shared/agent/sandboxBlocks';
import { AkiraError } from '../../errors';
import { reasonFields, sessionErrors, type ErrorWords, type Reason } from '../../../../shared/errors';

/**
 * The approval gate of one session: proposed file changes and commands wait here for a person unless
 * the policy decides.
 *
 *   const gate = createApprovalGate({policy, onRequested, onResolved});
 *   const d = await gate.decide(approval, signal);   // → {decision, by, reason?, content?}
 *   gate.approve(changeId, content?) / gate.reject(changeId, reason)   (from agent.approve / agent.reject)
 *   gate.pending()                                    // what waits now (agent.get)
 *   gate.cancelAll()                                  // pause/stop: waiters get GateCancelled
 *
 * Policy first: `deny` refuses (a reason for the model), `allow` approves at once, `ask` waits. An
 * approval of a command refuses `content`; a rejection always carries the person's reason, which goes
 * back to the model as the tool's result.
 */

export type PolicyDecision = 'allow' | 'ask' | 'deny';

export interface GatePolicy {
  /** `protected`: the change is to one of Akira's own project files (policy/protectedPaths.ts): what it steers. It always asks. */
  fileChange(change: NonNullable<AgentApproval['change']>): { decision: PolicyDecision; reason: string; reasonWords?: ErrorWords; protected?: string; protectedWords?: ErrorWords };
  command(command: string, cwd: string | undefined): { decision: PolicyDecision; reason: string; reasonWords?: ErrorWords; destructive: boolean };
  /** An MCP server's tool: `autoApprove.mcp` or the server's `alwaysAllow` allow it; otherwise it asks. */
  mcp(tool: { toolName: string; server: string; alwaysAllowed: boolean }): { decision: PolicyDecision; reason: string; reasonWords?: ErrorWords };
  /** The model asks to switch the session's mode (switch_mode): `autoApprove.modeSwitch` allows it; otherwise it asks. */
  modeSwitch(): { decision: PolicyDecision; reason: string; reasonWords?: ErrorWords };
}

export interface GateDecision {
  decision: 'approved' | 'rejected' | 'edited';
  by: 'user' | 'policy';
  reason?: string;
  /** The words of the policy's `reason` (issue 14); a person's reason is their own text. */
  reasonWords?: ErrorWords;
  /** For `edited`: the text to write instead. */
  content?: string;
  /** A sandbox approval the user approved: how far they allowed it (plain approval: for the session). */
  sandbox?: SandboxAnswer;
}

export class GateCancelled extends Error {
  constructor() {
    super('The approval was cancelled (the session paused or stopped).');
    this.name = 'GateCancelled';
  }
}

export interface ApprovalGate {
  /** Asks the policy, then (for `ask`) waits for a person. Rejects with GateCancelled on cancelAll or abort. */
  decide(approval: AgentApproval, policy: { decision: PolicyDecision; reason: string; reasonWords?: ErrorWords }, signal?: AbortSignal): Promise<GateDecision>;
  approve(changeId: string, content?: string, sandbox?: SandboxAnswer): void;
  /** `reason`: a person's own text, or words (a face's refusal) kept as the decision's reasonWords. */
  reject(changeId: string, reason: Reason): void;
  pending(): AgentApproval[];
  cancelAll(): void;
}

export interface ApprovalGateOptions {
  /** `reasonWords`: the policy's reason in words (issue 14), when it has them. */
  onRequested(approval: AgentApproval, reason: string, reasonWords?: ErrorWords): void;
  onResolved(changeId: string, decision: GateDecision): void;
}

interface Waiter {
  approval: AgentApproval;
  resolve(d: GateDecision): void;
  reject(err: Error): void;
}

export function createApprovalGate(options: ApprovalGateOptions): ApprovalGate {
  const waiting = new Map<string, Waiter>();

  function settle(changeId: string, decision: GateDecision) {
    const waiter = waiting.get(changeId);
    if (!waiter) throw new AkiraError('not_found', sessionErrors.nothingToApproveHere(changeId));
    waiting.delete(changeId);
    options.onResolved(changeId, decision);
    waiter.resolve(decision);
  }

  return {
    decide(approval, policy, signal) {
      const words = policy.reasonWords ? { reasonWords: policy.reasonWords } : {};
      if (policy.decision === 'deny') return Promise.resolve({ decision: 'rejected', by: 'policy', reason: policy.reason, ...words });
      if (policy.decision === 'allow') return Promise.resolve({ decision: 'approved', by: 'policy', reason: policy.reason, ...words });
      if (signal?.aborted) return Promise.reject(new GateCancelled());
      return new Promise<GateDecision>((resolve, reject) => {
        const onAbort = () => {
          if (waiting.delete(approval.changeId)) reject(new GateCancelled());
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting.set(approval.changeId, {
          approval,
          resolve: (d) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(d);
          },
          reject: (err) => {
            signal?.removeEventListener('abort', onAbort);
            reject(err);
          },
        });
        options.onRequested(approval, policy.reason, policy.reasonWords);
      });
    },
    approve(changeId, content, sandbox) {
      const waiter = waiting.get(changeId);
      const isSandbox = waiter?.approval.kind === 'sandbox';
      if (waiter && content !== undefined) {
        if (waiter.approval.kind === 'command' || isSandbox) throw new AkiraError('bad_request', sessionErrors.commandAsIs);
        if (waiter.approval.change?.kind === 'delete') throw new AkiraError('bad_request', sessionErrors.deleteWithContent);
      }
      if (waiter && sandbox && !isSandbox) throw new AkiraError('bad_request', sessionErrors.notSandboxBlocked);
      if (isSandbox) {
        const grant = waiter.approval.sandbox?.grant;
        const nothing = !grant || !(grant.network.length || grant.allowWrite.length || grant.allowRead.length);
        if ((sandbox ?? 'session') !== 'outside' && nothing) throw new AkiraError('bad_request', sessionErrors.sandboxNothingToAllow);
        return settle(changeId, { decision: 'approved', by: 'user', sandbox: sandbox ?? 'session' });
      }
      settle(changeId, content !== undefined ? { decision: 'edited', by: 'user', content } : { decision: 'approved', by: 'user' });
    },
    reject(changeId, reason) {
      settle(changeId, { decision: 'rejected', by: 'user', ...reasonFields(reason) });
    },
    pending: () => [...waiting.values()].map((w) => w.approval),
    cancelAll() {
      const all = [...waiting.values()];
      waiting.clear();
      for (const w of all) w.reject(new GateCancelled());
    },
  };
}
