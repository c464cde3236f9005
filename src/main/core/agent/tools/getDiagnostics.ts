import { z } from 'zod';
import { formatDiagnostics } from '../../diagnostics/formatDiagnostics';
import { ToolError } from './toolError';
import { defineTool } from './toolTypes';
import { resolveToolPath } from './workspaceFiles';

/** Characters of the report the model reads at most. */
export const DIAGNOSTICS_RESULT_CHARS = 12_000;

const params = z.object({
  path: z.string().optional().describe('A file or folder (relative to the workspace root) whose problems to list. Default: the whole project.'),
});

/**
 * get_diagnostics (issue 11): the problems the project's own checkers report (tsc, ESLint, ruff or
 * py_compile, go vet, cargo check, checkers named in the settings), as `file:line:col severity message`.
 * Only checkers whose command the policy would run without asking are run; the others are named as
 * skipped with the reason (ctx.diagnostics decides, core/diagnostics runs them with a timeout).
 */
export const getDiagnosticsTool = defineTool({
  name: 'get_diagnostics',
  description:
    "List the compiler and linter problems of the project (its own checkers: TypeScript, ESLint, Python, Go, Rust, or the settings' checkers), optionally only for one file or folder. Use it after editing to check your work.",
  category: 'read',
  params,
  async execute(p, ctx) {
    if (!ctx.diagnostics) {
      throw new ToolError('unavailable', 'Diagnostics are not available in this session.', "Run the project's checker with run_command instead (e.g. `npx tsc --noEmit`).");
    }
    const target = p.path ? await resolveToolPath(ctx, p.path, { mustExist: true }) : null;
    const report = await ctx.diagnostics({ paths: target && target.rel ? [target.rel] : undefined, signal: ctx.signal });
    const errors = report.diagnostics.filter((d) => d.severity === 'error').length;
    return {
      text: formatDiagnostics(report, { maxChars: DIAGNOSTICS_RESULT_CHARS }),
      data: { errors, problems: report.diagnostics.length, checkers: report.checkers.map((c) => `${c.id}:${c.status}`), durationMs: Math.round(report.durationMs) },
    };
  },
});
