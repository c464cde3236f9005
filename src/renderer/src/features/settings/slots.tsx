import { Fragment, type ReactNode } from 'react';

/**
 * A catalog sentence with `{0}`, `{1}`… where code or a name in another font goes: the words and their order stay in
 * the catalog (issue 14), the component only supplies what fills each slot.
 *
 *   withSlots(t.emptyNote, [<code>mcpServers</code>, <code>{file}</code>])
 */
export function withSlots(text: string, slots: readonly ReactNode[]): ReactNode {
  return text.split(/\{(\d+)\}/).map((part, i) => <Fragment key={i}>{i % 2 === 1 ? slots[Number(part)] : part}</Fragment>);
}
