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
