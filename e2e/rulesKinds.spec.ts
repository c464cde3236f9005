import { expect, test, type Locator } from '@playwright/test';
import { CORPUS_TASK, RULES_CORPUS } from '../src/testing/rulesCorpus';
import { serveWithModelEachTest } from './support/agentServe';
import { makeFixtureRepo } from './support/fixtureRepo';
import { scriptedSessions, shootBoth } from './support/sessionsModel';

// Every common kind of rules file in the UI (issue 24), against `akira serve` and the scripted model server, on the
// corpus the project writes itself (src/testing/rulesCorpus.ts): the rules line under the task box names them, and a
// session's Context band shows each file the session uses with its tool, why it is there (a mentioned file its
// globs match, `#name`, the session's mode, listed by its description), the copy sent once, and the problems of a
// malformed front matter and a bad glob in words; the conditional rules that do not apply are not there. The
// model's first request holds the rules the band shows. Then the same band in Chinese.

const serveForTest = serveWithModelEachTest();
const settings = (language: string) => ({ ui: { language }, agent: { mode: 'autonomous', policy: { autoApprove: { write: true, command: true } } } });
const rule = (band: Locator, path: string) => band.locator(`[data-testid="session-rule"][data-path="${path}"]`);

test('the Context band shows the rules of every kind a session uses, why, and their problems', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const app = await serveForTest(makeFixtureRepo(RULES_CORPUS), { globalSettings: settings('en') });
  const TASK = { RULES: `RULES: ${CORPUS_TASK}` } as const;
  scriptedSessions(app, TASK, ['RULES']);

  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  const line = page.getByTestId('start-rules');
  for (const path of ['AGENTS.md', 'GEMINI.md', '.cursor/rules/core.mdc', '.windsurf/rules/always.md', '.roo/rules/01-general.md', '.github/copilot-instructions.md', '.kiro/steering/product.md']) {
    await expect(line).toContainText(path);
  }
  await expect(line).not.toContainText('.cursor/rules/styles.mdc');

  await page.getByTestId('start-task').fill(TASK.RULES);
  await page.getByTestId('start-submit').click();
  await expect(page.getByTestId('session-view')).toBeVisible();
  await expect(page.getByTestId('session-row').first()).toHaveAttribute('data-status', 'completed');
  const band = page.getByTestId('session-context');

  // Every kind is there.
  for (const kind of ['akira', 'agents', 'claude', 'gemini', 'cline', 'cursor', 'windsurf', 'roo', 'copilot', 'kiro']) {
    await expect(band.locator(`[data-testid="session-rule"][data-kind="${kind}"]`).first(), kind).toBeVisible();
  }
  await expect(rule(band, '.kiro/steering/tech.md').getByTestId('session-rule-kind')).toHaveText('Kiro steering');
  // Why each conditional one is there.
  await expect(rule(band, '.cursor/rules/api.mdc').getByTestId('session-rule-why')).toHaveText('for src/api/orders.ts');
  await expect(rule(band, '.kiro/steering/api-standards.md').getByTestId('session-rule-why')).toHaveText('for src/api/orders.ts');
  await expect(rule(band, '.github/instructions/api.instructions.md').getByTestId('session-rule-why')).toHaveText('for src/api/orders.ts');
  await expect(rule(band, '.kiro/steering/release-checklist.md').getByTestId('session-rule-why')).toHaveText('asked for with #release-checklist');
  await expect(rule(band, '.roo/rules-autonomous/01-autonomy.md').getByTestId('session-rule-why')).toHaveText('autonomous mode');
  await expect(rule(band, '.cursor/rules/migrations.mdc').getByTestId('session-rule-why')).toHaveText('listed: the agent reads it when it applies');
  await expect(rule(band, '.cursor/rules/migrations.mdc')).toHaveAttribute('title', /How to write a database migration/);
  await expect(rule(band, 'CLAUDE.md').getByTestId('session-rule-why')).toHaveText('same text as AGENTS.md: sent once');
  // Bad input said, the rule kept.
  await expect(rule(band, '.kiro/steering/broken.md').getByTestId('session-rule-problem')).toContainText('The front matter of .kiro/steering/broken.md could not be read');
  await expect(rule(band, '.cursor/rules/sql.mdc').getByTestId('session-rule-problem')).toContainText('.cursor/rules/sql.mdc: its globs cannot be used (db/[queries/*.sql');
  // The conditional rules that do not apply are not there.
  for (const path of ['.cursor/rules/styles.mdc', '.github/instructions/web.instructions.md', '.kiro/steering/components.md', '.windsurf/rules/tests.md', '.roo/rules-learn/01-teach.md', '.kiro/steering/deploy.md']) {
    await expect(rule(band, path), path).toHaveCount(0);
  }
  await shootBoth(page, testInfo, 'rules-kinds-session');
  await shootBoth(page, testInfo, 'rules-kinds-band', band);

  // The model's first request holds what the band shows.
  const first = JSON.stringify(app.model.chatRequests()[0].body.messages);
  for (const m of ['RULE-CURSOR-API', 'RULE-KIRO-RELEASE', 'RULE-ROO-MODE-AUTONOMOUS', 'RULE-COPILOT-REPO', 'RULE-GEMINI', 'RULE-WINDSURF-ALWAYS']) expect(first, m).toContain(m);
  for (const m of ['RULE-CURSOR-STYLES', 'RULE-KIRO-COMPONENTS', 'RULE-ROO-MODE-LEARN']) expect(first, m).not.toContain(m);
});

test('the band in Chinese: kinds, reasons and problems in words', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const app = await serveForTest(makeFixtureRepo(RULES_CORPUS), { globalSettings: settings('zh-CN') });
  const TASK = { RULES: `RULES: ${CORPUS_TASK}` } as const;
  scriptedSessions(app, TASK, ['RULES']);

  await page.setViewportSize({ width: 1400, height: 860 });
  await page.goto(app.served.url);
  await page.getByTestId('view-agent').click();
  await page.getByTestId('start-task').fill(TASK.RULES);
  await page.getByTestId('start-submit').click();
  await expect(page.getByTestId('session-row').first()).toHaveAttribute('data-status', 'completed');
  const band = page.getByTestId('session-context');
  await expect(rule(band, '.kiro/steering/tech.md').getByTestId('session-rule-kind')).toHaveText('Kiro 引导');
  await expect(rule(band, '.cursor/rules/api.mdc').getByTestId('session-rule-why')).toHaveText('适用于 src/api/orders.ts');
  await expect(rule(band, 'CLAUDE.md').getByTestId('session-rule-why')).toHaveText('与 AGENTS.md 内容相同：只发送一次');
  await expect(rule(band, '.kiro/steering/broken.md').getByTestId('session-rule-problem')).toContainText('无法读取 .kiro/steering/broken.md 的前置元数据');
  await shootBoth(page, testInfo, 'rules-kinds-band-zh', band);
});
