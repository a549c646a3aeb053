import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BRAND_COLORS } from '../../features/site/brand';

const css = readFileSync(path.join(__dirname, '..', '..', 'src', 'styles', 'global.css'), 'utf8');
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

describe('BRAND_COLORS', () => {
  it.each(Object.entries(BRAND_COLORS))('%s matches the stylesheet token', (name, value) => {
    expect(css).toContain(`--color-${kebab(name)}: ${value};`);
  });

  it('is the logo mark’s green', () => {
    const favicon = readFileSync(path.join(__dirname, '..', '..', 'static', 'favicon.svg'), 'utf8');
    expect(favicon).toContain(`fill="${BRAND_COLORS.brand}"`);
  });
});
