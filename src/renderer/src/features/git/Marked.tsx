/**
 * A whole sentence from a catalog with one of its values set off (a path in bold, a command as code): the words stay
 * in the catalog's order, only the value is wrapped.
 */
export function Marked({ text, part, as: Tag = 'strong' }: { text: string; part: string; as?: 'strong' | 'code' }) {
  const at = part ? text.indexOf(part) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <Tag>{part}</Tag>
      {text.slice(at + part.length)}
    </>
  );
}
