import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readFrontmatter } from '../../features/content/frontmatterParser';
import { SHARE_IMAGE, shareImagePath, shareImageUrl } from '../../features/images/shareImage';
import { svgDataUrl } from '../../features/share-cards/shareCard';
import { keepShortWordsWithNext } from '../../features/share-cards/shareCardText';
import { LANGUAGES } from '../../features/site/languages';
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

describe('a post card’s alt text', () => {
  const resources = loadLocales();
  it.each(LANGUAGES)('%s: names the product, the title and the date the card shows, filled in where the tag is written', (language) => {
    const alt = (resources[language].common as { share: { postImageAlt: string } }).share.postImageAlt;
    for (const value of ['{{product}}', '{{title}}', '{{date}}']) expect(alt).toContain(value);
  });

  it('is written in each language, not copied', () => {
    const alts = LANGUAGES.map((language) => (resources[language].common as { share: { postImageAlt: string } }).share.postImageAlt);
    expect(new Set(alts).size).toBe(LANGUAGES.length);
    expect(alts[LANGUAGES.indexOf('bg')]).toMatch(/[а-я]/);
  });
});
