import { parseCargoOutput } from './cargoOutput';
import { parseEslintOutput } from './eslintOutput';
import { parseGccOutput } from './gccOutput';
import type { OutputParser } from './parsedDiagnostic';
import { parsePythonOutput } from './pythonOutput';
import { parseRuffOutput } from './ruffOutput';
import { parseTscOutput } from './tscOutput';

/** The output formats checkers print, each with its parser (one file each). */
export const DIAGNOSTICS_FORMATS = ['tsc', 'eslint-json', 'ruff-json', 'gcc', 'python-json', 'cargo-json'] as const;
export type DiagnosticsFormat = (typeof DIAGNOSTICS_FORMATS)[number];

export const outputParsers: Record<DiagnosticsFormat, OutputParser> = {
  tsc: parseTscOutput,
  'eslint-json': parseEslintOutput,
  'ruff-json': parseRuffOutput,
  gcc: parseGccOutput,
  'python-json': parsePythonOutput,
  'cargo-json': parseCargoOutput,
};
