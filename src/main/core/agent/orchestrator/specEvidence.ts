import { readConfined } from '../../workspace/confinedFs';
import { resolveInside } from '../../workspace/pathGuard';
import { looksBinary } from '../tools/workspaceFiles';
import { cutMiddle } from './text';
import { counted } from '../../../../shared/i18n/plural';

/**
 * The contents of the files a spec task names, for the decision engine's prompt: read through the
 * workspace's confinement (a path that leads outside is left out), binary files named but not shown,
 * each file cut in the middle to its share of `maxChars`. Answers markdown sections, '' when none.
 */
export async function readEvidenceFiles(root: string, paths: readonly string[], maxChars: number): Promise<string> {
  if (!paths.length || maxChars <= 0) return '';
  const share = Math.max(400, Math.floor(maxChars / paths.length));
  const sections: string[] = [];
  let used = 0;
  for (const path of paths) {
    if (used >= maxChars) {
      sections.push(`(${counted(paths.length - sections.length, 'more file', 'more files')} left out for room)`);
      break;
    }
    let text: string;
    try {
      const file = await readConfined(root, await resolveInside(root, path), { limit: share * 4 });
      if (!file) continue;
      text = looksBinary(file.bytes) ? '(binary file)' : cutMiddle(file.bytes.toString('utf8'), share);
    } catch {
      continue;
    }
    const section = `## ${path}\n\`\`\`\n${text}\n\`\`\``;
    sections.push(section);
    used += section.length;
  }
  return sections.join('\n\n');
}
