import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useClient } from '../../client/ClientContext';
import { useFormats, useReasonText, useText } from '../../i18n';
import { timelineStrings } from './timelineStrings';
import { formatBytes } from '../../ui/ViewerMessage';
import { checkpointNow } from './checkpointNow';
import { usageQuery } from './timelineQueries';
import { TimelineList } from './TimelineList';
import { createTimelineLoader, useTimelineStore } from './timelineStore';
import { progressFraction, progressText, useCheckpointProgress } from './useCheckpointProgress';
import { useTimelineSync } from './useTimelineSync';
import './timeline.css';

/** "Checkpoint now" with an optional label; never blocks the UI (the list and diffs stay usable). */
function CreateForm({ onCreated }: { onCreated(): void }) {
  const t = useText(timelineStrings);
  const client = useClient();
  const [label, setLabel] = useState('');
  const busy = useTimelineStore((s) => s.creating);
  const note = useTimelineStore((s) => s.createNote);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await checkpointNow(client, label);
    if (!done) return;
    if (done.tone === 'ok') {
      setLabel('');
      onCreated();
    }
  };

  return (
    <form className="tl-create" onSubmit={submit}>
      <div className="tl-create-line">
        <input
          className="tl-input"
          value={label}
          maxLength={200}
          placeholder={t.labelPlaceholder}
          aria-label={t.labelAria}
          data-testid="checkpoint-label"
          onChange={(e) => setLabel(e.target.value)}
        />
        <button className="tl-button primary" type="submit" disabled={busy} data-testid="checkpoint-create" title={t.checkpointNowTitle}>
          {busy ? t.checkpointing : t.checkpointNow}
        </button>
      </div>
      {note && (
        <div className={`tl-create-note ${note.tone === 'error' ? 'error-text' : ''}`} role={note.tone === 'error' ? 'alert' : 'status'} data-testid="checkpoint-create-note">
          {note.text}
        </div>
      )}
    </form>
  );
}

function ProgressBar() {
  useText(timelineStrings); // progressText's words follow the language
  const progress = useCheckpointProgress();
  if (!progress) return null;
  const fraction = progressFraction(progress);
  return (
    <div className="tl-progress" role="progressbar" aria-valuenow={fraction === null ? undefined : Math.round(fraction * 100)} data-testid="checkpoint-progress">
      <div className="tl-progress-text">{progressText(progress)}</div>
      <div className="tl-progress-track">
        <div className={`tl-progress-fill ${fraction === null ? 'indeterminate' : ''}`} style={fraction === null ? undefined : { width: `${fraction * 100}%` }} />
      </div>
    </div>
  );
}

function UsageFooter() {
  const t = useText(timelineStrings);
  const f = useFormats();
  const client = useClient();
  const usage = useQuery(usageQuery(client));
  const total = useTimelineStore((s) => s.total);
  return (
    <div className="tl-footer" data-testid="checkpoint-usage" title={usage.data ? t.storeTitle(usage.data.storeDir) : undefined}>
      {usage.data ? (
        <>
          <span>{t.onDisk(formatBytes(usage.data.diskBytes))}</span>
          <span className="tl-footer-dim">{t.checkpoints(usage.data.checkpoints, f.number(usage.data.checkpoints))}</span>
        </>
      ) : usage.isError ? (
        <span className="error-text">{t.storeUnknown(usage.error.message)}</span>
      ) : (
        <span className="tl-footer-dim">{total ? t.checkpoints(total, f.number(total)) : t.measuring}</span>
      )}
    </div>
  );
}

/** The Timeline view: take checkpoints, browse them newest first, compare and restore. */
export function TimelinePanel() {
  const t = useText(timelineStrings);
  const client = useClient();
  const queryClient = useQueryClient();
  const loader = useMemo(() => createTimelineLoader(client), [client]);
  const loaded = useTimelineStore((s) => s.loaded);
  const count = useTimelineStore((s) => s.items.length);
  const error = useTimelineStore((s) => s.error);
  const offWords = useTimelineStore((s) => s.offWords);
  const reasonText = useReasonText();
  useTimelineSync(loader);

  const onCreated = () => {
    loader.refresh();
    void queryClient.invalidateQueries({ queryKey: ['checkpoints.usage'] });
  };

  // Checkpoints are off (git is not installed): say why and how to install it, instead of an empty list.
  if (offWords) {
    return (
      <div className="timeline" data-testid="timeline">
        <div className="empty tl-empty" role="status" data-testid="timeline-off">
          {reasonText(t.checkpointsOff, offWords)}
        </div>
      </div>
    );
  }

  return (
    <div className="timeline" data-testid="timeline">
      <CreateForm onCreated={onCreated} />
      <ProgressBar />
      {loaded && count === 0 && !error ? (
        <div className="empty tl-empty" data-testid="timeline-empty">
          {t.empty}
        </div>
      ) : (
        <TimelineList loader={loader} />
      )}
      <UsageFooter />
    </div>
  );
}
