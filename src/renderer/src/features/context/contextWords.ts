import type { AttachmentKind, RulesFileInfo } from '../../../../shared/context/contextShapes';
import { formatTokens } from '../../ui/formatTokens';
import { textOf } from '../../i18n';
import { contextStrings } from './contextStrings';

/** Words and icons of the project-context UI (chips, the completion popup, the session's Context section). */

export const KIND_ICON: Record<AttachmentKind, string> = {
  file: '▤',
  folder: '▸',
  diff: '±',
  problems: '⚠',
  checkpoint: '◷',
  mcp: '⚙',
};

const KIND_WORD = { file: 'kindFile', folder: 'kindFolder', diff: 'kindDiff', problems: 'kindProblems', checkpoint: 'kindCheckpoint', mcp: 'kindMcp' } as const;

/** What a mention of this kind attaches, in a word (the UI's language at the time of the call). */
export const kindLabel = (kind: AttachmentKind): string => textOf(contextStrings)[KIND_WORD[kind]];

const KEYWORD_LIST: readonly { name: string; kind: AttachmentKind; word: 'keywordDiff' | 'keywordProblems' | 'keywordCheckpoint' | 'keywordMcp' }[] = [
  { name: 'diff', kind: 'diff', word: 'keywordDiff' },
  { name: 'problems', kind: 'problems', word: 'keywordProblems' },
  { name: 'checkpoint:', kind: 'checkpoint', word: 'keywordCheckpoint' },
  { name: 'mcp:', kind: 'mcp', word: 'keywordMcp' },
];

/** The mention keywords the completion offers first, with what they attach (`detail` in the UI's language when read). */
export const KEYWORDS: readonly { name: string; kind: AttachmentKind; readonly detail: string }[] = KEYWORD_LIST.map(({ name, kind, word }) => ({
  name,
  kind,
  get detail() {
    return textOf(contextStrings)[word];
  },
}));

/** "~1.2k tokens", "~40 tokens". */
export const tokensText = (n: number): string => textOf(contextStrings).tokens(n, formatTokens(n));

/** Where Akira looks for rules files (the hint when a session has none). */
export const rulesHint = (): string => textOf(contextStrings).rulesHint;

/** "Rules: AGENTS.md, CLAUDE.md" under the task box; null when there are none. */
export function rulesLine(files: readonly Pick<RulesFileInfo, 'path'>[]): string | null {
  return files.length ? textOf(contextStrings).rulesLine(files.map((f) => f.path).join(', ')) : null;
}
