import { useEffect, useRef, useState } from 'react';
import type { EventData } from '../../../../shared/contract';
import { useEvent } from '../../client/ClientContext';
import { formatsNow, textOf } from '../../i18n';
import { timelineStrings } from './timelineStrings';

export type CheckpointProgress = EventData<'checkpoints.onProgress'>;

/** Operations shorter than this show no bar (no flicker on the quick incremental checkpoints). */
const SHOW_AFTER_MS = 300;
/** Without news for this long the operation is taken as finished (a 'done' may never come). */
const QUIET_MS = 1500;

/**
 * The running checkpoint operation's progress (first checkpoint on a big tree, restore…), or null.
 * Fed by `checkpoints.onProgress`; hidden on 'done', on `checkpoints.onChanged`, or after a quiet spell.
 */
export function useCheckpointProgress(): CheckpointProgress | null {
  const [shown, setShown] = useState<CheckpointProgress | null>(null);
  const since = useRef(0);
  const quietTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stop = () => {
    if (quietTimer.current) clearTimeout(quietTimer.current);
    quietTimer.current = null;
    since.current = 0;
    setShown(null);
  };

  useEvent('checkpoints.onProgress', (progress) => {
    if (progress.phase === 'done') return stop();
    const now = Date.now();
    if (!since.current) since.current = now;
    // Shown once news keeps coming past the threshold: a quick operation's last event never shows a bar.
    if (now - since.current >= SHOW_AFTER_MS) setShown(progress);
    if (quietTimer.current) clearTimeout(quietTimer.current);
    quietTimer.current = setTimeout(stop, QUIET_MS);
  });
  useEvent('checkpoints.onChanged', stop);

  useEffect(
    () => () => {
      if (quietTimer.current) clearTimeout(quietTimer.current);
    },
    [],
  );
  return shown;
}

type Words = (typeof timelineStrings)['en'];
const phaseWord = (t: Words): Record<CheckpointProgress['phase'], string> => ({
  scanning: t.phaseScanning,
  hashing: t.phaseHashing,
  writing: t.phaseWriting,
  restoring: t.phaseRestoring,
  done: t.phaseDone,
});
const operationWord = (t: Words): Record<string, string> => ({
  create: t.opCreate,
  restore: t.opRestore,
  preview: t.opPreview,
  diff: t.opDiff,
  prune: t.opPrune,
  recover: t.opRecover,
  'warm-up': t.opWarmUp,
});

/** "Checkpoint: Scanning 12,345 files…", "Restore: Reading changed files 120 / 3,000…". */
export function progressText(p: CheckpointProgress): string {
  const t = textOf(timelineStrings);
  const n = formatsNow().number;
  const what = operationWord(t)[p.operation] ?? p.operation.charAt(0).toUpperCase() + p.operation.slice(1);
  const count = p.total > 0 ? `${n(p.done)} / ${n(p.total)}` : t.progressFiles(n(p.done));
  return t.progress(what, phaseWord(t)[p.phase], count);
}

/** 0..1 when the total is known, null when it is not (an indeterminate bar). */
export function progressFraction(p: CheckpointProgress): number | null {
  return p.total > 0 ? Math.max(0, Math.min(1, p.done / p.total)) : null;
}
