import type { DiagnosticsFormat } from './outputParsers';

/** One checker the service can run: what it runs (no shell), where, and how to read its output. */
export interface CheckerSpec {
  /** Names it in the report and in the settings' `disabled` (tsc, eslint, ruff, python, go-vet, cargo, or a custom id). */
  id: string;
  /** For people: "TypeScript (tsc)". */
  label: string;
  /** The program and its arguments as one shell-free line, for people and the command policy. */
  command: string;
  /** The program: an absolute path when it was found, else a name looked up on the PATH when it runs. */
  file: string;
  args: string[];
  /** Absolute: the workspace root. */
  cwd: string;
  format: DiagnosticsFormat;
  origin: 'detected' | 'global' | 'workspace';
  /**
   * A program the workspace chose, or one that runs the workspace's code (checkerApprovals.ts): it runs only once a
   * person approved it for this workspace and this exact command line.
   */
  needsApproval: boolean;
  /** Variables added to the checker's environment (go vet: GOPROXY=off, so it downloads nothing). */
  env?: Readonly<Record<string, string>>;
}

/** The `source` of a checker's diagnostics: a detected checker's tool name, else the custom checker's id. */
export function sourceOf(spec: CheckerSpec): string {
  if (spec.origin !== 'detected') return spec.id;
  return spec.id === 'go-vet' ? 'go vet' : spec.id;
}
