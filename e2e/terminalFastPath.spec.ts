import { expect, test, type Page } from '@playwright/test';
import { makeFixtureRepo } from './support/fixtureRepo';
import { serve, type Served } from './support/serve';

// Issue 16: the UI's data path for terminal output. The page asks for binary frames (the pinned JSON
// terminal.onData stays for other clients: src/main/server/wsTerminalFrames.test.ts), draws with the DOM
// renderer on a software rasteriser (as here) and with WebGL where asked or on a real GPU, falling back to the
// DOM renderer when the WebGL context is lost; Ctrl+C stops a flood.

let served: Served;

test.beforeAll(async () => {
  served = await serve(makeFixtureRepo());
});
test.afterAll(async () => {
  await served?.stop();
});

async function openTerminal(page: Page) {
  await page.goto(served.url);
  const terminal = page.getByTestId('terminal').first();
  await terminal.click();
  return terminal;
}

test('terminal output reaches the page as binary frames, and the screen shows it', async ({ page }) => {
  const frames = { binary: 0, jsonOnData: 0 };
  page.on('websocket', (ws) => {
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string') frames.binary++;
      else if ((JSON.parse(payload) as { event?: string }).event === 'terminal.onData') frames.jsonOnData++;
    });
  });
  const terminal = await openTerminal(page);
  await page.keyboard.type('echo fast-$((6*7))\n');
  await expect(terminal.locator('.xterm-rows')).toContainText('fast-42');
  expect(frames.binary).toBeGreaterThan(0);
  expect(frames.jsonOnData).toBe(0);
});

test('draws with the DOM renderer on a software rasteriser', async ({ page }) => {
  const terminal = await openTerminal(page);
  await expect(terminal).toHaveAttribute('data-renderer', 'dom');
  await page.keyboard.type('echo dom-$((2*4))\n');
  await expect(terminal.locator('.xterm-rows')).toContainText('dom-8');
});

test('draws with WebGL when asked, and falls back to the DOM renderer when the context is lost', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('akira.terminalRenderer', 'webgl'));
  const terminal = await openTerminal(page);
  await expect(terminal).toHaveAttribute('data-renderer', 'webgl');
  await expect(terminal.locator('canvas').first()).toBeAttached();
  // Lose every WebGL context of the terminal (a driver reset, a GPU process crash).
  await page.evaluate(() => {
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>('[data-testid="terminal"] canvas')) {
      const gl = canvas.getContext('webgl2');
      gl?.getExtension('WEBGL_lose_context')?.loseContext();
    }
  });
  await expect(terminal).toHaveAttribute('data-renderer', 'dom', { timeout: 15_000 });
  await terminal.click();
  await page.keyboard.type('echo back-$((3*5))\n');
  await expect(terminal.locator('.xterm-rows')).toContainText('back-15');
});

test('Ctrl+C stops an endless flood, and the shell answers at once', async ({ page }) => {
  const terminal = await openTerminal(page);
  await page.keyboard.type('yes ctrl-c-flood\n');
  await expect(terminal.locator('.xterm-rows')).toContainText('ctrl-c-flood');
  await page.waitForTimeout(1000);
  await page.keyboard.press('Control+c');
  await page.keyboard.type('echo stopped-$((4*4))\n');
  await expect(terminal.locator('.xterm-rows')).toContainText('stopped-16', { timeout: 15_000 });
  // Nothing of the flood follows the prompt.
  const text = await terminal.locator('.xterm-rows').innerText();
  expect(text.slice(text.lastIndexOf('stopped-16'))).not.toContain('ctrl-c-flood');
});
