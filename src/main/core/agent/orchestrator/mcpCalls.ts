import type { TodoState } from '../../sessions';
import type { ModelToolCall } from '../model';
import { messageOf, ToolError } from '../tools';
import { AkiraError } from '../../errors';
import { newId } from './changeFlow';
import { READ_RESOURCE_TOOL, type McpToolResult } from '../../mcp/mcpResults';
import type { CallTool } from './modelCaller';
import type { DispatchResult, Finish } from './toolDispatch';
import { snapshotProtected, undoProtectedChanges, undoneNotice } from './protectedFiles';
import { setStatus, snapshotTaken, takeCheckpoint, type SessionRuntime } from './sessionRuntime';
import { oneLine, summarizeArgs } from './text';
import { sessionReasons } from '../../../../shared/errors';

/**
 * The tools of the workspace's MCP servers in a session (issue 12):
 *
 *   mcpCallTools(rt)                      the ready servers' tools as the model sees them (mcp__<server>__<tool>)
 *   await callMcpTool(rt, call, todo, finish)  one call: the policy (autoApprove.mcp, the server's alwaysAllow) or a
 *                                         person approves it (kind 'mcp'), it runs with the server's timeout, files
 *                                         it changed land in a checkpoint like a command's, and Akira's own project
 *                                         files it touched are put back (protectedFiles.ts)
 * A server that is restarting or failed answers a tool error at once (the hub never waits for it).
 *
 * While a server is ready, `read_mcp_resource {server, uri}` reads one of its resources (issue 24): the links a tool
 * answers (`resource_link`, which the result text names with this call) and the catalog's. It passes the same gate
 * as an MCP tool (a server's alwaysAllow does not cover it), and its text is cut like any result.
 */

const readResourceTool: CallTool = {
  name: READ_RESOURCE_TOOL,
  description:
    'Read a resource of an MCP server by its URI: a resource link an MCP tool answered ("[resource link <uri> …; read it with read_mcp_resource …]") or a resource the user named. Answers its text.',
  parameters: {
    type: 'object',
    properties: {
      server: { type: 'string', description: 'The MCP server, as the link names it.' },
      uri: { type: 'string', description: "The resource's URI, exactly as given." },
    },
    required: ['server', 'uri'],
    additionalProperties: false,
  },
};

export function mcpCallTools(rt: SessionRuntime): CallTool[] {
  const tools: CallTool[] = (rt.mcp?.tools() ?? []).map((t) => ({ name: t.toolName, description: t.description, parameters: t.inputSchema }));
  return rt.mcp?.list().some((s) => s.state === 'ready') ? [...tools, readResourceTool] : tools;
}

/** A read_mcp_resource call's server and URI, or a tool error that says what is wrong with them. */
function readArgs(rt: SessionRuntime, args: Record<string, unknown>): { server: string; uri: string } {
  const { server, uri } = args;
  if (typeof server !== 'string' || !server || typeof uri !== 'string' || !uri) {
    throw new ToolError('bad_request', `${READ_RESOURCE_TOOL} needs "server" and "uri" (strings).`, 'Call it again with the server and the URI the resource link names.');
  }
  const names = (rt.mcp?.list() ?? []).map((s) => s.name);
  if (!names.includes(server)) throw new ToolError('not_found', `No MCP server "${server}".`, `The MCP servers: ${names.join(', ') || 'none'}.`);
  return { server, uri };
}

/** The gate's answer for an MCP call (a tool, or a resource read): a person is asked, with the status saying so, when the policy asks. */
async function decideMcp(rt: SessionRuntime, call: ModelToolCall, todo: TodoState, input: string, policy: Parameters<SessionRuntime['gate']['decide']>[1]) {
  const approval = { changeId: newId('mcp'), kind: 'mcp' as const, todoId: todo.id, tool: { name: call.name, input } };
  const asking = policy.decision === 'ask';
  if (asking) await setStatus(rt, 'waiting_approval', sessionReasons.waitingMcp(oneLine(`${call.name} ${input}`, 120)));
  const decision = await rt.gate.decide(approval, policy, rt.interrupt);
  if (asking) await setStatus(rt, 'running');
  return decision;
}

