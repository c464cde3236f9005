import type { CheckerRun, Diagnostic, DiagnosticsReport } from '../../../shared/context/contextShapes';
import { contextErrors, plainWords } from '../../../shared/errors';
import type { Approvals } from '../../common/approvalsStore';
import { AkiraError } from '../errors';
import { checkerFingerprint, createCheckerApprovals } from './checkerApprovals';
import { customCheckerSpec, detectBuiltinCheckers } from './checkerDetection';
import { runCheckerProcess, type CheckerProcessResult } from './checkerProcess';
import { sourceOf, type CheckerSpec } from './checkerSpec';
import { splitCommandLine } from './commandLine';
import { compareDiagnostics, dropDuplicates, pathFilter, workspacePaths } from './diagnosticPaths';
import { readDiagnosticsSettings } from './diagnosticsSettings';
import { outputParsers } from './outputParsers';

export type { CheckerSpec } from './checkerSpec';
export type { DiagnosticsFormat } from './outputParsers';

/**
 * The project's diagnostics (issue 11): runs the checkers that apply to the workspace (checkerDetection.ts:
 * tsc, ESLint, ruff or a Python syntax check, go vet, cargo check; plus the settings' custom checkers,
 * diagnosticsSettings.ts) and answers one report of their problems, for the `get_diagnostics` tool, the
 * `@problems` mention, the verifier and the `context.diagnostics` command.
 *
 *   const diagnostics = createDiagnostics({root, dataDir, env: () => commandEnv(process.env, …)});
 *   await diagnostics.detect()                          → the checkers a run would start
 *   await diagnostics.run({paths: ['src/a.ts'], admit}) → {diagnostics, checkers, durationMs, truncated}
 *
 * - Each checker runs without a shell (checkerProcess.ts) in the root, with `env()` plus its own few
 *   variables, at most two at once, each within `diagnostics.timeoutSeconds` (default 60): a time-out or
 *   an abort kills its whole process group. The settings are read afresh on every call; an invalid one is
 *   an AkiraError naming the file and the field, thrown before anything runs.
 * - A checker that needs approval (a program the workspace chose or one that runs its code: checkerDetection.ts)
 *   runs only once approved for this workspace and its exact command (checkerApprovals.ts). Without `admit`
 *   (`@problems`, `context.diagnostics`) one that is not approved is skipped, saying it awaits approval.
 * - `admit` decides per checker (the caller's command policy; it is told `awaitingApproval`, and may ask a person
 *   for that one run): a string skips it with that reason.
 * - A run's status: `ok` when its output was understood (problems or not; a failing exit with problems
 *   is normal); `failed` when it could not start, was cancelled, or exited non-zero with nothing
 *   understood (the tail of its output is the reason); `timeout`; `skipped` (disabled in the settings,
 *   not admitted, cancelled before its turn).
 * - Diagnostics get workspace-relative paths (those of files outside are dropped), are filtered by
 *   `paths` (files or folders; problems of the whole project are kept), sorted errors first, then by
 *   file, line and column, and cut at `maxDiagnostics` (default 500; `truncated`). A run's `count` is its
 *   problems after the filter, before the cut.
 * - Aborting resolves the report (cancelled runs failed, the rest skipped); the caller checks its signal.
 */

export interface DiagnosticsOptions {
  /** The workspace root (a real path). */
  root: string;
  /** Global settings are `<dataDir>/settings.json`. */
  dataDir: string;
  /** The checkers' environment (the caller passes one scrubbed of secrets). */
  env: () => Promise<NodeJS.ProcessEnv> | NodeJS.ProcessEnv;
  /** The approvals of the workspace's own checkers (default: `<dataDir>/checker-approvals.json`). */
  approvals?: Approvals;
}

/** A checker the admit callback decides on: `awaitingApproval` when it needs approval and has none for its command. */
export type AdmittedChecker = CheckerSpec & { awaitingApproval: boolean };

export interface RunDiagnosticsInput {
  /** Workspace-relative: only these files' (or folders') diagnostics; checkers may still check the whole project. */
  paths?: readonly string[];
  /** Abort kills running checkers. */
  signal?: AbortSignal;
  /** Decide per checker; return a string to skip it with that reason (e.g. the command policy would ask). */
  admit?: (checker: AdmittedChecker) => true | string | Promise<true | string>;
  /** Default 500; beyond → truncated: true. */
  maxDiagnostics?: number;
}

/** A checker as Settings lists it: whether it needs approval, has it, and what an approval approves. */
export interface CheckerStatus {
  id: string;
  label: string;
  command: string;
  origin: CheckerSpec['origin'];
  needsApproval: boolean;
  approved: boolean;
  fingerprint: string;
  /** The settings file that disables it, else null. */
  disabledBy: string | null;
}

