import type { z } from 'zod';
import type { RunParams, RunResult } from '../../terminal/commandRunner';
import type { DiagnosticsReport } from '../../../../shared/context/contextShapes';
import type { GitignoreRules } from '../../workspace/gitignoreRules';

/** Policy groups tools by what they do: auto-approval is decided per category. */
export type ToolCategory = 'read' | 'write' | 'command' | 'control';

export const fileToolNames = ['list_files', 'read_file', 'search_files', 'write_file', 'edit_file', 'delete_file'] as const;
export const controlToolNames = ['todo_write', 'update_todo', 'complete'] as const;
/** The session's mode (issue 25): what modes there are, and asking to switch (modeTools.ts). Always offered, like the control tools. */
export const modeToolNames = ['list_modes', 'switch_mode'] as const;
/** Sub-tasks (issue 25): handing part of the work to a child session (taskTools.ts). */
export const taskToolNames = ['new_task'] as const;
export const toolNames = [...fileToolNames, 'run_command', 'get_diagnostics', ...controlToolNames, ...modeToolNames, ...taskToolNames] as const;
export type ToolName = (typeof toolNames)[number];
export type ControlToolName = (typeof controlToolNames)[number];

/**
 * A change a write tool proposes; nothing is written until the approval gate calls
 * `applyProposedChange` (proposedChange.ts).
 */
export interface ProposedChange {
  /** Workspace-relative path of the real file (forward slashes; symlinks inside the workspace resolved). */
  path: string;
  kind: 'create' | 'modify' | 'delete';
  /** The text the change was based on; null when the file did not exist, or is binary. */
  before: string | null;
  /** The text after the change; null for a delete. */
  after: string | null;
  /** The file was binary: `before` is not shown. */
  binary?: boolean;
  /**
   * sha256 (hex) of the bytes the change was based on, null when the file did not exist. Applying
   * refuses when the file on disk no longer matches (it changed since it was read).
   */
  beforeHash: string | null;
}

/** What a tool call answers. */
export interface ToolResult {
  /** What the model reads. */
  text: string;
  /** write_file/edit_file/delete_file: the change waiting for approval (absent when nothing would change). */
  change?: ProposedChange;
  /** run_command: the runner's answer. */
  command?: RunResult;
  /** Structured details for faces and logs (counts, paths). */
  data?: Record<string, unknown>;
}

/** What the orchestrator hands every tool call. */
export interface ToolContext {
  /** The workspace root, a real path. */
  root: string;
  /** The workspace's gitignore rules, shared across calls (created per call when absent). */
  rules?: GitignoreRules;
  signal?: AbortSignal;
  /** Runs a command in a Terminal tab (the command runner's `run`); run_command fails clearly without it. */
  runCommand?(params: RunParams): Promise<RunResult>;
  /**
   * Content proposed for a file but not applied yet (e.g. an earlier write in the same turn), by
   * workspace-relative real path: a string, null for a pending delete, undefined when nothing is pending.
   * edit_file edits it instead of the file on disk; read_file shows it.
   */
  pendingContent?(path: string): string | null | undefined;
  /** get_diagnostics: the project's checkers (only those the policy would run without asking); absent: unavailable. */
  diagnostics?(input: { paths?: string[]; signal?: AbortSignal }): Promise<DiagnosticsReport>;
}

/** One tool: model-facing name, description and parameters, and what it does. */
export interface ToolDefinition<S extends z.ZodObject = z.ZodObject> {
  name: ToolName;
  description: string;
  category: ToolCategory;
  params: S;
  execute(params: z.output<S>, ctx: ToolContext): Promise<ToolResult>;
}

/** Builds a tool with its parameter type inferred from the schema. */
export function defineTool<S extends z.ZodObject>(tool: ToolDefinition<S>): ToolDefinition<S> {
  return tool;
}
