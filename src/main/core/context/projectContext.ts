import type { ContextAttachment, DiagnosticsReport } from '../../../shared/context/contextShapes';
import type { CheckpointService } from '../checkpoints/checkpointService';
import { checkpointDiffText } from '../checkpoints/diffText';
import { AkiraError } from '../errors';
import type { GitService } from '../git/gitService';
import type { GitignoreRules } from '../workspace/gitignoreRules';
import { gitStateText } from './gitState';
import { resolveMentions } from './mentionResolver';
import { loadRules, type LoadedRules, type LoadRulesInput } from './rulesFiles';
import { checkpointErrors } from '../../../shared/errors';

/**
 * The project context of one open workspace (issue 11), for the agent and the `context.*` commands:
 *
 *   const ctx = createProjectContext({root, dataDir, git, checkpoints, gitignore, diagnostics, formatDiagnostics})
 *   await ctx.resolve(text, {preview?})        the attachments of a text's @-mentions (mentionResolver.ts)
 *   await ctx.rules({editedPaths, inPlay, mentions, mode, maxTokens})  the rules files (rulesFiles.ts)
 *   await ctx.gitState()                       branch, ahead/behind, changed files (gitState.ts), null outside git
 *   await ctx.diagnostics({paths?, admit?})    the project's checkers (core/diagnostics)
 *   await ctx.checkers() / approveChecker(id, fingerprint) / revokeChecker(id)   their approvals
 */

export interface DiagnosticsRunner {
  /** `admit`: the caller decides per checker; `awaitingApproval` says it needs approval and has none (diagnosticsService.ts). */
  run(input?: {
    paths?: readonly string[];
    signal?: AbortSignal;
    admit?: (checker: { id: string; command: string; awaitingApproval: boolean }) => true | string | Promise<true | string>;
  }): Promise<DiagnosticsReport>;
  /** The checkers with their approval (Settings → Diagnostics checkers); absent: none to list. */
  checkers?(): Promise<CheckerApproval[]>;
  approve?(id: string, fingerprint: string): Promise<void>;
  revoke?(id: string): Promise<void>;
}

/** A checker and its approval (context.checkers). */
export interface CheckerApproval {
  id: string;
  label: string;
  command: string;
  origin: 'detected' | 'global' | 'workspace';
  needsApproval: boolean;
  approved: boolean;
  fingerprint: string;
  disabledBy: string | null;
}

export interface ProjectContextOptions {
  root: string;
  dataDir: string;
  git: GitService | null;
  checkpoints: CheckpointService | null;
  gitignore?: GitignoreRules | null;
  diagnostics: DiagnosticsRunner | null;
  formatDiagnostics: (report: DiagnosticsReport, options?: { maxChars?: number }) => string;
  /** The workspace's MCP servers, for @mcp:<server>:<resource or prompt> (absent: none). */
  mcp?: McpSource | null;
}

/** What a mention needs of the MCP hub: what `@mcp:<server>:<target>` attaches (mcp/mcpMention.ts). */
export interface McpSource {
  mention(server: string, target: string, args?: Readonly<Record<string, string>>): Promise<{ title: string; text: string }>;
}

export type RunDiagnostics = DiagnosticsRunner['run'];

export interface ProjectContext {
  readonly root: string;
  resolve(text: string, options?: { preview?: boolean }): Promise<ContextAttachment[]>;
  /** The rules files (rulesFiles.ts): `inPlay`, `mentions` and `mode` decide which conditional rules join. */
  rules(input?: Omit<LoadRulesInput, 'root' | 'dataDir' | 'maxTokens'> & { maxTokens?: number }): Promise<LoadedRules>;
  gitState(): Promise<string | null>;
  diagnostics: RunDiagnostics;
  /** The checkers and their approvals; approve one the workspace chose (for this workspace and its command), or withdraw it. */
  checkers(): Promise<CheckerApproval[]>;
  approveChecker(id: string, fingerprint: string): Promise<void>;
  revokeChecker(id: string): Promise<void>;
  formatDiagnostics(report: DiagnosticsReport, options?: { maxChars?: number }): string;
}

/** The rules' share when no budget is given (context.rules): enough for any sane rules file. */
const RULES_PREVIEW_TOKENS = 8000;
const CHECKPOINT_DIFF_MAX_CHARS = 60_000;

export function createProjectContext(options: ProjectContextOptions): ProjectContext {
  const { root, dataDir } = options;

  async function checkpointDiff(id: string): Promise<{ title: string; text: string }> {
    const checkpoints = options.checkpoints;
    if (!checkpoints) throw new AkiraError('unavailable', checkpointErrors.unavailableHere);
    const cp = await checkpoints.get(id).catch(() => {
      throw new AkiraError('not_found', checkpointErrors.notInWorkspace(id));
    });
    const diff = await checkpointDiffText({ checkpoints, root, from: cp.previousId, to: id, maxChars: CHECKPOINT_DIFF_MAX_CHARS });
    const label = cp.label ? ` "${cp.label}"` : '';
    return {
      title: `checkpoint ${id}${label} (${diff.files} file${diff.files === 1 ? '' : 's'})`,
      text: `What checkpoint ${id}${label} (${cp.createdAt}) changed, against ${cp.previousId ? `checkpoint ${cp.previousId}` : 'nothing before it'}:\n${diff.text}`,
    };
  }

  const runner = (): DiagnosticsRunner => {
    if (!options.diagnostics) throw new AkiraError('unavailable', checkpointErrors.diagnosticsUnavailable);
    return options.diagnostics;
  };
  const diagnostics: RunDiagnostics = (input) => runner().run(input);

  return {
    root,
    resolve: (text, o = {}) =>
      resolveMentions(
        text,
        {
          root,
          rules: options.gitignore ?? null,
          workingDiff: options.git ? () => options.git!.workingDiff() : undefined,
          diagnostics: options.diagnostics ? () => diagnostics() : undefined,
          formatDiagnostics: options.formatDiagnostics,
          checkpointDiff: options.checkpoints ? checkpointDiff : undefined,
          mcp: options.mcp ? (server, target, args) => options.mcp!.mention(server, target, args) : undefined,
        },
        o,
      ),
    rules: (input = {}) => loadRules({ ...input, root, dataDir, maxTokens: input.maxTokens ?? RULES_PREVIEW_TOKENS }),
    gitState: async () => (options.git ? gitStateText(await options.git.status().catch(() => null)) : null),
    diagnostics,
    checkers: async () => (await runner().checkers?.()) ?? [],
    approveChecker: async (id, fingerprint) => void (await runner().approve?.(id, fingerprint)),
    revokeChecker: async (id) => void (await runner().revoke?.(id)),
    formatDiagnostics: options.formatDiagnostics,
  };
}
