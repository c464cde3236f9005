import { expect, test, type Page } from '@playwright/test';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { makeFixtureRepo, writeFiles } from './support/fixtureRepo';
import { scriptedSessions, shootBoth } from './support/sessionsModel';

// The editor's context of a new task (issue 25) against `akira serve` and the scripted model server: a file open
// with lines selected and another tab open, the Agent view's task box shows them as chips (the active file, the
// selection with its range, the open tabs); one removed is not sent, the kept ones reach the model's first request.
// Dark/English and light/Chinese, shot at 1400×860 and 1100×700; Settings → Appearance turns the chips off.

let app: ServedWithModel | null = null;
test.afterEach(async () => {
  await app?.stop();
  app = null;
});

const UTIL = "export const UTIL_MARKER = 'util-4242';\n\nexport function clamp(n: number, lo: number, hi: number): number {\n  return Math.min(hi, Math.max(lo, n));\n}\n";
const agentSettings = { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } } };

function workspace(): string {
  const root = makeFixtureRepo();
  writeFiles(root, { 'src/util.ts': UTIL });
  return root;
}

/** README.md kept in a tab, src/util.ts active with its lines 3–4 selected. */
async function openAndSelect(page: Page) {
  await page.locator('[data-testid="tree-row"][data-path="README.md"]').dblclick();
  await page.locator('[data-testid="tree-row"][data-path="src"]').click();
  await page.locator('[data-testid="tree-row"][data-path="src/util.ts"]').click();
  const lines = page.getByTestId('file-viewer').locator('.view-lines');
  await expect(lines).toContainText('UTIL_MARKER');
  await lines.click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+End');
}

const editorChip = (page: Page, kind: string) => page.getByTestId('editor-context').locator(`[data-testid="editor-chip"][data-kind="${kind}"]`);

test('chips from an open file and a selection: one removed, the kept ones reach the first model request', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  app = await serveWithModel(workspace(), { globalSettings: { ui: { theme: 'dark', language: 'en' }, agent: agentSettings } });
  const TASK = { EDIT: 'EDIT: explain the selected lines' } as const;
  scriptedSessions(app, TASK, ['EDIT']);

  await page.goto(app.served.url);
  await openAndSelect(page);
  await page.getByTestId('view-agent').click();

  await expect(editorChip(page, 'file')).toHaveAttribute('data-ref', 'src/util.ts');
  await expect(editorChip(page, 'file').getByTestId('editor-chip-note')).toHaveText(/^~\d+ tokens?$/);
  await expect(editorChip(page, 'selection')).toHaveAttribute('data-ref', 'src/util.ts:3-4');
  await expect(editorChip(page, 'tabs')).toContainText('2 open tabs');
  await expect(editorChip(page, 'tabs')).toHaveAttribute('title', 'README.md\nsrc/util.ts');
  await expect(page.getByTestId('editor-context')).toContainText('From the editor');
  await shootBoth(page, testInfo, 'editor-context-dark-en');

  // The active file's chip removed: its whole text is not sent; the selection and the tabs are.
  await editorChip(page, 'file').getByRole('button', { name: 'Remove src/util.ts' }).click();
  await expect(editorChip(page, 'file')).toHaveCount(0);
  await expect(page.getByTestId('editor-chip')).toHaveCount(2);
  await page.getByTestId('start-task').fill(TASK.EDIT);
  await page.getByTestId('start-submit').click();
  await expect(page.getByTestId('session-view')).toBeVisible();
  await expect(page.getByTestId('session-row').first()).toHaveAttribute('data-status', 'completed');
  await shootBoth(page, testInfo, 'editor-context-session-dark-en');

  const first = (JSON.parse(JSON.stringify(app.model.chatRequests()[0].body.messages)) as { role: string; content: unknown }[])
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
    .join('\n');
  expect(first).toContain('Selected in the editor: src/util.ts, lines 3–4:');
  expect(first).toContain('    3| export function clamp(n: number, lo: number, hi: number): number {');
  expect(first).toContain('    4|   return Math.min(hi, Math.max(lo, n));');
  expect(first).toContain("Files open in the editor's tabs (names only; read_file reads one):\n- README.md\n- src/util.ts");
  // The removed chip: the file's own attachment (with its line 1) is not there.
  expect(first).not.toContain('UTIL_MARKER');
  expect(first).not.toContain('## @src/util.ts: src/util.ts (');
});

test('light and Chinese: the chips say an unsaved selection; Settings turns them off', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  app = await serveWithModel(workspace(), { globalSettings: { ui: { theme: 'light', language: 'zh-CN' }, agent: agentSettings } });

  await page.goto(app.served.url);
  await openAndSelect(page);
  await page.keyboard.type('// 改动'); // replaces the selection: the buffer has unsaved edits, line 3 is selected no more
  await page.keyboard.press('Shift+Home');
  await page.getByTestId('view-agent').click();
  await expect(editorChip(page, 'selection')).toHaveAttribute('data-ref', 'src/util.ts:3');
  await expect(editorChip(page, 'selection').getByTestId('editor-chip-note')).toHaveText('有未保存的修改：发送编辑器中的文本');
  await expect(editorChip(page, 'tabs')).toContainText('2 个打开的标签页');
  await expect(page.getByTestId('editor-context')).toContainText('来自编辑器');
  await shootBoth(page, testInfo, 'editor-context-light-zh');

  // Settings → Appearance: off, no chips; on again, they are back.
  await page.getByTestId('open-settings').click();
  const toggle = page.getByTestId('settings-editor-context');
  await expect(toggle).toBeChecked();
  await shootBoth(page, testInfo, 'editor-context-setting-light-zh', page.getByTestId('settings-appearance'));
  await toggle.click(); // it follows the core's answer (ui.setPrefs), as the language and theme do
  await expect(toggle).not.toBeChecked();
  await page.getByTestId('settings-close').click();
  await expect(page.getByTestId('start-task')).toBeVisible();
  await expect(page.getByTestId('editor-context')).toHaveCount(0);
  await page.getByTestId('open-settings').click();
  await page.getByTestId('settings-editor-context').click();
  await expect(page.getByTestId('settings-editor-context')).toBeChecked();
  await page.getByTestId('settings-close').click();
  await expect(page.getByTestId('editor-chip')).toHaveCount(3);
});
