import type { FuseConfig, FuseState } from '@electron/fuses';

export function fuseConfig(options?: { asar?: boolean; platform?: NodeJS.Platform }): FuseConfig;
export function fuseMismatches(config: FuseConfig, wire: FuseConfig<FuseState>): string[];
export function isDevelopmentRuntime(path: string): boolean;
