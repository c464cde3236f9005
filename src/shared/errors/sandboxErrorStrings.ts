import { defineText } from '../i18n/defineText';

/**
 * The words of the OS sandbox (issue 26), keys `sandbox.<name>`. `kind` says why there is none (a value, not a
 * sentence): `noBwrap`, `bwrapFails` (with what bubblewrap said in `detail`), `noSocat`, `platform` (with the
 * platform in `detail`), `seatbelt` (macOS: detected, not used yet), `off` (the setting).
 */
function reasonEn(kind: string, detail: string): string {
  switch (kind) {
    case 'noBwrap':
      return 'bubblewrap (bwrap) is not installed';
    case 'bwrapFails':
      return `bubblewrap is installed but cannot create a sandbox here${detail ? ` (${detail})` : ''}`;
    case 'noSocat':
      return 'socat is not installed (the sandbox needs it for its network bridge)';
    case 'seatbelt':
      return "macOS's sandbox-exec is there, but Akira does not use it yet";
    case 'off':
      return 'the sandbox is off (agent.sandbox.mode is "off")';
    default:
      return `this system (${detail || 'unknown'}) has no sandbox Akira can use`;
  }
}

function reasonZh(kind: string, detail: string): string {
  switch (kind) {
    case 'noBwrap':
      return '没有安装 bubblewrap（bwrap）';
    case 'bwrapFails':
      return `已安装 bubblewrap，但它无法在这里创建沙箱${detail ? `（${detail}）` : ''}`;
    case 'noSocat':
      return '没有安装 socat（沙箱的网络桥接需要它）';
    case 'seatbelt':
      return 'macOS 有 sandbox-exec，但 Akira 还没有使用它';
    case 'off':
      return '沙箱已关闭（agent.sandbox.mode 为 "off"）';
    default:
      return `这个系统（${detail || '未知'}）没有 Akira 可用的沙箱`;
  }
}

const hintEn = (kind: string) =>
  kind === 'noBwrap' || kind === 'noSocat' || kind === 'bwrapFails' ? 'install bubblewrap and socat: apt install bubblewrap socat' : '';
const hintZh = (kind: string) =>
  kind === 'noBwrap' || kind === 'noSocat' || kind === 'bwrapFails' ? '请安装 bubblewrap 和 socat：apt install bubblewrap socat' : '';

export const sandboxErrorStrings = defineText({
  en: {
    /** Why commands run without a sandbox (the session header, `akira run`, Settings). */
    unavailable: (kind: string, detail: string) => `Commands run without a sandbox: ${reasonEn(kind, detail)}.${hintEn(kind) ? ` To have one, ${hintEn(kind)}.` : ''}`,
    /** How to get one (empty where there is nothing to install). */
    installHint: (kind: string) => hintEn(kind),
    /** `agent.sandbox.mode` is `required` and there is none: the command is refused. */
    required: (kind: string, detail: string) =>
      `Commands must run in a sandbox (agent.sandbox.mode is "required"), but none can be used here: ${reasonEn(kind, detail)}.${hintEn(kind) ? ` ${hintEn(kind).replace(/^i/, 'I')}, or` : ''} set agent.sandbox.mode to "auto" to run commands without one.`,
    /** The proxy could not listen on its socket. */
    proxyFailed: (detail: string) => `The sandbox's network proxy could not start: ${detail}`,
  },
  'zh-CN': {
    unavailable: (kind: string, detail: string) => `命令在沙箱之外运行：${reasonZh(kind, detail)}。${hintZh(kind) ? `如需沙箱，${hintZh(kind)}。` : ''}`,
    installHint: (kind: string) => hintZh(kind),
    required: (kind: string, detail: string) =>
      `命令必须在沙箱中运行（agent.sandbox.mode 为 "required"），但这里没有可用的沙箱：${reasonZh(kind, detail)}。${hintZh(kind) ? `${hintZh(kind)}；或者` : ''}把 agent.sandbox.mode 设为 "auto"，在没有沙箱的情况下运行命令。`,
    proxyFailed: (detail: string) => `沙箱的网络代理无法启动：${detail}`,
  },
});
