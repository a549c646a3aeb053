/** @jest-environment node */
/**
 * What a markdown body may write for an image:
 * the upload a URL names, or why it names none; the images of a tree, block
 * or inline, with their alt text, caption and line; and how each is put in
 * its place.
 */
import remark from 'remark';
import { MEDIA_FOLDER, MEDIA_PATH } from '../../features/images/paths';
import { bodyImages, mediaSource, replaceImages, type ImageNode } from '../../features/images/remark-images/transform';

const ALLOWED = `an image comes from the media folder: upload it in the CMS, or put it in ${MEDIA_FOLDER}/ and write ![what it shows](${MEDIA_PATH}<name>)`;
const outside = (url: string) => `"${url}" is not in the media folder; ${ALLOWED}`;
const notAFile = (url: string) => `"${url}" is not a file of the media folder (no query, fragment, control character, empty, hidden, "." or ".." parts); ${ALLOWED}`;
const noAlt = (url: string) => `the image ${url} has no alt text: say what it shows, ![a shelf of labelled stock](${url}), so that people who cannot see it learn it too`;

const parse = (markdown: string) => remark().parse(markdown) as unknown as ImageNode;

describe('mediaSource', () => {
  it('names the upload of the media folder a URL stands for', () => {
    expect(MEDIA_FOLDER).toBe('content/media');
    expect(MEDIA_PATH).toBe('/media/');
    expect(mediaSource('/media/labelled-stock.jpg')).toEqual({ source: 'content/media/labelled-stock.jpg' });
    expect(mediaSource('/media/2026/10/shelf.PNG')).toEqual({ source: 'content/media/2026/10/shelf.PNG' });
    // Percent-encoding is read as a browser reads it: a space, a letter outside ASCII.
    expect(mediaSource('/media/price%20labels.webp')).toEqual({ source: 'content/media/price labels.webp' });
    expect(mediaSource('/media/%D1%81%D0%BA%D0%BB%D0%B0%D0%B4.jpg')).toEqual({ source: 'content/media/склад.jpg' });
    // Dots inside a name are a name's, not a climb.
    expect(mediaSource('/media/shelf..v2.jpg')).toEqual({ source: 'content/media/shelf..v2.jpg' });
  });

  it.each([
    'https://evil.example/tracker.png',
    'http://evil.example/media/a.png',
    'HTTPS://EVIL.EXAMPLE/A.PNG',
    '//evil.example/media/a.png',
    '///evil.example/a.png',
    '\\\\evil.example\\a.png',
    'data:image/png;base64,iVBORw0KGgo=',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'media/a.png',
    './media/a.png',
    '../media/a.png',
    '../../static/favicon.svg',
    '/static/media/a.png',
    '/Media/a.png',
    '/MEDIA/a.png',
    '/medias/a.png',
    '/media',
    ' /media/a.png',
    '%2Fmedia%2Fa.png',
    '',
  ])('refuses %j: not under /media/', (url) => {
    expect(mediaSource(url)).toEqual({ error: outside(url) });
  });

  it.each([
    // Climbing out, as written and percent-encoded in any case.
    '/media/../static/favicon.svg',
    '/media/../../etc/passwd',
    '/media/2026/../../secret.png',
    '/media/./a.png',
    '/media/%2e%2e/secret.png',
    '/media/%2E%2E/secret.png',
    '/media/.%2e/secret.png',
    '/media/..%2fsecret.png',
    '/media/..%2Fsecret.png',
    '/media/a%2f..%2f..%2fsecret.png',
    '/media/%2e/a.png',
    // Hidden files and folders.
    '/media/.hidden.png',
    '/media/.git/config',
    '/media/2026/.DS_Store',
    '/media/%2ehidden.png',
    // Queries and fragments, written or encoded.
    '/media/a.png?x',
    '/media/a.png?',
    '/media/a.png#top',
    '/media/a.png#',
    '/media/a.png%3Fv=2',
    '/media/a.png%23frag',
    // Empty segments: the folder itself, a trailing slash, doubled slashes, encoded slashes.
    '/media/',
    '/media/a/',
    '/media//a.png',
    '/media/2026//a.png',
    '/media/%2fa.png',
    '/media/%2F%2Fevil.example/a.png',
    // Backslashes, which some servers and Windows read as slashes.
    '/media/a\\b.png',
    '/media/..\\secret.png',
    '/media/%5c..%5csecret.png',
    '/media/%5C%5Cevil.example%5Ca.png',
    // Control characters, which would reach the messages and the disk as they are.
    '/media/%00.png',
    '/media/a%0Ab.png',
    '/media/a%1Fb.png',
    '/media/a%7Fb.png',
  ])('refuses %j: not a file of the media folder', (url) => {
    expect(mediaSource(url)).toEqual({ error: notAFile(url) });
  });

  it.each(['/media/%E0%A4%A.png', '/media/%', '/media/%zz.png', '/media/%C0%AE%C0%AE/secret.png'])('refuses %j: percent-encoding that decodes to nothing', (url) => {
    expect(mediaSource(url)).toEqual({ error: `"${url}" is not a valid address; ${ALLOWED}` });
  });
});

