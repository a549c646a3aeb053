import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readFrontmatter } from '../../src/lib/frontmatterParser';
import { SHARE_IMAGE, shareImagePath, shareImageUrl } from '../../src/lib/shareImage';
import { keepShortWordsWithNext, shareImageHtml, svgDataUrl } from '../../src/lib/shareImageHtml';
import { LANGUAGES } from '../../src/lib/languages';
import { loadLocales } from '../support/locales';

const NBSP = '\u00a0';

describe('share image address', () => {
  it('is a 1200x630 PNG per language', () => {
    expect(SHARE_IMAGE).toEqual({ width: 1200, height: 630, type: 'image/png' });
    expect(shareImagePath('en')).toBe('/share/en.png');
    expect(shareImagePath('bg')).toBe('/share/bg.png');
  });

  it('is absolute on the site URL, with or without its trailing slash', () => {
    expect(shareImageUrl('https://www.example.com', 'bg')).toBe('https://www.example.com/share/bg.png');
    expect(shareImageUrl('https://www.example.com//', 'en')).toBe('https://www.example.com/share/en.png');
  });

  it('stays out of /static/, which hosts cache forever as fingerprinted', () => {
    for (const language of LANGUAGES) expect(shareImagePath(language)).not.toMatch(/^\/static\//);
  });
});

describe('keepShortWordsWithNext', () => {
  it('binds one-letter words and & to the next word', () => {
    expect(keepShortWordsWithNext('Лесно управление на наличности и плащания')).toBe(`Лесно управление на наличности и${NBSP}плащания`);
    expect(keepShortWordsWithNext('Inventory & Payment Management')).toBe(`Inventory &${NBSP}Payment Management`);
    expect(keepShortWordsWithNext('В града и в село')).toBe(`В${NBSP}града и${NBSP}в${NBSP}село`);
  });

  it('leaves longer words, a last one-letter word and digits alone', () => {
    expect(keepShortWordsWithNext('on the go')).toBe('on the go');
    expect(keepShortWordsWithNext('plan A')).toBe('plan A');
    expect(keepShortWordsWithNext('in 3 steps')).toBe('in 3 steps');
  });
});

describe('svgDataUrl', () => {
  it('encodes the SVG as base64', () => {
    const url = svgDataUrl('<svg>ж</svg>');
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(url.split(',')[1], 'base64').toString('utf8')).toBe('<svg>ж</svg>');
  });
});

describe('shareImageHtml', () => {
  const text = {
    language: 'bg' as const,
    productName: 'Stock<Pay>',
    eyebrow: 'Наличности & продажби',
    headline: 'Лесно управление и плащания',
    topics: ['Управление на наличности', 'Обработка на фактури', 'Плащания в биткойн'],
  };
  const html = shareImageHtml(text, 'data:image/svg+xml;base64,AAA');

  it('is a 1200x630 document in the language of its text', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<html lang="bg">');
    expect(html).toContain('width: 1200px; height: 630px;');
  });

  it('shows the logo, product name, eyebrow, headline and topics, escaped', () => {
    expect(html).toContain('<img src="data:image/svg+xml;base64,AAA" alt="">');
    expect(html).toContain('<span>Stock&lt;Pay&gt;</span>');
    expect(html).toContain('<p class="eyebrow">Наличности &amp; продажби</p>');
    expect(html).toContain(`<h1>Лесно управление и${NBSP}плащания</h1>`);
    for (const topic of text.topics) expect(html).toContain(`<span>${topic}</span>`);
    expect(html).not.toContain('<Pay>');
  });

  it('uses installed fonts only and marks itself ready for the renderer', () => {
    expect(html).not.toMatch(/@font-face|@import|https?:\/\//);
    expect(html).toContain("'Liberation Sans'");
    expect(html).toContain('dataset.ready');
  });
});

describe('share image alt text', () => {
  const resources = loadLocales();
  it.each(LANGUAGES)('%s: names the product and quotes the headline the image shows, from content/home/<lang>/hero.md', (language) => {
    const alt = (resources[language].common as { share: { imageAlt: string } }).share.imageAlt;
    expect(alt).toContain('{{product}}');
    // The headline is filled in where the tag is written (src/components/Seo.tsx), never copied into the sentence.
    expect(alt).toContain('{{headline}}');
    const hero = `content/home/${language}/hero.md`;
    expect(alt).not.toContain(String(readFrontmatter(hero, readFileSync(path.join(__dirname, '..', '..', hero), 'utf8')).data.headline));
  });
});
