import { expect, test, type Page } from '@playwright/test';
import { makeFixtureRepo, writeFiles } from './support/fixtureRepo';
import { serve, type Served } from './support/serve';
import { shootBoth } from './support/sessionsModel';

// Search in files (issue 13) in the real UI against `akira serve`: Ctrl+Shift+F focuses the query, a regular
// expression streams results grouped by file with the match highlighted (ignored files left out), the case toggle
// narrows them, an invalid pattern says why, a click or Enter opens the file at the match's line.

let served: Served | null = null;
test.afterEach(async () => {
  await served?.stop();
  served = null;
});

const fileRow = (page: Page, path: string) => page.locator(`[data-testid="search-file"][data-path="${path}"]`);
const matchRows = (page: Page, path: string) => page.locator(`[data-testid="search-match"][data-path="${path}"]`);
const status = (page: Page) => page.getByTestId('search-status');
/** The line Monaco's cursor is on. */
const cursorLine = (page: Page) => page.getByTestId('file-viewer').locator('.line-numbers.active-line-number');

test('search in files: Ctrl+Shift+F, a regex, results grouped with highlights, the case toggle, open at the line', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const repo = makeFixtureRepo();
  const long = Array.from({ length: 300 }, (_, i) => (i === 249 ? 'export const item = fetchItem(250);' : `// line ${i + 1}`));
  writeFiles(repo, {
    'src/api/users.ts': 'export async function fetchUser(id: number) {\n  return get(`/users/${id}`);\n}\nexport class FetchUserError extends Error {}\n',
    'src/api/orders.ts': 'import { fetchUser } from "./users";\n\nconst order = fetchOrder(1);\nconst user = fetchUser(order.userId);\n',
    'src/api/long.ts': `${long.join('\n')}\n`,
    'docs/api.md': '# API\n\nCall FetchUser() in docs.\n',
    'dist/bundle.js': 'fetchUser(1); fetchUser(2);\n',
  });
  served = await serve(repo);
  await page.goto(served.url);
  await expect(page.getByTestId('file-tree')).toBeVisible();

  // Ctrl+Shift+F opens the view with the query box focused.
  await page.keyboard.press('Control+Shift+F');
  await expect(page.getByTestId('search-view')).toBeVisible();
  await expect(page.getByTestId('search-query')).toBeFocused();
  await expect(page.getByTestId('view-search')).toHaveAttribute('aria-pressed', 'true');

  // A regular expression: results stream in, grouped by file with their counts, the match highlighted.
  await page.getByTestId('search-regex').click();
  await expect(page.getByTestId('search-regex')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('search-query').fill('fetch\\w+\\(');
  await expect(status(page)).toHaveText(/^5 results in 4 files \(ripgrep, \d+ ms\)$/);
  await expect(page.getByTestId('search-file')).toHaveCount(4);
  await expect(fileRow(page, 'dist/bundle.js')).toHaveCount(0); // ignored
  await expect(fileRow(page, 'src/api/orders.ts').getByTestId('search-count')).toHaveText('2');
  await expect(matchRows(page, 'src/api/orders.ts').locator('mark')).toHaveText(['fetchOrder(', 'fetchUser(']);
  await expect(matchRows(page, 'src/api/orders.ts').first()).toContainText('const order = fetchOrder(1);');
  await expect(matchRows(page, 'docs/api.md').locator('mark')).toHaveText('FetchUser(');
  await expect(page.getByRole('tree', { name: 'Search results' })).toBeVisible();
  await shootBoth(page, testInfo, 'search-regex');

  // Match case: FetchUser( in the docs is no match now.
  await page.getByTestId('search-case').click();
  await expect(status(page)).toHaveText(/^4 results in 3 files \(ripgrep, \d+ ms\)$/);
  await expect(fileRow(page, 'docs/api.md')).toHaveCount(0);

  // A file folds and unfolds.
  await fileRow(page, 'src/api/orders.ts').click();
  await expect(fileRow(page, 'src/api/orders.ts')).toHaveAttribute('aria-expanded', 'false');
  await expect(matchRows(page, 'src/api/orders.ts')).toHaveCount(0);
  await fileRow(page, 'src/api/orders.ts').click();
  await expect(matchRows(page, 'src/api/orders.ts')).toHaveCount(2);

  // A click on a match opens the file at its line.
  await matchRows(page, 'src/api/long.ts').click();
  await expect(page.getByTestId('file-viewer')).toHaveAttribute('data-path', 'src/api/long.ts');
  await expect(cursorLine(page)).toHaveText('250');
  await expect(page.getByTestId('file-viewer').locator('.view-lines')).toContainText('fetchItem(250)');
  await shootBoth(page, testInfo, 'search-opened');

  // From the keyboard: ↓ from the query box into the results, arrows, Enter opens.
  await page.getByTestId('search-query').focus();
  await page.keyboard.press('ArrowDown'); // into the results, on the match clicked
  await expect(page.getByTestId('search-results')).toBeFocused();
  await page.keyboard.press('Home'); // the first row: src/api/long.ts
  await page.keyboard.press('ArrowDown'); // its match
  await page.keyboard.press('ArrowDown'); // src/api/orders.ts
  await page.keyboard.press('ArrowDown'); // its first match, line 3
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('file-viewer')).toHaveAttribute('data-path', 'src/api/orders.ts');
  await expect(cursorLine(page)).toHaveText('3');

  // An invalid pattern says why; Ctrl+Shift+F from the editor comes back to the query.
  await page.getByTestId('file-viewer').locator('.view-lines').click();
  await page.keyboard.press('Control+Shift+F');
  await expect(page.getByTestId('search-query')).toBeFocused();
  await page.keyboard.type('fetch(');
  await expect(status(page)).toHaveText('Invalid regular expression: Unterminated group.');
  await expect(page.getByTestId('search-file')).toHaveCount(0);
  await shootBoth(page, testInfo, 'search-invalid');
});
