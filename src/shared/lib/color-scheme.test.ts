import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLOR_SCHEME_STORAGE_KEY } from './color-scheme';

describe('the colour scheme in the first paint', () => {
  const html = readFileSync(resolve(__dirname, '../../../index.html'), 'utf8');

  it('index.html reads the key the app writes', () => {
    expect(html).toContain(`localStorage.getItem('${COLOR_SCHEME_STORAGE_KEY}')`);
  });

  it('index.html sets the scheme on <html> before the app loads, and the boot frame has dark colours', () => {
    expect(html).toContain("setAttribute('data-mantine-color-scheme'");
    expect(html).toMatch(/\[data-mantine-color-scheme='dark'\] #boot-shell \{/);
    expect(html.indexOf("setAttribute('data-mantine-color-scheme'")).toBeLessThan(html.indexOf('src/app/main.tsx'));
  });
});
