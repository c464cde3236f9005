import type { DomainHandlers } from '../router';
import type { McpServerInfo } from '../../../shared/contract/mcp';
import type { McpHub, McpServerStatus } from './mcpHub';
import { globalServers, removeGlobalServer, saveGlobalServer, saveGlobalServers } from './mcpSettingsFile';

/** A server as the contract shows it (its tools without their schemas). */
export function serverInfoOf({ tools, ...s }: McpServerStatus): McpServerInfo {
  return { ...s, tools: tools.map(({ toolName, name, description, alwaysAllowed }) => ({ toolName, name, description, alwaysAllowed })) };
}

/** The contract's mcp.* commands on the open workspace's MCP hub; `dataDir` holds the global settings. */
export function mcpHandlers(hub: () => McpHub, dataDir: string): DomainHandlers<'mcp'> {
  return {
    'mcp.globalServers': () => globalServers(dataDir),
    'mcp.saveServer': async (p) => (await saveGlobalServer(dataDir, p.name, p.config, p.previousName), await hub().reload(), { ok: true as const }),
    'mcp.removeServer': async (p) => (await removeGlobalServer(dataDir, p.name), await hub().reload(), { ok: true as const }),
    'mcp.saveGlobalServers': async (p) => (await saveGlobalServers(dataDir, p.servers), await hub().reload(), { ok: true as const }),
    'mcp.list': async () => ({ servers: hub().list().map(serverInfoOf), problems: hub().problems(), problemWords: hub().problemWords() }),
    'mcp.reload': async () => (await hub().reload(), { ok: true as const }),
    'mcp.restart': async (p) => (await hub().restart(p.name), { ok: true as const }),
    'mcp.setEnabled': async (p) => (await hub().setEnabled(p.name, p.enabled), { ok: true as const }),
    'mcp.approve': async (p) => (await hub().approve(p.name, p.fingerprint), { ok: true as const }),
    'mcp.catalog': async () => {
      const [resources, templates, prompts] = await Promise.all([hub().resources(), hub().templates(), hub().prompts()]);
      return { resources, templates, prompts };
    },
  };
}