describe('bodyImages', () => {
  it('finds every image in document order, with its alt text, caption, upload and line', () => {
    const tree = parse(
      [
        '# Counting', // 1
        '',
        '![A shelf of labelled stock](/media/shelf.jpg "Labels make counts fast")', // 3
        '',
        'Scan the barcode ![a barcode](/media/barcode.png) on each pack.', // 5
        '',
        '- ![A van at a market](/media/van.webp)', // 7
        '',
        '> ![A stall](/media/stall.gif)', // 9
      ].join('\n'),
    );
    const { images, problems } = bodyImages(tree);
    expect(problems).toEqual([]);
    expect(images.map(({ alt, title, source, block, line }) => ({ alt, title, source, block, line }))).toEqual([
      { alt: 'A shelf of labelled stock', title: 'Labels make counts fast', source: 'content/media/shelf.jpg', block: true, line: 3 },
      { alt: 'a barcode', title: null, source: 'content/media/barcode.png', block: false, line: 5 },
      { alt: 'A van at a market', title: null, source: 'content/media/van.webp', block: true, line: 7 },
      { alt: 'A stall', title: null, source: 'content/media/stall.gif', block: true, line: 9 },
    ]);
    expect(images.map((image) => image.node.type)).toEqual(['image', 'image', 'image', 'image']);
    expect(images.map((image) => image.parent.type)).toEqual(['paragraph', 'paragraph', 'paragraph', 'paragraph']);
  });

  it('calls an image a block only when it is alone in its paragraph (spaces and a line break around it do not count)', () => {
    const tree = parse(
      [
        '![alone](/media/a.png)', // 1
        '',
        '  ![indented, alone](/media/b.png)  ', // 3
        '',
        '![first of two](/media/c.png) ![second of two](/media/d.png)', // 5
        '',
        'Before ![after text](/media/e.png)', // 7
        '',
        '![before text](/media/f.png) after', // 9
        '',
        '[![inside a link](/media/g.png)](https://example.com/)', // 11
        '',
        '**![inside strong](/media/h.png)**', // 13
      ].join('\n'),
    );
    const { images, problems } = bodyImages(tree);
    expect(problems).toEqual([]);
    expect(images.map((image) => [image.alt, image.block, image.line])).toEqual([
      ['alone', true, 1],
      ['indented, alone', true, 3],
      ['first of two', false, 5],
      ['second of two', false, 5],
      ['after text', false, 7],
      ['before text', false, 9],
      ['inside a link', false, 11],
      ['inside strong', false, 13],
    ]);
  });

  it('takes a reference image’s URL and title from its definition, whatever the case of its label', () => {
    const tree = parse(
      [
        '![A full reference][Shelf]', // 1
        '',
        '![A collapsed one][van]', // 3
        '',
        'Inline ![A shortcut] here.', // 5
        '',
        '[shelf]: /media/shelf.jpg "From the definition"',
        '[VAN]: </media/the van.webp>',
        '[a shortcut]: /media/stall.gif',
      ].join('\n'),
    );
    const { images, problems } = bodyImages(tree);
    expect(problems).toEqual([]);
    expect(images.map(({ alt, title, source, block, line }) => ({ alt, title, source, block, line }))).toEqual([
      { alt: 'A full reference', title: 'From the definition', source: 'content/media/shelf.jpg', block: true, line: 1 },
      { alt: 'A collapsed one', title: null, source: 'content/media/the van.webp', block: true, line: 3 },
      { alt: 'A shortcut', title: null, source: 'content/media/stall.gif', block: false, line: 5 },
    ]);
    expect(images.map((image) => image.node.type)).toEqual(['imageReference', 'imageReference', 'imageReference']);
  });

  it('refuses a reference whose definition names a file outside the media folder, at the image’s line', () => {
    const tree = parse(['Intro.', '', '![A tracker][pixel]', '', '[pixel]: https://evil.example/p.png'].join('\n'));
    expect(bodyImages(tree)).toEqual({ images: [], problems: [{ line: 3, message: outside('https://evil.example/p.png') }] });
  });

  it('leaves a reference without a definition as the text it is (remark makes no image of it)', () => {
    expect(bodyImages(parse('![A missing reference][nowhere]'))).toEqual({ images: [], problems: [] });
  });

  it('requires alt text: empty, spaces only, or only in a definition does not count', () => {
    const tree = parse(
      [
        '![](/media/a.png)', // 1
        '',
        '![   ](/media/b.png "a title is not alt text")', // 3
        '',
        '![][c]', // 5
        '',
        '![ok](/media/ok.png)', // 7
        '',
        '[c]: /media/c.png "Only a title"',
      ].join('\n'),
    );
    const { images, problems } = bodyImages(tree);
    expect(problems).toEqual([
      { line: 1, message: noAlt('/media/a.png') },
      { line: 3, message: noAlt('/media/b.png') },
      { line: 5, message: noAlt('/media/c.png') },
    ]);
    expect(images.map((image) => image.alt)).toEqual(['ok']);
  });

  it('trims the alt text, and reports a URL outside the media folder before missing alt text', () => {
    const tree = parse('![  Packs of eggs  ](/media/eggs.jpg)\n\n![](https://evil.example/x.png)');
    const { images, problems } = bodyImages(tree);
    expect(images.map((image) => image.alt)).toEqual(['Packs of eggs']);
    expect(problems).toEqual([{ line: 3, message: outside('https://evil.example/x.png') }]);
  });

  it('reports every problem with its line, and keeps the good images', () => {
    const tree = parse(
      [
        '![a](/media/../secret.png)', // 1
        '![b](/media/ok.png)', // 2: same paragraph as line 1
        '',
        '| Shelf | Photo |', // 4
        '| --- | --- |',
        '| A | ![](/media/table.png) |', // 6
        '',
        '1. ![c](/media/.hidden.png)', // 8
        '2. ![d](/media/list.png)', // 9
      ].join('\n'),
    );
    const { images, problems } = bodyImages(tree);
    expect(problems).toEqual([
      { line: 1, message: notAFile('/media/../secret.png') },
      // remark without GFM reads the table as a paragraph: the image in it is still found, and refused for its alt text.
      { line: 6, message: noAlt('/media/table.png') },
      { line: 8, message: notAFile('/media/.hidden.png') },
    ]);
    expect(images.map((image) => [image.alt, image.line])).toEqual([
      ['b', 2],
      ['d', 9],
    ]);
  });

  it('finds nothing in a body without images; a link to an upload is not an image', () => {
    expect(bodyImages(parse('Just text, [a link](/media/a.png) and `![code](/media/x.png)`.\n\n```\n![fenced](/media/y.png)\n```'))).toEqual({
      images: [],
      problems: [],
    });
  });
});

