import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { FrameClient } from '../../src/testing/wsClient';
import { reply } from '../../src/testing/openaiReplies';
import type { Language } from '../../src/shared/i18n';
import { serveWithModel, type ServedWithModel } from './agentServe';
import { plan } from './agentScripts';
import { makeFixtureRepo } from './fixtureRepo';
import { serve, type Served } from './serve';

/**
 * The main views of Akira in one served workspace, for the theme/language screenshots and the accessibility pass
 * (issue 14). One `akira serve` with the scripted model, set up once: two manual checkpoints around an edit made on
 * disk (so the Changes view has a modified and an untracked file, and the Timeline a checkpoint with a diff), then a
 * session that plans two TODOs, runs a command (a terminal card) and proposes notes.md, which waits in Review. Beside
 * it, a second `akira serve` whose folder was closed shows the Welcome screen with its recent folder. Every view is
 * then opened in one page by `openView`, in the order of `MAIN_VIEWS`.
 *
 *   const run = await setUpMainViews();
 *   await run.setPrefs('light', 'zh-CN');
 *   for (const view of MAIN_VIEWS) { await openView(page, run, view); … }
 *   await run.stop();
 */

export type Theme = 'dark' | 'light';
export const THEMES: readonly Theme[] = ['dark', 'light'];
export const LANGUAGES: readonly Language[] = ['en', 'zh-CN'];

/** In the order `openView` expects them (each from the state the previous one left). */
export const MAIN_VIEWS = ['welcome', 'files', 'terminal', 'search', 'changes', 'timeline', 'review', 'agent', 'palette', 'settings'] as const;
export type MainView = (typeof MAIN_VIEWS)[number];

/** The views that show a Monaco editor (or diff editor) once open. */
export const MONACO_VIEWS: readonly MainView[] = ['files', 'changes', 'timeline', 'review'];

export const TASK = 'Write the notes and print the greeting';

export interface MainViewsRun {
  app: ServedWithModel;
  repo: string;
  /** The served app with no folder open (the Welcome screen). */
  welcome: Served;
  setPrefs(theme: Theme, language: Language): Promise<void>;
  /** Opens the app in `page` and waits until the session's change waits in Review. */
  load(page: Page): Promise<void>;
  stop(): Promise<void>;
}

export async function setUpMainViews(): Promise<MainViewsRun> {
  const repo = makeFixtureRepo();
  // Writes wait for review; commands run without asking; no plan approval.
  const app = await serveWithModel(repo, { globalSettings: { agent: { mode: 'autonomous', policy: { requirePlanApproval: false, autoApprove: { write: false, command: true } } } } });
  const ws = await FrameClient.connect(`${app.served.origin.replace('http', 'ws')}/ws?token=${app.served.token}`, { origin: app.served.origin });
  const ok = async (method: string, params?: unknown) => {
    const answer = await ws.request(method, params);
    if (answer.error) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
    return answer.result;
  };

  // A checkpoint, an edit on disk, another checkpoint: the Changes view and the Timeline's detail have a diff.
  await ok('checkpoints.create', { label: 'before the greeting change' });
  writeFileSync(join(repo, 'src', 'index.ts'), 'export function greet(name: string): string {\n  return `Hello there, ${name}!`;\n}\n');
  writeFileSync(join(repo, 'src', 'farewell.ts'), 'export const farewell = (name: string) => `Bye, ${name}`;\n');
  await ok('checkpoints.create', { label: 'after the greeting change' });

  app.model.enqueue(
    plan([
      { id: 't1', description: 'Write notes.md about the greeting', expectedResult: 'notes.md explains greet()' },
      { id: 't2', description: 'Print the greeting module', expectedResult: 'src/index.ts is shown' },
    ]),
    reply.toolCall('run_command', { command: 'echo checking the greeting && cat src/index.ts' }),
    reply.toolCall('write_file', { path: 'notes.md', content: '# Notes\n\n`greet(name)` says hello there.\n' }),
  );
  await ok('agent.start', { task: TASK });

  // The Welcome screen: another served folder, closed (it stays in the recent folders).
  const welcome = await serve(makeFixtureRepo());
  const welcomeWs = await FrameClient.connect(`${welcome.origin.replace('http', 'ws')}/ws?token=${welcome.token}`, { origin: welcome.origin });
  const closed = await welcomeWs.request('workspace.close', {});
  if (closed.error) throw new Error(`workspace.close: ${JSON.stringify(closed.error)}`);

  return {
    app,
    repo,
    welcome,
    setPrefs: async (theme, language) => {
      await ok('ui.setPrefs', { theme, language });
      const answer = await welcomeWs.request('ui.setPrefs', { theme, language });
      if (answer.error) throw new Error(`ui.setPrefs: ${JSON.stringify(answer.error)}`);
    },
    load: async (page) => {
      await page.goto(app.served.url);
      await expect(page.getByTestId('file-tree')).toBeVisible();
      await expect(page.getByTestId('review-badge')).toHaveText('1', { timeout: 30_000 });
    },
    stop: async () => {
      await ws.close();
      await welcomeWs.close();
      await welcome.stop();
      await app.stop();
    },
  };
}

const row = (page: Page, path: string) => page.locator(`[data-testid="tree-row"][data-path="${path}"]`);

