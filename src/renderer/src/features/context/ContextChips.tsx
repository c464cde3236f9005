import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AttachmentKind } from '../../../../shared/context/contextShapes';
import { useClient } from '../../client/ClientContext';
import { formatBytes } from '../../ui/ViewerMessage';
import { resolveQuery } from './contextQueries';
import { KIND_ICON, kindLabel, tokensText } from './contextWords';
import { contextStrings } from './contextStrings';
import { useReasonText, useText } from '../../i18n';
import type { ErrorWords } from '../../../../shared/errors';
import { chipsOf, mentionsText, uniqueMentions, withoutMention } from './mentionChips';
import type { AttachedImage } from './useImageAttachments';
import { useDebounced } from './useDebounced';

/** The wait before context.resolve is asked about the mentions (typing in between shares one ask). */
const RESOLVE_MS = 250;

/**
 * The chips under a task or message box: one per mention of its text (deduped by ref) with what context.resolve
 * says about it (its size, how it was shortened on hover, why it cannot be attached in red), then one per image;
 * each with a remove button that takes it out of the text (or the images). `typingAt`: the mention the completion
 * is open on, not a chip yet.
 */
export function ContextChips({ text, onTextChange, typingAt, images, onRemoveImage, testId }: { text: string; onTextChange(text: string): void; typingAt: number | null; images: readonly AttachedImage[]; onRemoveImage(id: number): void; testId: string }) {
  const t = useText(contextStrings);
  const client = useClient();
  const mentions = uniqueMentions(text, typingAt);
  const asked = useDebounced(mentionsText(text, mentions), RESOLVE_MS);
  const previews = useQuery({ ...resolveQuery(client, asked), enabled: asked !== '', placeholderData: keepPreviousData });
  const chips = chipsOf(mentions, previews.data?.attachments);
  if (!chips.length && !images.length) return null;
  return (
    <ul className="ctx-chips" aria-label={t.attachedContext} data-testid={testId}>
      {chips.map(({ mention, preview }) => (
        <AttachmentChip
          key={mention.ref}
          kind={mention.kind}
          refText={mention.ref}
          title={preview?.title ?? null}
          tokens={preview?.tokens ?? null}
          note={preview?.note ?? null}
          error={preview?.error ?? null}
          errorWords={preview?.errorWords}
          onRemove={() => onTextChange(withoutMention(text, mention.ref))}
        />
      ))}
      {images.map((image) => (
        <ImageChip key={image.id} name={image.name} bytes={image.bytes} url={image.url} onRemove={() => onRemoveImage(image.id)} />
      ))}
    </ul>
  );
}

/** One mention as a chip: its kind, `@ref`, its size or its error; a remove button when it can be taken out. */
export function AttachmentChip({
  kind,
  refText,
  title,
  tokens,
  note,
  error: english,
  errorWords,
  onRemove,
}: {
  kind: AttachmentKind;
  refText: string;
  title: string | null;
  tokens: number | null;
  note: string | null;
  error: string | null;
  /** `error` in words (issue 14): said in the UI's language; without them the core's English. */
  errorWords?: ErrorWords;
  onRemove?(): void;
}) {
  const t = useText(contextStrings);
  const error = useReasonText()(english, errorWords);
  const hover = [title && title !== refText ? title : null, note, error].filter(Boolean).join(' — ') || `@${refText}`;
  return (
    <li className={`ctx-chip ${error ? 'ctx-chip-bad' : ''}`} data-testid="context-chip" data-ref={refText} data-kind={kind} title={hover}>
      <span className="ctx-chip-icon" role="img" aria-label={kindLabel(kind)}>
        {KIND_ICON[kind]}
      </span>
      <span className="ctx-chip-ref">@{refText}</span>
      {error ? (
        <span className="ctx-chip-error" data-testid="context-chip-error">
          {error}
        </span>
      ) : (
        tokens !== null && (
          <span className="ctx-chip-size" data-testid="context-chip-size">
            {tokensText(tokens)}
            {note && <span className="ctx-chip-cut" aria-label={`, ${note}`}> ✂</span>}
          </span>
        )
      )}
      {onRemove && (
        <button type="button" className="ctx-chip-remove" aria-label={t.removeMention(refText)} onClick={onRemove}>
          ×
        </button>
      )}
    </li>
  );
}

/** An image as a chip: its thumbnail (when there is one), name and size; a remove button while it is not sent. */
export function ImageChip({ name, bytes, url, onRemove }: { name: string; bytes: number; url?: string; onRemove?(): void }) {
  const t = useText(contextStrings);
  return (
    <li className="ctx-chip ctx-chip-image" data-testid="image-chip" data-name={name} title={`${name} (${formatBytes(bytes)})`}>
      {url ? <img className="ctx-chip-thumb" src={url} alt="" /> : <span className="ctx-chip-icon" aria-hidden="true">▣</span>}
      <span className="ctx-chip-ref">{name}</span>
      {onRemove && (
        <button type="button" className="ctx-chip-remove" aria-label={t.removeImage(name)} onClick={onRemove}>
          ×
        </button>
      )}
    </li>
  );
}
