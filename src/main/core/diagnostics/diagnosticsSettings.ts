import { join } from 'node:path';
import { z } from 'zod';
import { issueFields } from '../inputWords';
import { invalidSettings, readSettingsOrThrow, type SettingsPlace } from '../settingsFile';
import { resolveInside } from '../workspace/pathGuard';
import { CommandLineError, splitCommandLine } from './commandLine';

/**
 * The `diagnostics` section of the global settings (`<dataDir>/settings.json`) and of the workspace's
 * `.akira/settings.json`:
 *
 *   "diagnostics": {
 *     "timeoutSeconds": 60,                      // per checker, 1..1800; the workspace's wins
 *     "disabled": ["eslint"],                    // checker ids not to run (both files: the union)
 *     "checkers": [{"id": "mypy", "command": "mypy --show-column-numbers .", "format": "gcc"}]   // the union
 *   }
 *
 * A custom checker's command is one shell-free line (commandLine.ts: no pipes, redirections, variables
 * or globs) and is checked here, so a bad one is refused with the file and the field. Its id names it in
 * the report and in `disabled`; a custom checker with the id of a detected one (`eslint`) replaces it, and
 * the workspace's replaces a global one of the same id. Every problem — unreadable file, broken JSON, an
 * invalid field — is an `AkiraError('bad_request')` naming the file and the field.
 */

export const DEFAULT_TIMEOUT_SECONDS = 60;

/** What a custom checker's output looks like (python-json is the built-in Python check's own). */
export const customCheckerFormats = ['gcc', 'tsc', 'eslint-json', 'ruff-json', 'cargo-json'] as const;

const checkerId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'must be 1-64 letters, digits, ".", "_" or "-", starting with a letter or digit');

const customChecker = z.strictObject({
  id: checkerId,
  command: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(4000)
    .superRefine((command, ctx) => {
      try {
        splitCommandLine(command);
      } catch (err) {
        if (!(err instanceof CommandLineError)) throw err;
        ctx.addIssue({ code: 'custom', message: err.message });
      }
    }),
  format: z.enum(customCheckerFormats),
});

export const diagnosticsSettingsSchema = z.strictObject({
  timeoutSeconds: z.number().int().min(1).max(1800).optional(),
  disabled: z.array(checkerId).max(100).optional(),
  checkers: z
    .array(customChecker)
    .max(50)
    .superRefine((checkers, ctx) => {
      const seen = new Set<string>();
      checkers.forEach((c, i) => {
        if (seen.has(c.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `"${c.id}" is used twice` });
        seen.add(c.id);
      });
    })
    .optional(),
});
export type DiagnosticsSettingsSection = z.output<typeof diagnosticsSettingsSchema>;
export type CustomChecker = z.output<typeof customChecker>;

export interface DiagnosticsSettings {
  timeoutSeconds: number;
  /** Ids not to run, each with the file that says so. */
  disabled: Map<string, string>;
  /** Global ones first; a workspace checker replaces a global one of the same id. */
  checkers: (CustomChecker & { origin: 'global' | 'workspace' })[];
}

export const WORKSPACE_SETTINGS = '.akira/settings.json';

async function readSection(path: string, place: SettingsPlace, file: string): Promise<DiagnosticsSettingsSection> {
  const raw = await readSettingsOrThrow(path, place, file);
  if (raw.diagnostics === undefined) return {};
  const parsed = diagnosticsSettingsSchema.safeParse(raw.diagnostics);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${fieldName(['diagnostics', ...issue.path])}: ${issue.message}`);
    throw invalidSettings(place, file, problems, issueFields(parsed.error.issues, raw, ['diagnostics']));
  }
  return parsed.data;
}

/** ['diagnostics', 'checkers', 0, 'format'] → diagnostics.checkers[0].format */
function fieldName(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('');
}

/** Both files' sections, combined (see the module doc). */
export async function readDiagnosticsSettings(root: string, dataDir: string): Promise<DiagnosticsSettings> {
  const globalFile = join(dataDir, 'settings.json');
  const workspaceFile = await resolveInside(root, WORKSPACE_SETTINGS);
  const [g, w] = await Promise.all([
    readSection(globalFile, 'global', globalFile),
    readSection(workspaceFile, 'workspace', WORKSPACE_SETTINGS),
  ]);
  const disabled = new Map<string, string>();
  for (const id of g.disabled ?? []) disabled.set(id, `the global settings`);
  for (const id of w.disabled ?? []) disabled.set(id, WORKSPACE_SETTINGS);
  const workspaceIds = new Set((w.checkers ?? []).map((c) => c.id));
  return {
    timeoutSeconds: w.timeoutSeconds ?? g.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
    disabled,
    checkers: [
      ...(g.checkers ?? []).filter((c) => !workspaceIds.has(c.id)).map((c) => ({ ...c, origin: 'global' as const })),
      ...(w.checkers ?? []).map((c) => ({ ...c, origin: 'workspace' as const })),
    ],
  };
}
