import type { AgentApproval } from '../../../../shared/contract';
import type { ErrorWords } from '../../../../shared/errors';
import type { SandboxAnswer, SandboxBlockData } from '../../../../shared/agent/sandboxBlocks';
import type { NoticeSays } from './noticeText';

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
  /** Its place in the session's log: the seq of the event that made it, or the last seq + ½ for a live notice. */
  at: number;
  /** A rewind went back over it (activityRewinds.ts): no longer part of the session, shown greyed when shown. */
  rewound?: boolean;
}

/** A tool call the session left unfinished: it paused (a resume settles the call) or ended. */
export type Halted = 'paused' | 'stopped' | 'ended' | null;

export type ActivityItem =
  | (Base & { kind: 'session'; task: string; mode: string; model: string; sessionId: string })
  | (Base & {
      kind: 'plan';
      todos: { id: string; description: string; expectedResult: string }[];
      needsApproval: boolean;
      /** The user edited the plan before approving it: `todos` is the plan as approved, not the model's proposal. */
      edited?: boolean;
    })
  | (Base & { kind: 'plan_decision'; approved: boolean; by: string; feedback: string })
  | (Base & { kind: 'text'; text: string; streaming: boolean; superseded?: boolean })
  | (Base & { kind: 'user'; text: string })
  /** A follow-up started a new round of the session (issue 25). */
  | (Base & { kind: 'round'; round: number; task: string })
  /** The model handed part of the work to a child session (`new_task`, issue 25); `status` once it ended. */
  | (Base & { kind: 'subtask'; childId: string; task: string; mode: string; status: string | null; summary: string })
  | (Base & {
      kind: 'tool';
      callId: string;
      tool: string;
      input: string;
      output: string | null;
      isError: boolean;
      /** A failed call's error in words (issue 14): the card says them in the UI's language; `output` is what the model read. Null in older logs. */
      errorWords: ErrorWords | null;
      durationMs: number | null;
      running: boolean;
      halted: Halted;
      /** The change this call proposed (write_file, edit_file, delete_file), while it may wait for review. */
      changeId?: string;
    })
  | (Base & {
      kind: 'terminal';
      callId: string;
      command: string;
      exitCode: number | null;
      output: string | null;
      /** What the model got when the command did not run (denied, rejected). */
      toolResult: string | null;
      /** Why the policy refused to run it, and its words (issue 14); absent in older logs. */
      deniedReason?: string;
      deniedReasonWords?: ErrorWords;
      isError: boolean;
      durationMs: number | null;
      timedOut: boolean;
      killed: boolean;
      /** It ran inside the OS sandbox, and what the sandbox refused meanwhile (issue 26); absent in older logs. */
      sandboxed?: boolean;
      blocked?: SandboxBlockData[];
      /** It ran again after the sandbox card (how the user allowed it); `blocked` stays what the first run met. */
      rerun?: SandboxAnswer;
      running: boolean;
      halted: Halted;
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
      /** The words of the policy's `reason` (issue 14); a person's reason is their own text. */
      reasonWords?: ErrorWords;
      applied: boolean;
      error: string | null;
      /** `error` in words (issue 14): the card says them in the UI's language. */
      errorWords?: ErrorWords;
    })
  | (Base & {
      kind: 'approval';
      approval: AgentApproval;
      reason: string;
      reasonWords?: ErrorWords;
      resolved: string | null;
      /** A sandbox card the user approved: how far they allowed it. */
      sandboxAnswer?: SandboxAnswer;
    })
  | (Base & { kind: 'verification'; approved: boolean; confidence: number; feedback: string; final: boolean; nextStatus: string | null })
  | (Base & {
      kind: 'error';
      questionId: string;
      text: string;
      options: ('retry' | 'skip' | 'edit' | 'stop')[];
      /** The last tool call of the TODO that failed, if one did. */
      /** The TODO's last failed tool call: what the model read (`output`), and its words when it has them (issue 14). */
      failedTool: { tool: string; input: string; output: string; errorWords?: ErrorWords | null } | null;
      answered: string | null;
    })
  | (Base & { kind: 'checkpoint'; checkpointId: string; label: string })
  | (Base & { kind: 'status'; status: string; phase: string | null; reason: string | null; reasonWords?: ErrorWords })
  | (Base & { kind: 'notice' } & NoticeSays)
  /** A resume that runs with changed settings: what changed, the model and the server now. */
  | (Base & { kind: 'resumed'; changed: ('model' | 'baseUrl' | 'apiKey' | 'policy')[]; model: string; baseUrl: string })
  | (Base & { kind: 'end'; outcome: 'completed' | 'failed' | 'stopped'; text: string; textWords?: ErrorWords })
  | (Base & {
      kind: 'rewind';
      /** The checkpoint the session went back to, and its label when the stream has it. */
      checkpointId: string;
      label: string | null;
      /** The cards it went back over (hidden unless shown, greyed then). */
      count: number;
      /** A later undo took it back; `undo`: this card is that undo. */
      undone: boolean;
      undo: boolean;
    });

export type ActivityKind = ActivityItem['kind'];
