import { describe, expect, it } from 'vitest';
import type { SettingsLayerT } from '../../../../shared/contract';
import { buildUpdate, formFromLayer } from './settingsForm';
import { sandboxPatch } from './sandboxForm';

const layer = (sandbox?: SettingsLayerT['agent']['sandbox']): SettingsLayerT => ({ model: {}, models: {}, agent: sandbox ? { mode: 'code-dev', sandbox } : { mode: 'code-dev' } });

describe('the Sandbox section of the settings form', () => {
  it('sends agent.sandbox only when it changed, so saving the rest keeps the file’s', () => {
    const saved = layer({ mode: 'required', network: { allow: ['pypi.org'] } });
    const form = formFromLayer(saved);
    expect(form.sandbox).toEqual({ mode: 'required', allow: ['pypi.org'], denyRead: null, allowWrite: null, allowRead: null });
    const update = buildUpdate({ ...form, mode: 'autonomous' }, saved, 'global');
    expect('input' in update && update.input.agent).not.toHaveProperty('sandbox');
  });

  it('sends the whole layer when a part changed: a mode, an own list (entries trimmed), or back to inherited (null)', () => {
    const saved = layer();
    const form = formFromLayer(saved);
    const off = buildUpdate({ ...form, sandbox: { ...form.sandbox, mode: 'off', allowWrite: [' ~/.cache/pip ', ''] } }, saved, 'global');
    expect('input' in off && off.input.agent?.sandbox).toEqual({ mode: 'off', allowWrite: ['~/.cache/pip'] });
    // An own empty list is kept: no domains at all is not the same as the inherited ones.
    expect(sandboxPatch({ mode: '', allow: [], denyRead: null, allowWrite: null, allowRead: null }, saved)).toEqual({ network: { allow: [] } });
    expect(sandboxPatch({ mode: '', allow: null, denyRead: null, allowWrite: null, allowRead: null }, layer({ mode: 'off' }))).toBeNull();
  });
});
