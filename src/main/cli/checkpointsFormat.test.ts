import { describe, expect, it } from 'vitest';
import type { CommandResult } from '../../shared/contract';
import { formatPrune } from './checkpointsFormat';
import { checkpointsStrings } from './checkpointsStrings';

// `akira checkpoints prune`'s notes in the CLI's language (issue 14); the built command is tested in checkpointsPrune.test.ts.

const result = (over: Partial<CommandResult<'checkpoints.prune'>> = {}): CommandResult<'checkpoints.prune'> => ({
  dryRun: true,
  retentionDays: 30,
  retentionSource: 'global',
  removed: [],
  kept: 2,
  notes: ['.akira/settings.json sets checkpoints.retentionDays to 5, shorter than the global setting (30): a workspace can only keep checkpoints longer, so 30 days apply.'],
  usage: { diskBytes: 0, bytes: 0, checkpoints: 2, storeDir: '/s' },
  ...over,
});

describe('formatPrune', () => {
  it('says a note in Chinese from its words, and in English without them (an older core)', () => {
    const zh = checkpointsStrings['zh-CN'];
    const words = [{ key: 'checkpoint.retentionNotShortened', values: [5, 'global', 30] }];
    expect(formatPrune(result({ noteWords: words }), zh, 'zh-CN')).toContain('.akira/settings.json 把 checkpoints.retentionDays 设为 5，比全局设置（30）短');
    expect(formatPrune(result(), zh, 'zh-CN')).toContain('shorter than the global setting (30)');
    expect(formatPrune(result({ noteWords: words }), checkpointsStrings.en)).toContain('shorter than the global setting (30)');
  });
});
