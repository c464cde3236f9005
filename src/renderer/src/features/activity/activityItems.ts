import type { AgentApproval } from '../../../../shared/contract';

/**
 * What the activity stream shows, one card per item (seed 000 "Chat Display Templates": the session, the
 * model's text, tool calls, terminal commands; plus verification and error cards). Built from the
 * `agent.onEvent` payloads by activityReducer.ts.
 */

interface Base {
  /** Stable across updates of the same card (the windowed list keys and measures by it). */
  key: string;
  ts: string | null;
  todoId: string | null;
}

export type ActivityItem =
  | (Base & { kind: 'session'; task: string; mode: string; model: string; sessionId: string })
  | (Base & { kind: 'plan'; todos: { id: string; description: string; expectedResult: string }[]; needsApproval: boolean })
  | (Base & { kind: 'plan_decision'; approved: boolean; by: string; feedback: string })
  | (Base & { kind: 'text'; text: string; streaming: boolean; superseded?: boolean })
  | (Base & { kind: 'user'; text: string })
  | (Base & {
      kind: 'tool';
      callId: string;
      tool: string;
      input: string;
      output: string | null;
      isError: boolean;
      durationMs: number | null;
      running: boolean;
    })
  | (Base & {
      kind: 'terminal';
      callId: string;
      command: string;
      exitCode: number | null;
      output: string | null;
      /** What the model got when the command did not run (denied, rejected). */
      toolResult: string | null;
      isError: boolean;
      durationMs: number | null;
      timedOut: boolean;
      killed: boolean;
      running: boolean;
      terminalId: string | null;
    })
  | (Base & {
      kind: 'change';
      changeId: string;
      path: string;
      changeKind: 'create' | 'modify' | 'delete';
      decision: 'approved' | 'rejected' | 'edited' | null;
      by: string | null;
      reason: string | null;
      applied: boolean;
      error: string | null;
    })
  | (Base & { kind: 'approval'; approval: AgentApproval; reason: string; resolved: string | null })
  | (Base & { kind: 'verification'; approved: boolean; confidence: number; feedback: string; final: boolean; nextStatus: string | null })
  | (Base & {
      kind: 'error';
      questionId: string;
      text: string;
      options: ('retry' | 'skip' | 'edit' | 'stop')[];
      /** The last tool call of the TODO that failed, if one did. */
      failedTool: { tool: string; input: string; output: string } | null;
      answered: string | null;
    })
  | (Base & { kind: 'checkpoint'; checkpointId: string; label: string })
  | (Base & { kind: 'status'; status: string; phase: string | null; reason: string | null })
  | (Base & { kind: 'notice'; level: 'warning' | 'retry' | 'model_error'; text: string })
  | (Base & { kind: 'end'; outcome: 'completed' | 'failed' | 'stopped'; text: string });

export type ActivityKind = ActivityItem['kind'];
