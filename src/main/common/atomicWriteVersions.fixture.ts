/** The full contents atomicWriteChild.fixture.ts alternates between: sizes unlike each other, so a torn file shows. */
const body = (name: string, size: number) => `${name} begin\n${name[0].repeat(size)}\n${name} end\n`;

export const VERSIONS: readonly { name: string; text: string; data(): string | Uint8Array | (string | Uint8Array)[] }[] = [
  { name: 'alpha', text: body('alpha', 3_000), data: () => body('alpha', 3_000) },
  { name: 'bravo', text: body('bravo', 300_000), data: () => Buffer.from(body('bravo', 300_000)) },
  {
    name: 'charlie',
    text: body('charlie', 1_200_000),
    data: () => {
      const text = body('charlie', 1_200_000);
      const chunks: (string | Uint8Array)[] = [];
      for (let at = 0, n = 0; at < text.length; at += 64 * 1024, n++) {
        const part = text.slice(at, at + 64 * 1024);
        chunks.push(n % 2 ? Buffer.from(part) : part);
      }
      return chunks;
    },
  },
];
