import { parseMentions, removeMention, type Mention } from '../../../../shared/context/mentions';
import type { AttachmentPreview } from '../../../../shared/contract';

/**
 * The chips under a task or message box, pure: one per mention of the text (the shared parser, deduped by ref),
 * each with context.resolve's preview of it once that answered; what is sent to context.resolve (only the
 * mentions, so that typing plain words asks nothing); and the text without a chip's mention.
 */

export interface MentionChip {
  mention: Mention;
  /** context.resolve's answer for this ref; null until it came (or when it failed). */
  preview: AttachmentPreview | null;
}

/**
 * The text's mentions, the first of each ref. `typingAt`: the start of the mention the completion is open on,
 * left out (a half-typed `@src/ut` is not a chip yet).
 */
export function uniqueMentions(text: string, typingAt: number | null = null): Mention[] {
  const seen = new Set<string>();
  return parseMentions(text).filter((m) => {
    if (m.start === typingAt || seen.has(m.ref)) return false;
    seen.add(m.ref);
    return true;
  });
}

/** The mentions as written, one space apart: what context.resolve is asked about (its query key). */
export const mentionsText = (text: string, mentions: readonly Mention[]): string => mentions.map((m) => text.slice(m.start, m.end)).join(' ');

export function chipsOf(mentions: readonly Mention[], previews: readonly AttachmentPreview[] | undefined): MentionChip[] {
  const byRef = new Map((previews ?? []).map((p) => [p.ref, p]));
  return mentions.map((mention) => ({ mention, preview: byRef.get(mention.ref) ?? null }));
}

/** The text without any mention of `ref` (a chip's remove button), each taking one space next to it along. */
export function withoutMention(text: string, ref: string): string {
  const hits = parseMentions(text).filter((m) => m.ref === ref);
  // From the last to the first, so the earlier positions stay right.
  return hits.reverse().reduce((t, m) => removeMention(t, m), text);
}