describe('replaceImages', () => {
  it('puts a block image’s HTML in place of its paragraph, an inline one’s in place of the image, keeping positions', () => {
    const tree = parse('![block](/media/a.png)\n\nText ![inline](/media/b.png) more.');
    const { images } = bodyImages(tree);
    const positions = [images[0].parent.position, images[1].node.position];
    const calls: [string, number][] = [];
    replaceImages(images, (image, index) => {
      calls.push([image.alt, index]);
      return `<x-${index}>`;
    });
    expect(calls).toEqual([
      ['block', 0],
      ['inline', 1],
    ]);
    const [first, second] = tree.children ?? [];
    expect(first).toEqual({ type: 'html', value: '<x-0>', position: positions[0] });
    expect(second.type).toBe('paragraph');
    expect(second.children?.map((child) => child.type)).toEqual(['text', 'html', 'text']);
    expect(second.children?.[1]).toEqual({ type: 'html', value: '<x-1>', position: positions[1] });
    // Nothing of the image node is left behind: its URL, alt text and title are gone.
    expect(JSON.stringify(tree)).not.toMatch(/\/media\/|"alt"|"url"/);
  });

  it('replaces reference images, and leaves their definitions (which render as nothing)', () => {
    const tree = parse('![ref][r]\n\n[r]: /media/r.png');
    const { images } = bodyImages(tree);
    replaceImages(images, () => '<picture></picture>');
    expect(tree.children?.map((child) => child.type)).toEqual(['html', 'definition']);
  });
});
