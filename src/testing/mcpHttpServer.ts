import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

/**
 * A small streamable-HTTP MCP server for tests, written with the official SDK, in the test's process (stateless:
 * a server and transport per request). Tool: add {a, b} → "sum: <a+b>". Requests without `Authorization:
 * Bearer <token>` get 401 when a token is given. `requests` counts the POSTs.
 *
 *   const mcp = await startMcpHttpServer({token: 't'});   mcp.url   …   await mcp.close()
 */
export interface McpHttpServer {
  url: string;
  requests: number;
  close(): Promise<void>;
}

function build(): McpServer {
  const server = new McpServer({ name: 'http-fixture', version: '1.0.0' });
  server.registerTool('add', { description: 'Add two numbers', inputSchema: { a: z.number(), b: z.number() } }, async ({ a, b }) => ({ content: [{ type: 'text', text: `sum: ${a + b}` }] }));
  return server;
}

export async function startMcpHttpServer(options: { token?: string } = {}): Promise<McpHttpServer> {
  const state = { requests: 0 };
  const http = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    if (options.token && req.headers.authorization !== `Bearer ${options.token}`) {
      res.writeHead(401).end('unauthorized');
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    state.requests++;
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
    const server = build();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    get requests() {
      return state.requests;
    },
    close: () => new Promise<void>((r) => http.close(() => r())),
  };
}
