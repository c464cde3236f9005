import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogProblems } from '../../../testing/i18n/catalogCheck';
import { catalogFiles, isCatalog, repoRoot } from '../../../testing/i18n/textFiles';
import { defineText } from '../../../shared/i18n';

// Every `*Strings.ts` catalog: each message in English and Chinese, of the same kind, none empty, none left in English.
describe('the text catalogs', () => {
  const files = catalogFiles();

  it('are found', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  for (const file of files) {
    it(`${relative(repoRoot, file)} has every message in both languages`, async () => {
      const module = (await import(file)) as Record<string, unknown>;
      const catalogs = Object.entries(module).filter(([, v]) => isCatalog(v));
      expect(catalogs.length, 'a *Strings.ts file exports at least one defineText catalog').toBeGreaterThan(0);
      const problems = catalogs.flatMap(([name, catalog]) => catalogProblems(name, catalog as never));
      expect(problems).toEqual([]);
    });
  }

  it('catch a missing, empty, mismatched or untranslated message', () => {
    const broken = defineText({
      en: { title: 'Review', empty: 'Nothing here', count: (n: number) => `${n} files`, shortcut: 'Ctrl+S', same: 'Git' },
      'zh-CN': { title: 'Review', empty: ' ', count: (n: number) => `${n} 个文件`, shortcut: 'Ctrl+S', same: 'Git' },
    });
    const missing = { en: { a: 'Open', b: 'Close' }, 'zh-CN': { a: '打开', c: '关闭' } };
    expect(catalogProblems('broken', broken)).toEqual(['broken.title: not translated ("Review")', 'broken.empty: empty']);
    expect(catalogProblems('missing', missing as never)).toEqual(['missing.b: missing in zh-CN', 'missing.c: in zh-CN but not in en']);
  });
});
