import type { AttachmentKind, RulesFileInfo } from '../../../../shared/context/contextShapes';
import { formatTokens } from '../../ui/formatTokens';

/** Words and icons of the project-context UI (chips, the completion popup, the session's Context section). */

export const KIND_ICON: Record<AttachmentKind, string> = {
  file: '▤',
  folder: '▸',
  diff: '±',
  problems: '⚠',
  checkpoint: '◷',
  mcp: '⚙',
};

export const KIND_LABEL: Record<AttachmentKind, string> = {
  file: 'File',
  folder: 'Folder',
  diff: 'Git diff',
  problems: 'Problems',
  checkpoint: 'Checkpoint',
  mcp: 'MCP',
};

/** The mention keywords the completion offers first, with what they attach. */
export const KEYWORDS: readonly { name: string; kind: AttachmentKind; detail: string }[] = [
  { name: 'diff', kind: 'diff', detail: "the working tree's git diff" },
  { name: 'problems', kind: 'problems', detail: "the project's diagnostics" },
  { name: 'checkpoint:', kind: 'checkpoint', detail: "a checkpoint's diff" },
  { name: 'mcp:', kind: 'mcp', detail: "an MCP server's resource or prompt" },
];

/** "~1.2k tokens", "~40 tokens". */
export const tokensText = (n: number): string => `~${formatTokens(n)} token${n === 1 ? '' : 's'}`;

/** Where Akira looks for rules files (the hint when a session has none). */
export const RULES_HINT = 'Akira reads AGENTS.md, CLAUDE.md, .clinerules, .cursorrules and .akira/rules at the workspace root.';

/** "Rules: AGENTS.md, CLAUDE.md" under the task box; null when there are none. */
export function rulesLine(files: readonly Pick<RulesFileInfo, 'path'>[]): string | null {
  return files.length ? `Rules: ${files.map((f) => f.path).join(', ')}` : null;
}
