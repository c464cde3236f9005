/**
 * The outline of a source file: the lines that declare something (functions, classes, types, top-level
 * constants, Markdown headings), with their line numbers. A large file mentioned with `@` is attached as
 * its outline plus its first lines, so the model sees its shape and can read_file the rest.
 *
 *   outlineOf(text, 'src/app.ts') → ['12: export function start(…', '40: class Server {', …]
 */

const DECLARATIONS: RegExp[] = [
  // JavaScript / TypeScript
  /^\s{0,4}(export\s+)?(default\s+)?(declare\s+)?(abstract\s+)?(async\s+)?(function\*?|class|interface|type|enum|namespace)\s+[\w$]+/,
  /^(export\s+)?(const|let|var)\s+[\w$]+\s*(:[^=]+)?=\s*(async\s*)?(\(|function|class|[\w$]+\s*=>)/,
  /^\s{0,4}(public|private|protected|static|async|get|set)?\s*[\w$]+\s*\([^)]*\)\s*(:\s*[^{]+)?\{\s*$/,
  // Python
  /^\s{0,4}(async\s+)?(def|class)\s+\w+/,
  // Go
  /^(func|type)\s+/,
  // Rust
  /^\s{0,4}(pub(\([^)]*\))?\s+)?(async\s+)?(fn|struct|enum|trait|impl|mod)\b/,
  // Java, C#, Kotlin, C and C++ declarations that open a block
  /^\s{0,4}(public|private|protected|internal|static|final|sealed|override|fun)\b.*[({]\s*$/,
];
const HEADING = /^#{1,6}\s+\S/;
const KEYWORDS_ONLY = /^\s*(if|for|while|switch|catch|return|else)\b/;

export const OUTLINE_MAX = 200;

export function outlineOf(text: string, path: string): string[] {
  const markdown = /\.(md|mdx|markdown)$/i.test(path);
  const out: string[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length && out.length < OUTLINE_MAX; i++) {
    const line = lines[i].replace(/\r$/, '');
    if (line.length > 300) continue;
    const hit = markdown ? HEADING.test(line) : !KEYWORDS_ONLY.test(line) && DECLARATIONS.some((re) => re.test(line));
    if (hit) out.push(`${i + 1}: ${line.trimEnd()}`);
  }
  return out;
}
