import { describe, expect, it } from 'vitest';
import { pickRenderer } from './xtermRenderer';

describe('the terminal renderer pick', () => {
  it('draws with WebGL on a real GPU', () => {
    expect(pickRenderer('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)')).toBe('webgl');
    expect(pickRenderer('Apple M2')).toBe('webgl');
    expect(pickRenderer('Mesa Intel(R) UHD Graphics 620 (KBL GT2)')).toBe('webgl');
  });

  it('falls back to the DOM renderer without WebGL2 or on a software rasteriser', () => {
    expect(pickRenderer(null)).toBe('dom');
    expect(pickRenderer('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)')).toBe('dom');
    expect(pickRenderer('llvmpipe (LLVM 15.0.6, 256 bits)')).toBe('dom');
    expect(pickRenderer('Microsoft Basic Render Driver')).toBe('dom');
  });

  it('follows the override, but never asks for WebGL where there is none', () => {
    expect(pickRenderer('llvmpipe (LLVM 15.0.6, 256 bits)', 'webgl')).toBe('webgl');
    expect(pickRenderer('Apple M2', 'dom')).toBe('dom');
    expect(pickRenderer(null, 'webgl')).toBe('dom');
    expect(pickRenderer('Apple M2', 'nonsense')).toBe('webgl');
  });
});