export interface Diagnostics {
  /** The checkers a run would start now (disabled ones left out). */
  detect(): Promise<CheckerSpec[]>;
  run(input?: RunDiagnosticsInput): Promise<DiagnosticsReport>;
  /** Every checker, disabled ones included, with its approval. */
  checkers(): Promise<CheckerStatus[]>;
  /** Approves a checker that needs it for this workspace and its command now; `fingerprint`: the one the person saw. */
  approve(id: string, fingerprint: string): Promise<void>;
  /** Withdraws a checker's approval for this workspace. */
  revoke(id: string): Promise<void>;
}

export const DEFAULT_MAX_DIAGNOSTICS = 500;
/** Checkers running at once. */
export const CHECKER_CONCURRENCY = 2;
const TAIL_CHARS = 600;

interface Planned {
  spec: CheckerSpec;
  /** The settings file that disables it. */
  disabledBy: string | null;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/** The last lines of what a checker printed, for a reason (ANSI colours stripped). */
function tail(result: CheckerProcessResult): string {
  const clean = (s: string) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').trim();
  const text = clean(result.stderr) || clean(result.stdout);
  if (!text) return '';
  return text.length > TAIL_CHARS ? `…${text.slice(-TAIL_CHARS)}` : text;
}

function exitText(result: CheckerProcessResult): string {
  return result.exitSignal ? `was ended by ${result.exitSignal}` : `exited with code ${result.exitCode}`;
}

function startProblem(spec: CheckerSpec, error: NodeJS.ErrnoException): string {
  let program = spec.file;
  try {
    program = splitCommandLine(spec.command)[0];
  } catch {
    // a command line we did not make: name the file
  }
  if (error.code === 'ENOENT') return /[\\/]/.test(spec.file) ? `${program} was not found.` : `${program} was not found on the PATH.`;
  if (error.code === 'EACCES') return `${program} is not executable.`;
  return `${program} could not be started: ${error.message}`;
}

export function createDiagnostics(options: DiagnosticsOptions): Diagnostics {
  const { root, dataDir } = options;
  const approvals = options.approvals ?? createCheckerApprovals(dataDir);
  const isApproved = (spec: CheckerSpec) => approvals.isApproved(root, spec.id, checkerFingerprint(spec));

  async function plan(env: NodeJS.ProcessEnv) {
    const settings = await readDiagnosticsSettings(root, dataDir);
    const builtin = await detectBuiltinCheckers(root, env);
    const custom = await Promise.all(settings.checkers.map((c) => customCheckerSpec(root, c, env)));
    const replaced = new Set(custom.map((c) => c.id));
    const planned: Planned[] = [...builtin.filter((b) => !replaced.has(b.id)), ...custom].map((spec) => ({
      spec,
      disabledBy: settings.disabled.get(spec.id) ?? null,
    }));
    return { settings, planned };
  }

  async function checkOne(
    { spec, disabledBy }: Planned,
    ctx: { env: NodeJS.ProcessEnv; timeoutSeconds: number; input: RunDiagnosticsInput; keep: ((file: string) => boolean) | null },
  ): Promise<{ run: CheckerRun; found: Diagnostic[] }> {
    const base = { id: spec.id, command: spec.command.length > 4000 ? `${spec.command.slice(0, 3999)}…` : spec.command };
    const skipped = (reason: string) => ({ run: { ...base, status: 'skipped' as const, durationMs: 0, count: 0, reason }, found: [] });
    if (disabledBy) return skipped(`disabled in ${disabledBy} (diagnostics.disabled)`);
    if (ctx.input.signal?.aborted) return skipped('cancelled before it ran');
    const awaitingApproval = spec.needsApproval && !(await isApproved(spec));
    if (awaitingApproval && !ctx.input.admit) {
      const words = contextErrors.checkerAwaitsApproval(spec.id, base.command);
      return { run: { ...skipped(words.en).run, reasonWords: plainWords(words) }, found: [] };
    }
    if (ctx.input.admit) {
      let verdict: true | string;
      try {
        verdict = await ctx.input.admit({ ...spec, awaitingApproval });
      } catch (err) {
        verdict = `not admitted: ${(err as Error).message}`;
      }
      if (verdict !== true) return skipped(String(verdict || 'not admitted'));
      if (ctx.input.signal?.aborted) return skipped('cancelled before it ran');
    }

    const result = await runCheckerProcess({
      file: spec.file,
      args: spec.args,
      cwd: spec.cwd,
      env: spec.env ? { ...ctx.env, ...spec.env } : ctx.env,
      timeoutMs: ctx.timeoutSeconds * 1000,
      signal: ctx.input.signal,
    });
    const done = (status: CheckerRun['status'], reason: string | null, found: Diagnostic[] = []) => ({
      run: { ...base, status, durationMs: result.durationMs, count: found.length, reason: reason && reason.length > 4000 ? `${reason.slice(0, 3999)}…` : reason },
      found,
    });
    if (result.ended === 'error') return done('failed', startProblem(spec, result.error!));
    if (result.ended === 'timeout') return done('timeout', `stopped after ${ctx.timeoutSeconds} s (diagnostics.timeoutSeconds)`);
    if (result.ended === 'abort') return done('failed', `cancelled after ${seconds(result.durationMs)}`);

    const parsed = outputParsers[spec.format](result);
    const printed = tail(result);
    if (parsed === null) {
      const cut = result.stdoutCut ? ' (its output was cut at 20 MB)' : '';
      return done('failed', `${exitText(result)}; its output is not ${spec.format}${cut}${printed ? `: ${printed}` : ''}`);
    }
    if (parsed.length === 0 && (result.exitCode !== 0 || result.exitSignal)) {
      return done('failed', `${exitText(result)} without reporting a problem${printed ? `: ${printed}` : ''}`);
    }
    const toWorkspace = workspacePaths(root, spec.cwd);
    const source = sourceOf(spec);
    const found: Diagnostic[] = [];
    for (const d of parsed) {
      const file = toWorkspace(d);
      if (file === null || (ctx.keep && !ctx.keep(file))) continue;
      found.push({ file, line: d.line, column: d.column, severity: d.severity, message: d.message, source, code: d.code });
    }
    const note = /^akira: (.*)$/m.exec(result.stderr)?.[1] ?? null;
    return done('ok', note, dropDuplicates(found));
  }

  async function find(id: string): Promise<CheckerSpec> {
    const { planned } = await plan({ ...(await options.env()) });
    const found = planned.find((p) => p.spec.id === id);
    if (!found) throw new AkiraError('not_found', contextErrors.noSuchChecker(id, planned.map((p) => p.spec.id).join(', ')));
    return found.spec;
  }

  return {
    async checkers() {
      const { planned } = await plan({ ...(await options.env()) });
      return Promise.all(
        planned.map(async ({ spec, disabledBy }) => ({
          id: spec.id,
          label: spec.label,
          command: spec.command,
          origin: spec.origin,
          needsApproval: spec.needsApproval,
          approved: spec.needsApproval ? await isApproved(spec) : true,
          fingerprint: checkerFingerprint(spec),
          disabledBy,
        })),
      );
    },

    async approve(id, fingerprint) {
      const spec = await find(id);
      if (!spec.needsApproval) throw new AkiraError('bad_request', contextErrors.checkerNeedsNoApproval(id));
      if (checkerFingerprint(spec) !== fingerprint) throw new AkiraError('conflict', contextErrors.checkerChangedSinceSeen(id));
      await approvals.approve(root, id, fingerprint);
    },

    async revoke(id) {
      await approvals.revoke(root, id);
    },

    async detect() {
      const { planned } = await plan({ ...(await options.env()) });
      return planned.filter((p) => !p.disabledBy).map((p) => p.spec);
    },

    async run(input = {}) {
      const started = performance.now();
      const env = { ...(await options.env()) };
      const keep = pathFilter(root, input.paths);
      const { settings, planned } = await plan(env);
      const ctx = { env, timeoutSeconds: settings.timeoutSeconds, input, keep };
      const results: { run: CheckerRun; found: Diagnostic[] }[] = new Array(planned.length);
      let next = 0;
      const worker = async () => {
        while (next < planned.length) {
          const i = next++;
          results[i] = await checkOne(planned[i], ctx);
        }
      };
      await Promise.all(Array.from({ length: Math.min(CHECKER_CONCURRENCY, planned.length) }, worker));

      const all = results.flatMap((r) => r.found).sort(compareDiagnostics);
      const wanted = input.maxDiagnostics ?? DEFAULT_MAX_DIAGNOSTICS;
      const max = Number.isFinite(wanted) ? Math.max(0, Math.floor(wanted)) : DEFAULT_MAX_DIAGNOSTICS;
      return {
        diagnostics: all.slice(0, max),
        checkers: results.map((r) => r.run),
        durationMs: Math.round(performance.now() - started),
        truncated: all.length > max,
      };
    },
  };
}
