/**
 * Files that steer Akira itself for this project: its settings (which model server gets the user's key,
 * the policy), custom modes (system prompts and policy), MCP servers (programs Akira starts) and the rules
 * the model reads. A prompt injection that could write them would steer every later session, so the agent
 * changes them only with a person's explicit approval that says what they steer: never by policy, never by
 * `akira run --yes`, and never through a command (orchestrator/protectedFiles.ts puts those back).
 *
 *   protectedWhat('.akira/settings.json') → "Akira's settings for this project (…)"   protectedWhat('src/a.ts') → null
 *   protectedKind('.akira/settings.json') → 'settings' (the words' value: policyReasons.steers / protectedChange)
 *
 * Paths are workspace-relative with `/`; matching ignores case (case-insensitive file systems).
 */

import { policyReasons } from '../../../../shared/errors';

/** What a protected file steers; its English and Chinese are in the policy catalog (`policy.steers`). */
export type ProtectedKind = 'settings' | 'modes' | 'mcp' | 'rules';

interface Rule {
  /** Lower-case path segments; '*' is any one segment, 'name-*' one that starts with 'name-', '**' any rest (at least one segment). */
  pattern: string[];
  what: ProtectedKind;
}

const SETTINGS: ProtectedKind = 'settings';
const MODES: ProtectedKind = 'modes';
const MCP: ProtectedKind = 'mcp';
const RULES: ProtectedKind = 'rules';

const RULES_LIST: Rule[] = [
  { pattern: ['.akira', 'settings.json'], what: SETTINGS },
  { pattern: ['.akira', 'mcp.json'], what: MCP },
  { pattern: ['.akira', 'modes', '**'], what: MODES },
  { pattern: ['.akira', 'rules', '**'], what: RULES },
  { pattern: ['agents.md'], what: RULES },
  { pattern: ['claude.md'], what: RULES },
  { pattern: ['.cursorrules'], what: RULES },
  { pattern: ['.clinerules'], what: RULES },
  { pattern: ['.clinerules', '**'], what: RULES },
  // Other tools' rules files, which Akira sends too (context/rulesSources.ts).
  { pattern: ['gemini.md'], what: RULES },
  { pattern: ['.windsurfrules'], what: RULES },
  { pattern: ['.windsurf', 'rules', '**'], what: RULES },
  { pattern: ['.cursor', 'rules', '**'], what: RULES },
  { pattern: ['.roo', 'rules', '**'], what: RULES },
  { pattern: ['.roo', 'rules-*', '**'], what: RULES },
  { pattern: ['.github', 'copilot-instructions.md'], what: RULES },
  { pattern: ['.github', 'instructions', '**'], what: RULES },
  { pattern: ['.kiro', 'steering', '**'], what: RULES },
  // AGENTS.md in any folder applies to the files under it.
  { pattern: ['**', 'agents.md'], what: RULES },
];

function segmentMatches(pattern: string, part: string): boolean {
  if (pattern === '*') return true;
  if (pattern.length > 1 && pattern.endsWith('*')) return part.startsWith(pattern.slice(0, -1)) && part.length > pattern.length - 1;
  return pattern === part;
}

function matches(pattern: string[], parts: string[]): boolean {
  if (pattern[0] === '**' && pattern.length > 1) {
    // a leading '**': the rest must match the end of the path, after at least one folder
    const rest = pattern.slice(1);
    return parts.length > rest.length && matches(rest, parts.slice(parts.length - rest.length));
  }
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === '**') return parts.length > i;
    if (i >= parts.length || !segmentMatches(pattern[i], parts[i])) return false;
  }
  return parts.length === pattern.length;
}

/** What the file steers, when it is one of Akira's own project files (see above); else null. */
export function protectedWhat(relPath: string): string | null {
  const kind = protectedKind(relPath);
  return kind ? policyReasons.steers(kind).en : null;
}

/** Which of Akira's own project files it is (see above); else null. */
export function protectedKind(relPath: string): ProtectedKind | null {
  const parts = relPath
    .replace(/\\/g, '/')
    .split('/')
    .filter((p) => p && p !== '.')
    .map((p) => p.toLowerCase());
  if (!parts.length) return null;
  return RULES_LIST.find((r) => matches(r.pattern, parts))?.what ?? null;
}

/** The top-level places a command could change them in (files or folders), for orchestrator/protectedFiles.ts. */
export const PROTECTED_ROOTS = [
  '.akira/settings.json',
  '.akira/mcp.json',
  '.akira/modes',
  '.akira/rules',
  'AGENTS.md',
  'CLAUDE.md',
  '.cursorrules',
  '.clinerules',
  'GEMINI.md',
  '.windsurfrules',
  '.windsurf/rules',
  '.cursor/rules',
  // Roo's `.roo/rules-<mode>/` folders cannot be listed ahead: a command may change nothing under `.roo/`.
  '.roo',
  '.github/copilot-instructions.md',
  '.github/instructions',
  '.kiro/steering',
];

/**
 * What stays read-only inside the OS sandbox (sandbox/bwrapArgs.ts) although the workspace around it is writable:
 * the places above (among them the rules files of other coding agents, which Akira reads too: a command planting
 * them would steer the user's other tools and Akira's later sessions), and the two parts of `.git` that name programs git runs (`config`: fsmonitor, filters, textconv, hooksPath;
 * `hooks/`). The rest of `.git` stays writable so that `git commit` works.
 */
export const SANDBOX_READ_ONLY = [...PROTECTED_ROOTS, '.git/config', '.git/hooks'];