export async function callMcpTool(rt: SessionRuntime, call: ModelToolCall, todo: TodoState, finish: Finish): Promise<DispatchResult> {
  if (call.name === READ_RESOURCE_TOOL) return readMcpResource(rt, call, todo, finish);
  const tool = rt.mcp?.tool(call.name);
  if (!rt.mcp || !tool) {
    const offered = mcpCallTools(rt).map((t) => t.name);
    throw new ToolError('not_found', `No MCP tool ${call.name} is available now.`, offered.length ? `MCP tools offered: ${offered.join(', ')}.` : 'No MCP server is ready; use the other tools.');
  }
  const input = summarizeArgs(call.arguments, call.rawArguments);
  const policy = rt.policy.mcp(tool);
  const decision = await decideMcp(rt, call, todo, input, policy);
  if (decision.decision === 'rejected') {
    if (decision.by === 'policy') return finish(`Denied by the policy: ${decision.reason ?? 'this tool is not allowed'}. The tool was not called.`, true, 'continue', false, { denied: decision });
    return finish(`The user REJECTED this MCP tool call; it was not made. Their reason: ${decision.reason ?? '(none given)'}`, true, 'stop');
  }
  const guard = await snapshotProtected(rt.root);
  let result: McpToolResult | null = null;
  let failure: unknown = null;
  // A signal of its own per call: the SDK keeps its abort listener on the signal it is given, and the session's
  // kill signal lives as long as the session.
  const own = new AbortController();
  const onKill = () => own.abort(rt.kill.reason);
  rt.kill.addEventListener('abort', onKill, { once: true });
  try {
    await snapshotTaken(rt); // an MCP tool may change files
    result = await rt.mcp.call(call.name, call.arguments ?? {}, { signal: own.signal });
  } catch (err) {
    failure = err;
  } finally {
    rt.kill.removeEventListener('abort', onKill);
  }
  const undone = await undoProtectedChanges(rt.root, guard);
  if (!result) {
    if (rt.kill.aborted) throw failure;
    // The hub's failures are AkiraErrors with words (not ready, timed out, failed): the tool card says them.
    const said = failure instanceof AkiraError ? messageOf(failure) : ((failure as Error).message ?? String(failure));
    throw new ToolError('unavailable', said, 'Try again later, or reach the goal with the other tools.');
  }
  if (result.images.length && rt.context.vision) rt.toolImages.set(todo.id, [...(rt.toolImages.get(todo.id) ?? []), ...result.images]);
  const images = result.images.length ? `\n(${result.images.length} image${result.images.length === 1 ? '' : 's'} in the answer${rt.context.vision ? ': shown with the next message' : ', not shown: the model is not set up for images'})` : '';
  const done = await finish(`${result.text}${images}${undoneNotice(undone)}`, result.isError);
  // Files the tool changed in the workspace land in a checkpoint, as a command's do.
  await takeCheckpoint(rt, todo.id, `TODO ${todo.id}: after ${oneLine(call.name, 80)}`);
  return done;
}

async function readMcpResource(rt: SessionRuntime, call: ModelToolCall, todo: TodoState, finish: Finish): Promise<DispatchResult> {
  if (!rt.mcp) throw new ToolError('not_found', `No MCP server is available now.`, 'Use the other tools.');
  const { server, uri } = readArgs(rt, call.arguments ?? {});
  const input = summarizeArgs(call.arguments, call.rawArguments);
  const policy = rt.policy.mcp({ toolName: READ_RESOURCE_TOOL, server, alwaysAllowed: false });
  const decision = await decideMcp(rt, call, todo, input, policy);
  if (decision.decision === 'rejected') {
    if (decision.by === 'policy') return finish(`Denied by the policy: ${decision.reason ?? 'this read is not allowed'}. The resource was not read.`, true, 'continue', false, { denied: decision });
    return finish(`The user REJECTED this read of an MCP resource; it was not made. Their reason: ${decision.reason ?? '(none given)'}`, true, 'stop');
  }
  try {
    return await finish(`The resource ${uri} of the MCP server ${server}:\n${await rt.mcp.readResource(server, uri)}`, false);
  } catch (err) {
    const said = err instanceof AkiraError ? messageOf(err) : ((err as Error).message ?? String(err));
    throw new ToolError('unavailable', said, 'Check the URI (exactly as the link gives it), or reach the goal with the other tools.');
  }
}
