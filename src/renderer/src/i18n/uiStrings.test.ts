import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanUiStrings } from '../../../testing/i18n/uiStringScan';
import { repoRoot, uiSourceFiles } from '../../../testing/i18n/textFiles';

/**
 * Files whose words still have to move into catalogs (issue 14's Chinese UI, done feature by feature). A file leaves
 * this list when it is converted; the test fails for a file not listed that writes words straight into its JSX, and
 * for a listed file that no longer does (so the list only shrinks).
 */
const NOT_YET_CONVERTED = new Set<string>([
  'src/renderer/src/features/activity/ActivityCard.tsx',
  'src/renderer/src/features/activity/ActivityStream.tsx',
  'src/renderer/src/features/activity/CardParts.tsx',
  'src/renderer/src/features/activity/OutcomeCards.tsx',
  'src/renderer/src/features/activity/ToolCards.tsx',
  'src/renderer/src/features/activity/WindowedList.tsx',
  'src/renderer/src/features/agent/BusyQuestion.tsx',
  'src/renderer/src/features/agent/MessageBox.tsx',
  'src/renderer/src/features/agent/QueuePanel.tsx',
  'src/renderer/src/features/agent/ServerTrust.tsx',
  'src/renderer/src/features/agent/SessionControls.tsx',
  'src/renderer/src/features/agent/SessionList.tsx',
  'src/renderer/src/features/agent/SessionStatusItem.tsx',
  'src/renderer/src/features/agent/SessionView.tsx',
  'src/renderer/src/features/agent/SessionsPanel.tsx',
  'src/renderer/src/features/agent/StartSessionForm.tsx',
  'src/renderer/src/features/agent/WorktreePanel.tsx',
  'src/renderer/src/features/board/Board.tsx',
  'src/renderer/src/features/board/PlanEditor.tsx',
  'src/renderer/src/features/board/TodoCard.tsx',
  'src/renderer/src/features/context/ContextChips.tsx',
  'src/renderer/src/features/context/MentionInput.tsx',
  'src/renderer/src/features/context/RulesLine.tsx',
  'src/renderer/src/features/context/SessionContext.tsx',
  'src/renderer/src/features/palette/CommandPalette.tsx',
  'src/renderer/src/features/palette/QuickOpen.tsx',
  'src/renderer/src/features/palette/ShortcutsDialog.tsx',
  'src/renderer/src/features/palette/StopSessionDialog.tsx',
  'src/renderer/src/features/review/AgentProposalBar.tsx',
  'src/renderer/src/features/review/ApprovalCard.tsx',
  'src/renderer/src/features/review/HunkList.tsx',
  'src/renderer/src/features/review/ReasonDialog.tsx',
  'src/renderer/src/features/review/ReviewDiffEditor.tsx',
  'src/renderer/src/features/review/ReviewFeed.tsx',
  'src/renderer/src/features/review/ReviewList.tsx',
  'src/renderer/src/features/review/ReviewPane.tsx',
  'src/renderer/src/features/settings/ApiKeySection.tsx',
  'src/renderer/src/features/settings/ConnectionSection.tsx',
  'src/renderer/src/features/settings/Field.tsx',
  'src/renderer/src/features/settings/ListEditor.tsx',
  'src/renderer/src/features/settings/McpApproveDialog.tsx',
  'src/renderer/src/features/settings/McpSection.tsx',
  'src/renderer/src/features/settings/McpServerItem.tsx',
  'src/renderer/src/features/settings/ModelSection.tsx',
  'src/renderer/src/features/settings/PolicySection.tsx',
  'src/renderer/src/features/settings/SettingsButton.tsx',
  'src/renderer/src/features/settings/SettingsView.tsx',
  'src/renderer/src/features/settings/SpecSection.tsx',
  'src/renderer/src/features/terminal/TerminalPanel.tsx',
  'src/renderer/src/features/terminal/XtermView.tsx',
  'src/renderer/src/features/workspace/FileTree.tsx',
  'src/renderer/src/features/workspace/TreeRowView.tsx',
  'src/renderer/src/features/worktree/WorktreeDiff.tsx',
]);

describe('UI strings come from the catalogs', () => {
  const files = uiSourceFiles();
  const hits = new Map(files.map((f) => [f, scanUiStrings(readFileSync(join(repoRoot, f), 'utf8'), f)]));

  it('in every converted file (no words written straight into JSX)', () => {
    const found = [...hits].filter(([f, h]) => h.length > 0 && !NOT_YET_CONVERTED.has(f)).flatMap(([f, h]) => h.map((x) => `${f}:${x.line} ${x.text}`));
    expect(found).toEqual([]);
  });

  it('and the list of files still to convert has no converted file in it', () => {
    const done = [...NOT_YET_CONVERTED].filter((f) => (hits.get(f)?.length ?? 0) === 0);
    expect(done).toEqual([]);
  });

  it('the scan finds words in JSX text, read attributes and shown literals, not in symbols or names', () => {
    const source = `
      export function A({ busy, n }: { busy: boolean; n: number }) {
        return (
          <div title="Open the file" aria-label={busy ? 'Saving…' : t.save} className="row primary">
            Nothing waits for review
            <span>{n} ±</span>
            {busy && 'Working'}
            <kbd>Ctrl</kbd> <b>JSON</b> <i>{\`\${n} files\`}</i>
            <input placeholder={t.find} />
          </div>
        );
      }`;
    expect(scanUiStrings(source).map((h) => h.text)).toEqual(['Open the file', 'Saving…', 'Nothing waits for review', 'Working', 'files']);
  });
});
