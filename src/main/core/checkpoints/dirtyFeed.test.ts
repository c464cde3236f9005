import { rename, rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDirtyFeed } from './dirtyFeed';
import { filesOf, makeEnv, treeState, type TestEnv } from '../../../testing/checkpointWorkspace';

let env: TestEnv | null = null;
afterEach(async () => {
  await env?.cleanup();
  env = null;
});

describe('change feed', () => {
  it('is trusted only when complete since the scan behind the cache began', () => {
    const feed = createDirtyFeed('/ws');
    feed.markDirty(['/ws/a.txt', 'b/c.txt', '/elsewhere/x', '/ws']);
    expect(feed.take(Date.now())).toBeNull(); // not declared complete: walk
    feed.setComplete(true);
    const since = Date.now();
    feed.markDirty(['a.txt']);
    expect(feed.take(since - 1000)).toBeNull(); // the cache predates the feed: walk
    feed.markDirty(['/ws/a.txt', 'b/c.txt/', '/elsewhere/x']);
    expect(feed.take(since + 1)?.sort()).toEqual(['a.txt', 'b/c.txt']);
    expect(feed.take(since + 1)).toEqual([]);
    feed.markAllDirty();
    expect(feed.take(since + 1)).toBeNull();
    feed.setComplete(false);
    expect(feed.take(since + 1)).toBeNull();
  });

  it('stays bounded: more distinct paths than its limit make the next checkpoint walk, and nothing is kept meanwhile', () => {
    const feed = createDirtyFeed('/ws', 1000);
    feed.setComplete(true);
    const since = Date.now();
    expect(feed.take(since + 1)).toBeNull(); // the first checkpoint walks
    feed.markDirty(Array.from({ length: 1000 }, (_, i) => `a${i}`));
    expect(feed.take(since + 1)).toHaveLength(1000); // at the limit: still the paths
    feed.markDirty(Array.from({ length: 2500 }, (_, i) => `/ws/storm${i}.tmp`));
    expect(feed.take(since + 1)).toBeNull(); // beyond: walk
    feed.markAllDirty();
    for (let i = 0; i < 5000; i++) feed.markDirty([`/ws/more${i}`]);
    expect(feed.size()).toBe(0); // everything is dirty already: no path is kept
    expect(feed.take(since + 1)).toBeNull();
    feed.markDirty(['b.txt']);
    expect(feed.take(since + 1)).toEqual(['b.txt']); // trusted again after the walk
  });

  it('a feed-based checkpoint captures exactly what a full walk would for the reported paths', async () => {
    env = await makeEnv({ 'a.txt': 'a\n', 'dir/b.txt': 'b\n', 'dir/sub/c.txt': 'c\n', 'keep.txt': 'k\n' });
    env.service.setFeedComplete(true);
    await new Promise((r) => setTimeout(r, 5));
    const first = await env.service.create({ label: 'walk' });
    expect(first.scan).toBe('walk');

    await env.write('a.txt', 'a2\n');
    await env.write('new/deep/n.txt', 'n\n');
    await rename(join(env.root, 'dir'), join(env.root, 'moved'));
    await unlink(join(env.root, 'keep.txt'));
    env.service.markDirty(['a.txt', 'new', join(env.root, 'dir'), join(env.root, 'moved'), 'keep.txt']);
    const fed = await env.service.create({ label: 'fed' });
    expect(fed.scan).toBe('feed');
    const fedFiles = (await env.service.diff(null, fed.id)).files.map((f) => f.path).sort();
    const onDisk = [...filesOf(await treeState(env.root, (rel) => rel === '.akira')).keys()].sort();
    expect(fedFiles).toEqual(onDisk);

    env.service.markAllDirty();
    await rm(join(env.root, 'new'), { recursive: true });
    const walked = await env.service.create({ label: 'walked' });
    expect(walked.scan).toBe('walk');
    expect((await env.service.get(walked.id)).files.map((f) => [f.path, f.status])).toEqual([['new/deep/n.txt', 'deleted']]);
  });
});
