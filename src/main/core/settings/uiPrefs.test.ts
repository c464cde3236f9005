import { afterEach, describe, expect, it } from 'vitest';
import { startSettingsKit, type SettingsKit } from '../../../testing/settingsKit';
import type { UiPrefsT } from '../../../shared/contract';

let kit: SettingsKit | null = null;
afterEach(async () => {
  await kit?.close();
  kit = null;
});

describe('ui.getPrefs / ui.setPrefs', () => {
  it('follow the system by default and save ui.language / ui.theme beside the other settings', async () => {
    kit = await startSettingsKit({ globalSettings: { model: { model: 'llama3' }, recentFolders: ['/x'] } });
    expect(await kit.call('ui.getPrefs')).toEqual({ language: null, theme: 'system' });
    const seen: UiPrefsT[] = [];
    const off = kit.core.bus.on('ui.onPrefsChanged', (p) => seen.push(p));
    expect(await kit.call('ui.setPrefs', { language: 'zh-CN', theme: 'light' })).toEqual({ language: 'zh-CN', theme: 'light' });
    expect(await kit.readGlobal()).toEqual({ model: { model: 'llama3' }, recentFolders: expect.arrayContaining(['/x']), ui: { language: 'zh-CN', theme: 'light' } });
    // Absent leaves a field; null / 'system' remove it (the file keeps only what the user chose).
    expect(await kit.call('ui.setPrefs', { theme: 'dark' })).toEqual({ language: 'zh-CN', theme: 'dark' });
    expect(await kit.call('ui.setPrefs', { language: null, theme: 'system' })).toEqual({ language: null, theme: 'system' });
    expect((await kit.readGlobal()).ui).toBeUndefined();
    off();
    expect(seen).toEqual([
      { language: 'zh-CN', theme: 'light' },
      { language: 'zh-CN', theme: 'dark' },
      { language: null, theme: 'system' },
    ]);
  });

  it('refuse a language or theme Akira does not have, and read a hand-written bad value as the default', async () => {
    kit = await startSettingsKit({ globalSettings: { ui: { language: 'fr', theme: 'pink' } } });
    expect(await kit.call('ui.getPrefs')).toEqual({ language: null, theme: 'system' });
    expect((await kit.fail('ui.setPrefs', { language: 'fr' as never })).code).toBe('bad_request');
    expect((await kit.fail('ui.setPrefs', { theme: 'pink' as never })).code).toBe('bad_request');
    expect((await kit.readGlobal()).ui).toEqual({ language: 'fr', theme: 'pink' });
  });

  it('keep ui.editorContext only when it is turned off (issue 25)', async () => {
    kit = await startSettingsKit({ globalSettings: { ui: { theme: 'dark' } } });
    expect(await kit.call('ui.setPrefs', { editorContext: false })).toEqual({ language: null, theme: 'dark', editorContext: false });
    expect((await kit.readGlobal()).ui).toEqual({ theme: 'dark', editorContext: false });
    expect(await kit.call('ui.getPrefs')).toEqual({ language: null, theme: 'dark', editorContext: false });
    expect(await kit.call('ui.setPrefs', { editorContext: true })).toEqual({ language: null, theme: 'dark' });
    expect((await kit.readGlobal()).ui).toEqual({ theme: 'dark' });
  });
});
