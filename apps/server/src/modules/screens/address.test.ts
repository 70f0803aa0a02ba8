import { describe, expect, it } from 'vitest';
import { screenAddressProblem } from './address';

describe('screenAddressProblem', () => {
  it('keeps the contract: console paths and http(s) screens on other hosts', () => {
    for (const ok of [
      '/large-screen',
      '/large-screen-tint?screenTitle=a&b=1#top',
      '/a/b/../c',
      'https://screens.example/plant?x=1',
      'HTTP://screens.example:8080/a',
    ])
      expect(screenAddressProblem(ok), ok).toBeNull();
  });

  it('refuses what would leave the site while looking like a path', () => {
    for (const bad of ['//evil.example', '/\\evil.example', '/\\/evil.example', '/\t/evil.example', '/%0a/x x'])
      expect(screenAddressProblem(bad), JSON.stringify(bad)).not.toBeNull();
  });

  it('refuses script and data addresses, other schemes, backslashes and credentials in URLs', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://x.example',
      'large-screen',
      'https://screens.example\\@evil.example',
      'https://console.example@evil.example/',
      'https://',
      'https://a b.example',
    ])
      expect(screenAddressProblem(bad), bad).not.toBeNull();
  });
});
