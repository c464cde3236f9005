import type { AttachmentKind, RulesFileInfo, RulesKind } from '../../../../shared/context/contextShapes';
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
  selection: '⌶',
  tabs: '❐',
};

const KIND_WORD = { file: 'kindFile', folder: 'kindFolder', diff: 'kindDiff', problems: 'kindProblems', checkpoint: 'kindCheckpoint', mcp: 'kindMcp', selection: 'kindSelection', tabs: 'kindTabs' } as const;

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

const RULES_KIND_WORD = {
  akira: 'rulesKindAkira',
  agents: 'rulesKindAgents',
  claude: 'rulesKindClaude',
  gemini: 'rulesKindGemini',
  cline: 'rulesKindCline',
  cursor: 'rulesKindCursor',
  windsurf: 'rulesKindWindsurf',
  roo: 'rulesKindRoo',
  copilot: 'rulesKindCopilot',
  kiro: 'rulesKindKiro',
} as const satisfies Record<RulesKind, string>;

/** Which tool's rules a file is, in a word ("Cursor", "Kiro steering"). */
export const rulesKindLabel = (kind: RulesKind): string => textOf(contextStrings)[RULES_KIND_WORD[kind]];

/** Why a rules file is in a session's context, in a few words; null when it always is. */
export function ruleWhy(r: Pick<RulesFileInfo, 'applies' | 'because' | 'sameAs'>): string | null {
  const t = textOf(contextStrings);
  if (r.sameAs) return t.ruleSameAs(r.sameAs);
  if (r.applies === 'match' && r.because) return t.ruleMatched(r.because);
  if (r.applies === 'mentioned' && r.because) return t.ruleMentioned(r.because);
  if (r.applies === 'mode' && r.because) return t.ruleForMode(r.because);
  if (r.applies === 'listed') return t.ruleListed;
  return null;
}
