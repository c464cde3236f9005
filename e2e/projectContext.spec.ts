import { expect, test, type Locator, type Page } from '@playwright/test';
import { serveWithModel, type ServedWithModel } from './support/agentServe';
import { makeFixtureRepo, writeFiles } from './support/fixtureRepo';
import { scriptedSessions, shootBoth } from './support/sessionsModel';

// Project context in the UI (issue 11) against `akira serve` and the scripted model server: the `@` completion in
// the task box driven by the keyboard only (and its listbox semantics), the chips with context.resolve's sizes and
// errors and their remove buttons, images dropped or pasted (refused in words when they are no image, refused by
// the core for a model without vision), the rules line, the session's Context band, what the model's first
// request holds (AGENTS.md and the mentioned file), and "Ask the agent about this" from the file viewer into the
// task box and, while a session runs, into its message box.

let app: ServedWithModel | null = null;
test.afterEach(async () => {
  await app?.stop();
  app = null;
});

const AGENTS = '# House rules\n\nRULES-MARKER-7781: answer in plain words.\n';
const UTIL = "export const UTIL_MARKER = 'util-4242';\n\nexport function clamp(n: number, lo: number, hi: number): number {\n  return Math.min(hi, Math.max(lo, n));\n}\n";
const settings = { agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } } } };
/** A 24×24 PNG (a blue gradient) for the image chips. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAEE0lEQVR42hXUoa5AYACG4XNhJ4qiKIqiIFDMpvzFZgpBoJhN+YvNFH8QKGZT3mIzhegCjvNdwJO+vT+/LpqL7mK4mC6Wi+3iuHguoYtwSVxyl9KlcZEuvYtymV02F1xOl8fldfn59dF8dB/Dx/SxfGwfx8fzCX2ET+KT+5Q+jY/06X2Uz+yz+eBz+jw+r/9BAVqAHmAEmAFWgB3gBHgBYYAISALygDKgCZABfYAKmAO2AALOgCfgDT4oQovQI4wIM8KKsCOcCC8ijBARSUQeUUY0ETKij1ARc8QWQcQZ8US80QcJNIEuMASmwBLYAkfgCUKBECSCXFAKGoEU9AIlmAWbAMEpeASv+KAYLUaPMWLMGCvGjnFivJgwRsQkMXlMGdPEyJg+RsXMMVsMMWfME/PGH5SipegpRoqZYqXYKU6KlxKmiJQkJU8pU5oUmdKnqJQ5ZUsh5Ux5Ut70gzK0DD3DyDAzrAw7w8nwMsIMkZFk5BllRpMhM/oMlTFnbBlknBlPxpt9UIFWoBcYBWaBVWAXOAVeQVggCpKCvKAsaApkQV+gCuaCrYCCs+ApeIsPqtAq9AqjwqywKuwKp8KrCCtERVKRV5QVTYWs6CtUxVyxVVBxVjwVb/VBNVqNXmPUmDVWjV3j1Hg1YY2oSWrymrKmqZE1fY2qmWu2GmrOmqfmrT+oRWvRW4wWs8VqsVucFq8lbBEtSUveUrY0LbKlb1Etc8vWQsvZ8rS87QdJNIkuMSSmxJLYEkfiSUKJkCSSXFJKGomU9BIlmSWbBMkpeSSv/KAOrUPvMDrMDqvD7nA6vI6wQ3QkHXlH2dF0yI6+Q3XMHVsHHWfH0/F2HzSgDegDxoA5YA3YA86ANxAOiIFkIB8oB5oBOdAPqIF5YBtg4Bx4Bt7hg0a0EX3EGDFHrBF7xBnxRsIRMZKM5CPlSDMiR/oRNTKPbCOMnCPPyDt+0IQ2oU8YE+aENWFPOBPeRDghJpKJfKKcaCbkRD+hJuaJbYKJc+KZeKcPWtAW9AVjwVywFuwFZ8FbCBfEQrKQL5QLzYJc6BfUwrywLbBwLjwL7/JBK9qKvmKsmCvWir3irHgr4YpYSVbylXKlWZEr/YpamVe2FVbOlWflXT9oR9vRd4wdc8fasXecHW8n3BE7yU6+U+40O3Kn31E78862w8658+y8+weBBjoYYIIFNjjgQfgfHBLIoYTm/zf0oGCGjf+d8MDLBx1oB/qBcWAeWAf2gXPgHYQH4iA5yA/Kg+ZAHvQH6mA+2A44OA+eg/f4oAvtQr8wLswL68K+cC68i/BCXCQX+UV50VzIi/5CXcwX2wUX58Vz8V4fdKPd6DfGjXlj3dg3zo13E96Im+Qmvylvmht509+om/lmu+HmvHlu3ps/QZXUnU2ujPkAAAAASUVORK5CYII=';

function workspace(): string {
  const root = makeFixtureRepo(); // has src/util/math.ts too: `@ut` offers src/util/ and its file beside src/util.ts
  writeFiles(root, { 'AGENTS.md': AGENTS, 'src/util.ts': UTIL });
  return root;
}

type Dropped = { name: string; type: string; base64: string };

/** Drops files on an element (a drag from the file manager), or pastes them (a clipboard image). */
async function giveFiles(target: Locator, how: 'drop' | 'paste', files: Dropped[]) {
  await target.evaluate(
    (el, { how, files }) => {
      const dt = new DataTransfer();
      for (const f of files) dt.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
      if (how === 'paste') {
        el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
        return;
      }
      el.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
      el.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    },
    { how, files },
  );
}

