import { afterEach, describe, expect, it } from 'vitest';
import type { FileEntry } from '../../../../shared/contract';
import { ClientError, type AkiraClient } from '../../client/client';
import { createTreeLoader, useTreeStore } from './treeStore';
import { heldAnswers } from '../../../../testing/heldAnswers';

/**
 * An in-memory backend standing in for the core (the loader is what is under test): folders map to
 * entry names, listed in order with the contract's paging.
 */
function backend(initial: Record<string, string[]>) {
  const folders = new Map(Object.entries(initial));
  const calls: { path: string; offset: number; limit: number }[] = [];
  const held = heldAnswers();
  const client = {
    async invoke(name: string, input: { path: string; offset: number; limit: number }) {
      if (name !== 'workspace.list') throw new Error(`unexpected ${name}`);
      calls.push(input);
      const wait = held.pending();
      if (wait) await wait;
      const names = folders.get(input.path);
      if (!names) throw new ClientError('not_found', `No such file or folder: ${input.path}`);
      const entries: FileEntry[] = names.slice(input.offset, input.offset + input.limit).map((n) => ({
        name: n,
        path: input.path ? `${input.path}/${n}` : n,
        kind: folders.has(input.path ? `${input.path}/${n}` : n) ? 'dir' : 'file',
      }));
      const end = input.offset + entries.length;
      return { path: input.path, entries, total: names.length, nextOffset: end < names.length ? end : null };
    },
  } as unknown as AkiraClient;
  return {
    client,
    folders,
    calls,
    hold: held.hold,
  };
}

const state = () => useTreeStore.getState();
const names = (path: string) => state().folders[path]?.entries.map((e) => e.name);
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
};

afterEach(() => state().reset());

describe('tree loader', () => {
  it('loads a folder once, then pages with "more"', async () => {
    const b = backend({ '': ['a', 'b', 'c', 'd', 'e'] });
    const loader = createTreeLoader(b.client, useTreeStore, 2);
    loader.ensure('');
    loader.ensure('');
    await settle();
    expect(names('')).toEqual(['a', 'b']);
    expect(state().folders['']).toMatchObject({ total: 5, nextOffset: 2, loading: false });
    expect(b.calls).toHaveLength(1);
    loader.more('');
    await settle();
    loader.more('');
    await settle();
    expect(names('')).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(state().folders[''].nextOffset).toBeNull();
  });

  it('refreshes as many entries as were shown, coalescing repeated requests', async () => {
    const b = backend({ '': ['a', 'b', 'c', 'd', 'e'] });
    const loader = createTreeLoader(b.client, useTreeStore, 2);
    loader.ensure('');
    await settle();
    loader.more('');
    await settle();
    b.folders.set('', ['0', 'a', 'b', 'c', 'd', 'e']);
    const before = b.calls.length;
    const release = b.hold();
    loader.refresh(['']);
    loader.refresh(['']);
    loader.refresh(['']);
    release();
    await settle();
    expect(names('')).toEqual(['0', 'a', 'b', 'c']);
    expect(b.calls.slice(before)).toEqual([{ path: '', offset: 0, limit: 4 }]);
  });

  it('records errors on the folder and forgets folders that vanished on refresh', async () => {
    const b = backend({ '': ['gone'], gone: ['x'] });
    const loader = createTreeLoader(b.client, useTreeStore, 10);
    loader.ensure('nope');
    loader.ensure('gone');
    await settle();
    expect(state().folders.nope).toMatchObject({ loading: false, error: 'No such file or folder: nope' });
    expect(names('gone')).toEqual(['x']);
    b.folders.delete('gone');
    loader.refresh(['gone']);
    await settle();
    expect(state().folders.gone).toBeUndefined();
  });

  it('drops answers that arrive after a reset (another workspace was opened)', async () => {
    const b = backend({ '': ['old'] });
    const loader = createTreeLoader(b.client, useTreeStore, 10);
    const release = b.hold();
    loader.ensure('');
    await settle();
    loader.reset();
    release();
    await settle();
    expect(state().folders['']).toBeUndefined();
  });
});