/** Opens one main view from the state the previous one (in MAIN_VIEWS order) left, and waits until it is drawn. */
export async function openView(page: Page, run: MainViewsRun, view: MainView): Promise<void> {
  switch (view) {
    case 'welcome': {
      await page.goto(run.welcome.url);
      await expect(page.getByTestId('welcome')).toBeVisible();
      await expect(page.getByTestId('welcome-recent').getByRole('listitem')).toHaveCount(1);
      break;
    }
    case 'files': {
      await run.load(page);
      await page.getByTestId('view-files').click();
      await row(page, 'src').click();
      await row(page, 'src/index.ts').click();
      await expect(page.getByTestId('file-viewer').locator('.view-lines')).toContainText('Hello there');
      break;
    }
    case 'terminal': {
      // A shell of its own (the panel holds the agent's command already, so it opens none by itself).
      const tabs = page.getByTestId('terminal-tab');
      await expect(tabs.first()).toBeVisible(); // the panel has loaded its tabs
      const before = await tabs.count();
      await page.getByTestId('terminal-new').click();
      await expect(tabs).toHaveCount(before + 1);
      const shell = tabs.last();
      await expect(shell).toHaveClass(/active/);
      const terminal = page.locator(`[data-testid="terminal"][data-terminal-id="${await shell.getAttribute('data-terminal-id')}"]`);
      await expect(terminal).toBeVisible();
      await terminal.click();
      await page.keyboard.type('echo terminal-$((6*7))');
      await page.keyboard.press('Enter');
      await expect(terminal.locator('.xterm-rows')).toContainText('terminal-42');
      break;
    }
    case 'search': {
      await page.getByTestId('view-search').click();
      await page.getByTestId('search-query').fill('greet');
      await expect(page.getByTestId('search-file').first()).toBeVisible();
      await expect(page.getByTestId('search-match').first()).toBeVisible();
      break;
    }
    case 'changes': {
      await page.getByTestId('view-changes').click();
      const modified = page.locator('[data-testid="change-row"][data-path="src/index.ts"]');
      await expect(modified).toBeVisible();
      await expect(page.locator('[data-testid="change-row"][data-path="src/farewell.ts"]')).toBeVisible();
      await modified.click();
      await expect(page.locator('.editor-area .monaco-diff-editor').first()).toBeVisible();
      break;
    }
    case 'timeline': {
      await page.getByTestId('view-timeline').click();
      const after = page.getByTestId('checkpoint-row').filter({ hasText: 'after the greeting change' });
      await expect(after).toHaveCount(1);
      await after.click();
      const detail = page.locator('.editor-area [data-testid="checkpoint-detail"]');
      await expect(detail).toBeVisible();
      await detail.locator('[data-testid="checkpoint-file"][data-path="src/index.ts"]').click();
      await expect(page.locator('.editor-area [data-testid="diff-viewer"] .editor.modified')).toContainText('Hello there');
      break;
    }
    case 'review': {
      await page.getByTestId('view-review').click();
      const item = page.locator('[data-testid="review-item"][data-path="notes.md"]');
      await expect(item).toBeVisible();
      await item.click();
      await expect(page.getByTestId('review-diff-host')).toHaveAttribute('data-diff-ready', /.+/);
      await expect(page.getByTestId('review-hunk').first()).toBeVisible();
      break;
    }
    case 'agent': {
      await page.getByTestId('view-agent').click();
      const sessionRow = page.getByTestId('session-row').first();
      if (!(await page.getByTestId('session-view').isVisible())) await sessionRow.click();
      await expect(page.getByTestId('session-view')).toBeVisible();
      await expect(page.getByTestId('board').getByTestId('todo-card')).toHaveCount(2);
      await expect(page.getByTestId('activity').getByTestId('card-terminal').first()).toContainText('checking the greeting');
      break;
    }
    case 'palette': {
      await page.keyboard.press('Control+Shift+P');
      await expect(page.getByTestId('command-palette')).toBeVisible();
      await expect(page.getByTestId('command-palette').getByRole('option').first()).toBeVisible();
      break;
    }
    case 'settings': {
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('command-palette')).toHaveCount(0);
      await page.getByTestId('open-settings').click();
      await expect(page.getByTestId('settings')).toBeVisible();
      break;
    }
  }
}

/** The element that stands for a view (its background is the theme's), for checks. */
export function viewRoot(page: Page, view: MainView): Locator {
  switch (view) {
    case 'welcome':
      return page.getByTestId('welcome');
    case 'files':
      return page.getByTestId('file-tree');
    case 'terminal':
      return page.getByTestId('terminal-panel');
    case 'search':
      return page.getByTestId('search-view');
    case 'changes':
      return page.getByTestId('changes-panel');
    case 'timeline':
      return page.locator('.editor-area [data-testid="checkpoint-detail"]');
    case 'review':
      return page.getByTestId('review-diff-host');
    case 'agent':
      return page.getByTestId('session-view');
    case 'palette':
      return page.getByTestId('command-palette');
    case 'settings':
      return page.getByTestId('settings');
  }
}

/** The first non-transparent background colour at or above the element, as [r, g, b]. */
export function effectiveBackground(what: Locator): Promise<[number, number, number]> {
  return what.first().evaluate((el) => {
    for (let e: Element | null = el; e; e = e.parentElement) {
      const c = getComputedStyle(e).backgroundColor;
      const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(c);
      if (m && (m[4] === undefined || Number(m[4]) > 0.5)) return [Number(m[1]), Number(m[2]), Number(m[3])] as [number, number, number];
    }
    return [255, 255, 255] as [number, number, number]; // the canvas
  });
}

/** WCAG relative luminance of an sRGB colour. */
export function luminance([r, g, b]: readonly number[]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