/** ArrowDown until the popup's selected option is `label` (the keyboard only), at most `max` presses. */
async function arrowTo(page: Page, popup: Locator, label: string, max = 12) {
  for (let i = 0; i < max && (await popup.locator('[aria-selected="true"]').getAttribute('data-label')) !== label; i++) await page.keyboard.press('ArrowDown');
  await expect(popup.locator('[aria-selected="true"]')).toHaveAttribute('data-label', label);
}

const chip = (scope: Locator, ref: string) => scope.locator(`[data-testid="context-chip"][data-ref="${ref}"]`);

test('the task box: @ut completes to src/util.ts by keyboard, chips, images; the session gets AGENTS.md and the file', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  app = await serveWithModel(workspace(), { globalSettings: settings });
  const TASK = { CTX: 'CTX: explain' } as const;
  scriptedSessions(app, TASK, ['CTX']);

  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  const box = page.getByTestId('start-task');
  await expect(page.getByTestId('start-rules')).toHaveText('Rules: AGENTS.md');

  // `@ut`: the keywords do not match, the files and folders do, highlighted; the listbox semantics.
  await box.click();
  await page.keyboard.type(`${TASK.CTX} @ut`);
  const popup = page.getByTestId('mention-popup');
  const listbox = popup.getByRole('listbox');
  await expect(popup.locator('[data-label="src/util.ts"]')).toBeVisible();
  await expect(popup.locator('[data-label="src/util/"]')).toBeVisible();
  await expect(popup.locator('[data-label="diff"]')).toHaveCount(0);
  await expect(popup.locator('[data-label="src/util.ts"] mark').first()).toBeVisible();
  await expect(box).toHaveAttribute('aria-autocomplete', 'list');
  await expect(box).toHaveAttribute('aria-controls', (await listbox.getAttribute('id'))!);
  await expect(popup.getByRole('option')).not.toHaveCount(0);
  const active = await box.getAttribute('aria-activedescendant');
  expect(active).toBeTruthy();
  await expect(popup.locator(`[id="${active}"]`)).toHaveAttribute('aria-selected', 'true');
  await expect(popup.locator('[aria-selected="true"]')).toHaveCount(1);
  await shootBoth(page, testInfo, 'context-completion');

  // Down to src/util.ts, Enter picks it (the mention and a space) and starts nothing.
  await arrowTo(page, popup, 'src/util.ts');
  await expect(popup.locator(`[id="${await box.getAttribute('aria-activedescendant')}"]`)).toHaveAttribute('data-label', 'src/util.ts');
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue(`${TASK.CTX} @src/util.ts `);
  await expect(popup).toBeHidden();
  await expect(box).toBeFocused();
  await expect(page.getByTestId('session-row')).toHaveCount(0);

  // Its chip, with context.resolve's size.
  const chips = page.getByTestId('start-chips');
  await expect(chip(chips, 'src/util.ts')).toBeVisible();
  await expect(chip(chips, 'src/util.ts').getByTestId('context-chip-size')).toHaveText(/^~\d+ tokens?$/);

  // Escape closes the list without picking; the text stays as typed.
  await page.keyboard.type('@pro');
  await expect(popup.locator('[data-label="problems"]')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(box).toHaveValue(`${TASK.CTX} @src/util.ts @pro`);
  for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace');

  // Tab picks a keyword; a space closes the list; a mention of a missing file is a red chip; × removes a mention.
  await page.keyboard.type('@di');
  await expect(popup.locator('[aria-selected="true"]')).toHaveAttribute('data-label', 'diff');
  await page.keyboard.press('Tab');
  await expect(box).toHaveValue(`${TASK.CTX} @src/util.ts @diff `);
  await expect(box).toBeFocused();
  await page.keyboard.type('@nope.ts ');
  await expect(popup).toBeHidden();
  await expect(chip(chips, 'nope.ts').getByTestId('context-chip-error')).toHaveText('No such file: nope.ts');
  await expect(chip(chips, 'diff')).toBeVisible();

  // Images: a text file is refused in words, a dropped PNG and a pasted one are chips.
  await giveFiles(box, 'drop', [{ name: 'notes.txt', type: 'text/plain', base64: btoa('hello') }]);
  await expect(page.getByTestId('image-error')).toHaveText('notes.txt is not an image Akira can send (PNG, JPEG, GIF or WebP).');
  await giveFiles(box, 'drop', [{ name: 'login page.png', type: 'image/png', base64: PNG }]);
  await giveFiles(box, 'paste', [{ name: 'image.png', type: 'image/png', base64: PNG }]);
  await expect(page.getByTestId('image-chip')).toHaveCount(2);
  await expect(page.getByTestId('image-error')).toBeHidden();
  await expect(page.locator('[data-testid="image-chip"][data-name="login page.png"] img')).toBeVisible();
  await shootBoth(page, testInfo, 'context-chips', page.getByTestId('sessions-panel'));

  // The scripted model has no `vision: true`: the start is refused and says so, as start errors are shown.
  await page.getByTestId('start-submit').click();
  await expect(page.getByTestId('start-error')).toContainText('is not set up for images');
  await expect(page.getByTestId('session-row')).toHaveCount(0);
  for (const name of ['login page.png', 'image-2.png']) await page.getByRole('button', { name: `Remove image ${name}` }).click();
  await expect(page.getByTestId('image-chip')).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove @nope.ts' }).click();
  await page.getByRole('button', { name: 'Remove @diff' }).click();
  await expect(box).toHaveValue(`${TASK.CTX} @src/util.ts `);
  await expect(chips.getByTestId('context-chip')).toHaveCount(1);

  // Start (Ctrl+Enter): the session shows its context — the rules file and the attached file.
  await box.press('Control+Enter');
  await expect(page.getByTestId('session-view')).toBeVisible();
  const band = page.getByTestId('session-context');
  await expect(band.locator('[data-testid="session-rule"][data-path="AGENTS.md"]')).toBeVisible();
  await expect(band.locator('[data-testid="session-rule"][data-path="AGENTS.md"]')).toContainText(/~\d+ tokens?/);
  await expect(chip(band, 'src/util.ts')).toBeVisible();
  await expect(chip(band, 'src/util.ts').getByTestId('context-chip-size')).toHaveText(/^~\d+ tokens?$/);
  await expect(page.getByTestId('session-row').first()).toHaveAttribute('data-status', 'completed');
  await shootBoth(page, testInfo, 'context-session');

  // The model's first request holds the rules and the file.
  const first = JSON.stringify(app.model.chatRequests()[0].body.messages);
  expect(first).toContain('RULES-MARKER-7781');
  expect(first).toContain("UTIL_MARKER = 'util-4242'");
});

