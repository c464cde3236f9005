import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { appStrings } from '../src/renderer/src/app/appStrings';
import type { Language } from '../src/shared/i18n';
import { effectiveBackground, LANGUAGES, luminance, MAIN_VIEWS, MONACO_VIEWS, openView, setUpMainViews, THEMES, viewRoot, type MainView, type MainViewsRun, type Theme } from './support/mainViews';

// Issue 14: the main views in both themes and both languages. For each of {dark, light} × {en, zh-CN} every main
// view is opened in the same served workspace (one scripted session, set up once: a change waiting in Review,
// checkpoints, git changes; and the Welcome screen of a second served app with its folder closed) and shot at 1400×860 and 1100×700 into test-results/screens/<theme>-<lang>-<view>.png
// (and …-1100x700.png). Per view: <html lang> and data-theme are the chosen ones, the view's background is dark or
// light as the theme says, Monaco and xterm follow the theme, and a few words already in the catalogs (the activity
// bar, the status bar) are in the chosen language. Many views still speak English under zh-CN while their words move
// to catalogs: only the converted words are checked.

const SCREENS = resolve(__dirname, '..', 'test-results', 'screens');
const SIZES = [
  { width: 1400, height: 860, suffix: '' },
  { width: 1100, height: 700, suffix: '-1100x700' },
] as const;

let run: MainViewsRun | null = null;
/** `${lang}/${view}` → theme → the view's background, to compare the themes once all have run. */
const backgrounds = new Map<string, Partial<Record<Theme, [number, number, number]>>>();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  mkdirSync(SCREENS, { recursive: true });
  run = await setUpMainViews();
});

test.afterAll(async () => {
  await run?.stop();
  run = null;
});

async function checkApplied(page: Page, theme: Theme, language: Language, view: MainView) {
  const where = `${theme}-${language}-${view}`;
  const html = page.locator('html');
  await expect(html, where).toHaveAttribute('lang', language);
  await expect(html, where).toHaveAttribute('data-theme', theme);

  // The view's background is the theme's: dark (luminance near 0) or light (near 1).
  const background = await effectiveBackground(viewRoot(page, view));
  const lum = luminance(background);
  if (theme === 'dark') expect(lum, `${where}: background rgb(${background}) is not dark`).toBeLessThan(0.1);
  else expect(lum, `${where}: background rgb(${background}) is not light`).toBeGreaterThan(0.7);
  const seen = backgrounds.get(`${language}/${view}`) ?? {};
  seen[theme] = background;
  backgrounds.set(`${language}/${view}`, seen);

  // Monaco follows the theme (its base class, vs or vs-dark, and its background).
  if (MONACO_VIEWS.includes(view)) {
    const editor = page.locator('.editor-area .monaco-editor[role="code"]').first();
    await expect(editor, where).toHaveClass(theme === 'dark' ? /\bvs-dark\b/ : /\bvs\b/);
    const editorLum = luminance(await effectiveBackground(editor.locator('.monaco-editor-background').first()));
    if (theme === 'dark') expect(editorLum, `${where}: Monaco's background`).toBeLessThan(0.1);
    else expect(editorLum, `${where}: Monaco's background`).toBeGreaterThan(0.7);
  }
  // xterm follows the theme (the terminal panel is on screen in every view but the modal ones cover it).
  const xterm = page.locator('[data-testid="terminal-panel"] .xterm-viewport').first();
  if (await xterm.isVisible()) {
    const termLum = luminance(await effectiveBackground(xterm));
    if (theme === 'dark') expect(termLum, `${where}: the terminal's background`).toBeLessThan(0.1);
    else expect(termLum, `${where}: the terminal's background`).toBeGreaterThan(0.7);
  }

  // Words already in a catalog: the Welcome screen's, the activity bar's names and the connection in the status bar.
  const words = appStrings[language];
  if (view === 'welcome') {
    await expect(page.getByTestId('welcome'), where).toContainText(words.welcomeLead);
    await expect(page.getByTestId('welcome-open-folder'), where).toHaveText(words.openFolder);
    return;
  }
  await expect(page.getByTestId('view-files'), where).toHaveAttribute('aria-label', words.files);
  await expect(page.getByTestId('view-timeline'), where).toHaveAttribute('aria-label', words.timeline);
  await expect(page.locator('.statusbar'), where).toContainText(words.connected);
}

async function shoot(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.screenshot({ path: join(SCREENS, `${name}${size.suffix}.png`) });
  }
  await page.setViewportSize({ width: SIZES[0].width, height: SIZES[0].height });
}

for (const theme of THEMES) {
  for (const language of LANGUAGES) {
    test(`the main views in the ${theme} theme, in ${language}`, async ({ page }) => {
      test.setTimeout(180_000); // nine views, eighteen screenshots
      await run!.setPrefs(theme, language);
      for (const view of MAIN_VIEWS) {
        await test.step(view, async () => {
          await openView(page, run!, view);
          await checkApplied(page, theme, language, view);
          await shoot(page, `${theme}-${language}-${view}`);
        });
      }
    });
  }
}

test('every view looks different in the two themes', async () => {
  expect(backgrounds.size).toBe(LANGUAGES.length * MAIN_VIEWS.length);
  for (const [key, seen] of backgrounds) expect(seen.dark, key).not.toEqual(seen.light);
});
