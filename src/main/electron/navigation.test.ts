import { describe, expect, it } from 'vitest';
import { createAppUrlCheck, externalTarget, navigationDecision } from './navigation';

describe('desktop navigation', () => {
  const packaged = createAppUrlCheck(null);
  const dev = createAppUrlCheck('http://localhost:5173/');

  it('knows the app: akira://app/…, and the dev server only in development', () => {
    expect(packaged('akira://app/index.html')).toBe(true);
    expect(packaged('akira://app/assets/x.js?y#z')).toBe(true);
    for (const url of ['akira://app.evil/index.html', 'akira://other/index.html', 'akira://user@app/index.html', 'http://localhost:5173/', 'file:///etc/passwd', 'garbage', '']) {
      expect(packaged(url), url).toBe(false);
    }
    expect(dev('http://localhost:5173/src/main.tsx')).toBe(true);
    expect(dev('http://localhost:5174/')).toBe(false);
    expect(dev('http://127.0.0.1:5173/')).toBe(false);
    expect(dev('akira://app/index.html')).toBe(true);
  });

  it('lets frames navigate only within the app; links of the main frame may go to the system browser', () => {
    expect(navigationDecision('akira://app/index.html', true, packaged)).toEqual({ allow: true, openExternally: false });
    expect(navigationDecision('akira://app/index.html', false, packaged)).toEqual({ allow: true, openExternally: false });
    expect(navigationDecision('https://example.com/', true, packaged)).toEqual({ allow: false, openExternally: true });
    // A subframe never causes a dialog; other schemes never leave the app.
    expect(navigationDecision('https://example.com/', false, packaged)).toEqual({ allow: false, openExternally: false });
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,hi', 'akira://other/', 'smb://host/share']) {
      expect(navigationDecision(url, true, packaged), url).toEqual({ allow: false, openExternally: false });
    }
  });

  it('opens only http(s) URLs without credentials, naming the host as the user will allow it', () => {
    expect(externalTarget('https://GitHub.com/akira/issues?q=1')).toEqual({ url: 'https://github.com/akira/issues?q=1', host: 'github.com' });
    expect(externalTarget('http://example.com:8080/x')).toEqual({ url: 'http://example.com:8080/x', host: 'example.com:8080' });
    expect(externalTarget('https://example.com:443/')?.host).toBe('example.com');
    expect(externalTarget('https://bücher.example/')?.host).toBe('xn--bcher-kva.example');
    for (const url of ['https://github.com@evil.example/', 'https://user:pw@example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'mailto:a@b.c', 'ms-settings:', 'nope']) {
      expect(externalTarget(url), url).toBeNull();
    }
  });
});
