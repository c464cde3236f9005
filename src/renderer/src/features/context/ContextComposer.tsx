import type { RefObject } from 'react';
import { ContextChips } from './ContextChips';
import { MentionInput, type MentionInputProps } from './MentionInput';
import type { ImageAttachments } from './useImageAttachments';
import { useMentionCompletion } from './useMentionCompletion';
import './context.css';

/**
 * A task or message box with its project context: the `@` completion (MentionInput), the chips of its mentions
 * and images under it, and images pasted or dropped on it (useImageAttachments, owned by the caller, which sends
 * them). Used by the Agent panel's start form and a session's message box.
 *
 *   const images = useImageAttachments();
 *   <ContextComposer value={task} onChange={setTask} images={images} inputRef={ref} chipsTestId="start-chips" textarea={{…}} />
 */
export function ContextComposer({
  value,
  onChange,
  images,
  inputRef,
  placement = 'below',
  chipsTestId,
  className = '',
  textarea,
}: {
  value: string;
  onChange(text: string): void;
  images: ImageAttachments;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  placement?: 'below' | 'above';
  chipsTestId: string;
  className?: string;
  textarea: Omit<MentionInputProps, 'value' | 'onChange' | 'completion' | 'inputRef' | 'placement'>;
}) {
  const completion = useMentionCompletion(value, onChange, inputRef);
  const errorId = `${chipsTestId}-image-error`;
  return (
    <div
      className={`ctx-composer ${images.dragging ? 'dragging' : ''} ${className}`}
      onPaste={images.onPaste}
      onDrop={images.onDrop}
      onDragOver={images.onDragOver}
      onDragLeave={images.onDragLeave}
    >
      <MentionInput {...textarea} value={value} onChange={onChange} completion={completion} inputRef={inputRef} placement={placement} aria-describedby={images.error ? errorId : textarea['aria-describedby']} />
      <ContextChips
        text={value}
        onTextChange={(text) => {
          onChange(text);
          inputRef.current?.focus();
        }}
        typingAt={completion.typingAt}
        images={images.images}
        onRemoveImage={(id) => {
          images.remove(id);
          inputRef.current?.focus();
        }}
        testId={chipsTestId}
      />
      {images.error && (
        <div className="ctx-image-error error-text" role="alert" id={errorId} data-testid="image-error">
          {images.error}
        </div>
      )}
    </div>
  );
}