test('Ask the agent about this: from the viewer into the task box, and into a running session’s message box', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  app = await serveWithModel(workspace(), { globalSettings: settings });
  const TASK = { HELD: 'HELD: wait for me' } as const;
  const model = scriptedSessions(app, TASK, ['HELD'], { held: 'HELD' });

  // No session: the header's button puts `@src/util.ts ` in the task box, focused.
  await page.goto(app.served.url);
  await page.locator('[data-testid="tree-row"][data-path="src"]').click();
  await page.locator('[data-testid="tree-row"][data-path="src/util.ts"]').click();
  await expect(page.getByTestId('file-viewer').locator('.view-lines')).toContainText('UTIL_MARKER');
  await shootBoth(page, testInfo, 'context-ask-button', page.getByTestId('editor-header'));
  await page.getByTestId('ask-agent').click();
  const box = page.getByTestId('start-task');
  await expect(box).toHaveValue('@src/util.ts ');
  await expect(box).toBeFocused();
  await expect(chip(page.getByTestId('start-chips'), 'src/util.ts')).toBeVisible();

  // The context menu (Shift+F10) with lines 3 and 4 selected: `@src/util.ts:3-4 ` is added.
  await page.getByTestId('view-files').click();
  await page.getByTestId('file-viewer').locator('.view-lines').click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+End');
  await page.keyboard.press('Shift+F10');
  // Monaco's menu lives in a shadow root (the locator pierces it).
  const item = page.locator('.monaco-menu .action-label', { hasText: 'Ask the agent about this' });
  await expect(item).toBeVisible();
  await shootBoth(page, testInfo, 'context-ask-menu');
  await item.click();
  await expect(box).toHaveValue('@src/util.ts @src/util.ts:3-4 ');
  await expect(box).toBeFocused();

  // A running session shown: Ask goes to its message box, where `@` completes too.
  await box.fill(`${TASK.HELD} `);
  await page.getByTestId('start-submit').click();
  await expect(page.getByTestId('session-view')).toBeVisible();
  await expect.poll(() => model.calls.length).toBe(1); // HELD waits for its model
  await page.getByTestId('view-files').click();
  // The file's tab kept its selection (lines 3–4, issue 13's tabs keep their view state), so Ask names those lines.
  await page.getByTestId('ask-agent').click();
  const message = page.getByTestId('message-input');
  await expect(message).toHaveValue('@src/util.ts:3-4 ');
  await expect(message).toBeFocused();
  await expect(box).toHaveValue('');
  await page.keyboard.type('and @REA');
  const popup = page.getByTestId('mention-popup');
  await expect(popup.locator('[data-label="README.md"]')).toBeVisible();
  await shootBoth(page, testInfo, 'context-message');
  await arrowTo(page, popup, 'README.md');
  await page.keyboard.press('Enter');
  await expect(message).toHaveValue('@src/util.ts:3-4 and @README.md ');
  await expect(chip(page.getByTestId('message-chips'), 'README.md')).toBeVisible();
  await expect(page.getByTestId('message-chips').getByTestId('context-chip')).toHaveCount(2);
  model.release();
  await expect(page.getByTestId('session-row').first()).toHaveAttribute('data-status', 'completed');
});
