// A small MCP server over stdio for tests, written with the official SDK (run with plain `node`):
//   node stdioServer.mjs [--name NAME] [--mark FILE] [--exit]
// --mark appends "<name> <pid>" to FILE each time it starts (a test counts the starts); --exit then quits at once
// (a server that keeps crashing, for the hub's restarts).
// Tools: echo {text} → "echo: <text>"; write_note {path, content} writes a file under the current folder (the
// workspace); crash {} exits the process in the middle of the call; hang {} never answers; picture {} answers an
// image; fail {} answers isError. A resource `note://readme` and a prompt `review`.
import { appendFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const name = process.argv.includes('--name') ? process.argv[process.argv.indexOf('--name') + 1] : 'fixture';
if (process.argv.includes('--mark')) appendFileSync(process.argv[process.argv.indexOf('--mark') + 1], `${name} ${process.pid}\n`);
if (process.argv.includes('--exit')) process.exit(4);
const server = new McpServer({ name, version: '1.0.0' });
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

server.registerTool('echo', { description: 'Echo the text back', inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text: `echo: ${text}` }] }));
server.registerTool('write_note', { description: 'Write a note file', inputSchema: { path: z.string(), content: z.string() } }, async ({ path, content }) => {
  const file = resolve(process.cwd(), path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  return { content: [{ type: 'text', text: `wrote ${path}` }] };
});
server.registerTool('crash', { description: 'Crash the server', inputSchema: {} }, async () => {
  process.stderr.write('fixture: crashing on purpose\n');
  setTimeout(() => process.exit(3), 10);
  return new Promise(() => {});
});
server.registerTool('hang', { description: 'Never answer', inputSchema: {} }, async () => new Promise(() => {}));
server.registerTool('picture', { description: 'Answer a picture', inputSchema: {} }, async () => ({ content: [{ type: 'text', text: 'a red pixel' }, { type: 'image', data: PNG, mimeType: 'image/png' }] }));
server.registerTool('fail', { description: 'Answer an error', inputSchema: {} }, async () => ({ content: [{ type: 'text', text: 'it went wrong' }], isError: true }));
server.registerResource('readme', 'note://readme', { description: 'The fixture readme', mimeType: 'text/plain' }, async (uri) => ({ contents: [{ uri: uri.href, text: 'FIXTURE README TEXT' }] }));
server.registerPrompt('review', { description: 'A review prompt' }, () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'Review the code carefully.' } }] }));

process.stderr.write(`fixture ${name} started\n`);
await server.connect(new StdioServerTransport());
