import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../testing/tempTree';
import { createSettingsStore } from '../core/settings/settingsStore';
import { desktopStrings } from './desktopStrings';
import { allowedHostsOf, confirmationOf, confirmDialog, createExternalOpener, needsConfirmation, type Confirmation } from './externalLinks';
import { externalTarget } from './navigation';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function setup(answers: Confirmation[], initial?: unknown) {
  const { dir, cleanup } = await tempDir('akira-links-');
  cleanups.push(cleanup);
  if (initial !== undefined) await writeFile(join(dir, 'settings.json'), JSON.stringify(initial));
  const settings = await createSettingsStore(dir);
  const asked: string[] = [];
  const opened: string[] = [];
  const open = createExternalOpener<string>({
    settings,
    confirm: async (target, context) => {
      asked.push(`${target.host} (${context})`);
      return answers.shift() ?? 'cancel';
    },
    open: async (url) => void opened.push(url),
  });
  const file = async () => JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'));
  return { open, asked, opened, file };
}

describe('opening links outside the app', () => {
  it('asks before a host the user has not allowed; "Always" remembers it in settings.json (ui.allowedExternalHosts)', async () => {
    const { open, asked, opened, file } = await setup(['cancel', 'open', 'always'], { recentFolders: ['/p'], model: { model: 'm' }, ui: { theme: 'dark' } });
    expect(await open('https://example.com/a', 'win')).toBe('cancelled');
    expect(await open('https://example.com/b', 'win')).toBe('opened');
    expect(asked).toEqual(['example.com (win)', 'example.com (win)']);
    expect(opened).toEqual(['https://example.com/b']);
    expect((await file()).ui).toEqual({ theme: 'dark' }); // "Open" once remembers nothing

    expect(await open('https://GitHub.com/x', 'win')).toBe('opened');
    expect(await open('https://github.com/y', 'win')).toBe('opened'); // no second question
    expect(asked).toHaveLength(3);
    expect(opened.slice(1)).toEqual(['https://github.com/x', 'https://github.com/y']);
    expect(await file()).toEqual({ recentFolders: ['/p'], model: { model: 'm' }, ui: { theme: 'dark', allowedExternalHosts: ['github.com'] } });
  });

  it('an allowed host is exact: not its subdomains, another port or a look-alike', async () => {
    const { open, asked } = await setup([], { ui: { allowedExternalHosts: ['github.com'] } });
    for (const url of ['https://gist.github.com/', 'https://github.com:8443/', 'https://github.com.evil.example/', 'https://github.com@evil.example/']) await open(url, 'w');
    expect(asked).toEqual(['gist.github.com (w)', 'github.com:8443 (w)', 'github.com.evil.example (w)']); // the last one is refused outright
  });

  it('never opens other schemes, and asks nothing for them', async () => {
    const { open, asked, opened } = await setup(['always']);
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'akira://app/index.html']) expect(await open(url, 'w'), url).toBe('refused');
    expect(asked).toEqual([]);
    expect(opened).toEqual([]);
  });

  it('decision helpers: the allowed list, which hosts need a question, the dialog and its answers', () => {
    expect(allowedHostsOf({ ui: { allowedExternalHosts: ['A.example', 3, null, 'b.example'] } })).toEqual(['a.example', 'b.example']);
    expect(allowedHostsOf({ ui: 'x' })).toEqual([]);
    expect(allowedHostsOf({})).toEqual([]);
    const target = externalTarget('https://docs.example/page')!;
    expect(needsConfirmation(target, ['docs.example'])).toBe(false);
    expect(needsConfirmation(target, ['example', 'other.example'])).toBe(true);
    const dialog = confirmDialog(target);
    expect(dialog.buttons).toEqual(['Open', 'Always open docs.example', 'Cancel']);
    expect(dialog.cancelId).toBe(2);
    expect(dialog.defaultId).toBe(2);
    expect(dialog.detail).toContain('https://docs.example/page');
    expect([0, 1, 2, -1].map(confirmationOf)).toEqual(['open', 'always', 'cancel', 'cancel']);
    const chinese = confirmDialog(target, desktopStrings['zh-CN']);
    expect(chinese.message).toBe('在浏览器中打开 docs.example？');
    expect(chinese.buttons).toEqual(['打开', '总是打开 docs.example', '取消']);
  });
});
