import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { appStrings } from '../src/renderer/src/app/appStrings';
import { gitStrings } from '../src/renderer/src/features/git/gitStrings';
import { wordsText } from '../src/shared/errors';
import type { Language } from '../src/shared/i18n';
import { noGitPath } from '../src/testing/noGitPath';
import { serve, type Served } from './support/serve';

// Issue 25: `akira serve` on a machine without git (PATH: node, a shell and env only), in a folder that is not a
// repository. The app opens; the Changes view and the status bar say git is not installed and how to install it, the
// Timeline says why checkpoints are off, the worktree option says why not; the file tree and the editor work. Shot in
// dark/English and light/Chinese at 1400×860 and 1100×700 into test-results/screens/nogit-<theme>-<lang>-<view>*.png.

const SCREENS = resolve(__dirname, '..', 'test-results', 'screens');
const SIZES = [
  { width: 1400, height: 860, suffix: '' },
  { width: 1100, height: 700, suffix: '-1100x700' },
] as const;
const RUNS: { theme: 'dark' | 'light'; language: Language }[] = [
  { theme: 'dark', language: 'en' },
  { theme: 'light', language: 'zh-CN' },
];

let served: Served | null = null;
let path: { dir: string; cleanup: () => Promise<void> } | null = null;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true });
  path = await noGitPath();
  const folder = mkdtempSync(join(tmpdir(), 'akira-nogit-'));
  writeFileSync(join(folder, 'hello.js'), "console.log('hello without git');\n");
  served = await serve(folder, { PATH: path.dir });
});

test.afterAll(async () => {
  await served?.stop();
  await path?.cleanup();
});

async function api(name: string, params: object): Promise<unknown> {
  const res = await fetch(`${served!.origin}/api/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${served!.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  const body = (await res.json()) as { result?: unknown; error?: unknown };
  if (body.error) throw new Error(`${name}: ${JSON.stringify(body.error)}`);
  return body.result;
}

for (const { theme, language } of RUNS) {
  test(`without git: Changes, Timeline and the worktree option say so (${theme}, ${language})`, async ({ page }) => {
    await api('ui.setPrefs', { theme, language });
    await page.goto(served!.url);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const shot = async (view: string) => {
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.screenshot({ path: join(SCREENS, `nogit-${theme}-${language}-${view}${size.suffix}.png`) });
      }
      await page.setViewportSize({ width: 1400, height: 860 });
    };

    // The editor works: a file opens from the tree.
    await page.getByTestId('view-files').click();
    await page.locator('[data-testid="tree-row"][data-path="hello.js"]').click();
    await expect(page.getByTestId('file-viewer').locator('.view-lines')).toContainText('hello without git');

    // The Changes view: git is not installed, and how to install it; the status bar says it too.
    await page.getByTestId('view-changes').click();
    const noGit = page.getByTestId('changes-no-git');
    await expect(noGit).toContainText(gitStrings[language].gitMissing);
    await expect(noGit.locator('code')).toHaveText('https://git-scm.com/downloads');
    await expect(page.getByTestId('changes-not-repo')).toHaveCount(0);
    await expect(page.getByTestId('status-branch')).toContainText(appStrings[language].gitMissing);
    await shot('changes');

    // The Timeline: why checkpoints are off.
    await page.getByTestId('view-timeline').click();
    await expect(page.getByTestId('timeline-off')).toHaveText(wordsText({ key: 'checkpoint.needGit', values: [] }, language)!);
    await shot('timeline');

    // The start form's worktree option: off, with why.
    await page.getByTestId('view-agent').click();
    await expect(page.getByTestId('start-worktree')).toBeDisabled();
    await expect(page.getByTestId('start-worktree-reason')).toContainText(wordsText({ key: 'spec.gitNotInstalled', values: [] }, language)!);
    await shot('agent');
  });
}
