import { describe, expect, it } from 'vitest';
import { draftOf, useDraftStore } from './draftStore';

describe('draftStore', () => {
  it('keeps each box’s text and images apart, a patch changing only what it names', () => {
    const { patch } = useDraftStore.getState();
    patch('task', { text: 'fix @src/a.ts ' });
    patch('message:s1', { text: 'also this' });
    patch('task', { images: [{ id: 1, name: 'a.png', mediaType: 'image/png', bytes: 3, url: 'data:image/png;base64,AAA' }] });
    expect(draftOf('task').text).toBe('fix @src/a.ts ');
    expect(draftOf('task').images.map((i) => i.name)).toEqual(['a.png']);
    expect(draftOf('message:s1')).toEqual({ text: 'also this', images: [] });
    expect(draftOf('message:other')).toEqual({ text: '', images: [] });
  });
});
