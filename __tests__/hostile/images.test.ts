/**
 * @jest-environment node
 *
 * Hostile class "images": uploads and image markdown written to exhaust the
 * build machine, to publish what the site must not, or to put another
 * site's image or markup into a page. Uploads in
 * __tests__/fixtures/hostile/images/media/ (see its README.md): decompression
 * bombs (a PNG and a JPEG whose headers claim hundreds of megapixels in a few
 * hundred bytes), files that are not the image their name says (a PNG named
 * .jpg, a GIF named .webp, an SVG named .png), a JPEG and a PNG cut short, an
 * SVG carrying script, animations over the frame and pixel limits; made
 * here: a file over IMAGE_MAX_BYTES, and an upload whose making never ends
 * (sharp's pipelines held, __tests__/support/sharpRuns.ts), which only the
 * time limit can stop. Markdown in __tests__/fixtures/hostile/images/: images from
 * other sites, climbing out of the media folder, hidden, with queries,
 * as data: URLs, without alt text, of uploads that do not exist, a cover
 * from another site, markup in alt text and captions.
 *
 * Each goes through the real path: the post through gatsby-transformer-remark
 * into the build's image step (features/images/contentImages.node.ts, which gatsby/createPages.ts
 * runs before any page renders), which must refuse it naming the markdown
 * file and line and the upload, publish nothing of it, decode nothing it can
 * refuse from the file's header, and decode the rest only under sharp's time
 * limit, so no upload can hold the build; the markdown also through the
 * site's remark plugins, which must refuse it the same way or render it inert.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseFragment } from 'parse5';
import sharp from 'sharp';
import { writeContentImages } from '../../features/images/contentImages.node';
import { readImageMap } from '../../features/images/imageMap.node.js';
import { ANIMATION_MAX_FRAMES, IMAGE_MAX_BYTES, IMAGE_TIMEOUT_SECONDS, IMAGES_PATH } from '../../features/images/pipeline.node';
import { MEDIA_FOLDER } from '../../features/images/paths';
import { SITE_PLUGINS, transformMarkdown, writeContentFile, type PluginEntry } from '../support/transformRemark';
import { HOSTILE, fixture, openedElements, renderContent, scratch } from '../support/hostile';
import { SHARP_TIMEOUT_MESSAGE, watchSharp, type SharpRun } from '../support/sharpRuns';
import { publicDirOf } from '../../system/paths.js';

const CLASS = 'images';
const ROOT = path.join(__dirname, '..', '..');

const ALLOWED = `an image comes from the media folder: upload it in the CMS, or put it in ${MEDIA_FOLDER}/ and write ![what it shows](/media/<name>)`;
const EXPORT_AGAIN = 'export it again from an image editor as a PNG, JPEG, GIF, WebP or AVIF of at most 50 megapixels';
const outside = (url: string) => `"${url}" is not in the media folder; ${ALLOWED}`;
const notAFile = (url: string) => `"${url}" is not a file of the media folder (no query, fragment, control character, empty, hidden, "." or ".." parts); ${ALLOWED}`;
const noAlt = (url: string) => `the image ${url} has no alt text: say what it shows, ![a shelf of labelled stock](${url}), so that people who cannot see it learn it too`;
const animation = (what: string) => `is an animation of ${what}: at most ${ANIMATION_MAX_FRAMES} frames and 60 megapixels in all; make it a video elsewhere, or shorter`;
const misnamed = (extension: string, type: string) => `is named .${extension} but its contents are not ${type} image; give it the extension of what it is, or ${EXPORT_AGAIN}`;
const cutShort = (source: string) =>
  new RegExp(`^${source.replace(/\./g, '\\.')} cannot be made into the site's images \\(.+\\): it may be cut short, damaged or too slow to decode; ${EXPORT_AGAIN}$`);

// Making the site's own photos takes seconds on a shared machine.
jest.setTimeout(60_000);

let project: string;
let publicDir: string;
beforeAll(async () => {
  project = scratch(CLASS);
  publicDir = publicDirOf(project);
  fs.cpSync(path.join(HOSTILE, CLASS, 'media'), path.join(project, MEDIA_FOLDER), { recursive: true });
  // The one good upload the markdown fixtures name.
  const shelf = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#884422' } })
    .jpeg()
    .toBuffer();
  fs.writeFileSync(path.join(project, MEDIA_FOLDER, 'shelf.jpg'), shelf);
});
afterAll(() => fs.rmSync(project, { recursive: true, force: true }));

/**
 * The build's image step over content/blog/en/<name> holding `source`, read
 * by gatsby-transformer-remark as a build reads it, with what it asked of
 * sharp (watched by `sharpCalls`, which it restores).
 */
async function imageStep(name: string, source: string, sharpCalls = watchSharp('run')): Promise<{ errors: string[]; images: number; runs: readonly SharpRun[] }> {
  try {
    const parent = writeContentFile(project, `blog/en/${name}`, source);
    const { markdownNode } = await transformMarkdown(parent, source, [], { language: 'en' });
    const getNode = (id: string) => (id === parent.id ? parent : undefined);
    type Node = Parameters<typeof writeContentImages>[2][number];
    const { errors, images } = await writeContentImages(project, publicDir, [markdownNode as unknown as Node], getNode);
    return { errors, images, runs: sharpCalls.runs };
  } finally {
    sharpCalls.restore();
  }
}

/** The pipelines among sharp's calls: where pixels are decoded and encoded. */
const pipelines = (runs: readonly SharpRun[]) => runs.filter((run) => run.step === 'toBuffer');

/** content/blog/en/<name> through the site's remark plugins, the image plugin reading the image map the last image step of the project wrote. */
const render = (name: string, source: string) => {
  const plugins: PluginEntry[] = SITE_PLUGINS.map((entry) => (entry === 'stockpay-remark-images' ? { resolve: entry, options: { projectDir: project } } : entry));
  return renderContent(project, `blog/en/${name}`, source, { plugins });
};

/** The files the image step published. */
const publishedImages = () => (fs.existsSync(path.join(publicDir, IMAGES_PATH)) ? fs.readdirSync(path.join(publicDir, IMAGES_PATH)) : []);

/** A post whose line 9 shows `url`. */
const post = (url: string) =>
  ['---', 'title: "Photos from the shop"', 'description: "A photo."', 'date: 2026-11-02', '---', '', 'Here is the photo.', '', `![The shelf by the till](${url})`, ''].join('\n');

describe('uploads the image step refuses, naming the post, its line and the upload', () => {
  const UPLOADS: [string, string, string | ((source: string) => RegExp)][] = [
    [
      'a PNG whose header claims 20,000 x 20,000 pixels (a decompression bomb)',
      'bomb-20000x20000.png',
      `cannot be read as an image (Input image exceeds pixel limit); ${EXPORT_AGAIN}`,
    ],
    [
      'a JPEG whose frame claims 30,000 x 30,000 pixels, its extension in capitals',
      'Panorama.JPG',
      `cannot be read as an image (Input image exceeds pixel limit); ${EXPORT_AGAIN}`,
    ],
    ['a PNG named .jpg', 'screenshot.jpg', misnamed('jpg', 'a JPEG')],
    ['a GIF named .webp', 'sticker.webp', misnamed('webp', 'a WebP')],
    ['an SVG named .png', 'chart.png', misnamed('png', 'a PNG')],
    [
      'an SVG carrying a script, an onload handler and a link to a file of the machine',
      'logo.svg',
      'is an SVG: a drawing can carry script, so the site takes photographs and screenshots only (PNG, JPEG, GIF, WebP, AVIF); export it as a PNG',
    ],
    ['a JPEG cut short', 'cut-short.jpg', cutShort],
    ['a PNG cut short', 'cut-short.png', cutShort],
    [`a GIF of ${ANIMATION_MAX_FRAMES + 1} frames`, 'frames.gif', animation(`${ANIMATION_MAX_FRAMES + 1} frames of 8 x 8`)],
    ['a GIF of 100 frames of 800 x 800 pixels (64 megapixels in 2 kB)', 'megapixels.gif', animation('100 frames of 800 x 800')],
    [`an animated WebP of ${ANIMATION_MAX_FRAMES + 1} frames`, 'frames.webp', animation(`${ANIMATION_MAX_FRAMES + 1} frames of 8 x 8`)],
  ];

  it.each(UPLOADS)('%s', async (_, name, reason) => {
    const source = `${MEDIA_FOLDER}/${name}`;
    const { errors, images, runs } = await imageStep(`upload-${name.toLowerCase().replace(/\W+/g, '-')}.md`, post(`/media/${name}`));
    expect(errors).toHaveLength(1);
    const [where, message] = [errors[0].slice(0, errors[0].indexOf(': ') + 2), errors[0].slice(errors[0].indexOf(': ') + 2)];
    expect(where).toMatch(/^content\/blog\/en\/upload-[\w-]+\.md:9: $/);
    if (typeof reason === 'string') expect(message).toBe(`${source} ${reason}`);
    else expect(message).toMatch(reason(source));
    expect(images).toBe(0);
    expect(readImageMap(project)).toEqual({});
    expect(publishedImages()).toEqual([]);
    // Refused from its header, it was never decoded; a file cut short (refused by pattern) is found out decoding, under the time limit.
    expect(pipelines(runs)).toEqual(typeof reason === 'string' ? [] : [{ step: 'toBuffer', limitSeconds: IMAGE_TIMEOUT_SECONDS }]);
  });

  it('a file over the size limit, before reading a byte of it', async () => {
    const file = path.join(project, MEDIA_FOLDER, 'huge.png');
    // A PNG's signature, then nothing: 26 MB on the scale, none on the disk.
    fs.writeFileSync(file, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    fs.truncateSync(file, 26 * 1024 * 1024);
    expect(fs.statSync(file).size).toBeGreaterThan(IMAGE_MAX_BYTES);
    const reads = jest.spyOn(fs, 'readFileSync');
    try {
      const { errors, runs } = await imageStep('huge.md', post('/media/huge.png'));
      expect(errors).toEqual([`content/blog/en/huge.md:9: ${MEDIA_FOLDER}/huge.png is 26.0 MB, over the 25 MB an image may be; export it again from an image editor, smaller`]);
      expect(reads.mock.calls.filter(([read]) => read === file)).toEqual([]);
      expect(runs).toEqual([]);
    } finally {
      reads.mockRestore();
    }
  });

  it('an image that takes too long to make: sharp’s time limit stops it, and the refusal names the post, its line and the upload', async () => {
    // Any image will do: its pipeline is held, so it cannot finish however fast the machine; only the limit can end it.
    const source = `${MEDIA_FOLDER}/too-slow.png`;
    fs.writeFileSync(
      path.join(project, source),
      await sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } })
        .png()
        .toBuffer(),
    );
    const sharpCalls = watchSharp('hold');
    let settled = false;
    const step = imageStep('too-slow.md', post('/media/too-slow.png'), sharpCalls);
    void step.finally(() => (settled = true));
    await sharpCalls.started(1);
    expect(pipelines(sharpCalls.runs)).toEqual([{ step: 'toBuffer', limitSeconds: IMAGE_TIMEOUT_SECONDS }]);
    // A moment short of the limit, the step still waits; at the limit, sharp stops the pipeline and the step refuses the upload.
    sharpCalls.advance(IMAGE_TIMEOUT_SECONDS * 1000 - 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    sharpCalls.advance(1);
    const { errors, images } = await step;
    expect(errors).toEqual([
      `content/blog/en/too-slow.md:9: ${source} cannot be made into the site's images (${SHARP_TIMEOUT_MESSAGE.replace('\n', '; ')}): it may be cut short, damaged or too slow to decode; ${EXPORT_AGAIN}`,
    ]);
    expect(images).toBe(0);
    expect(publishedImages()).toEqual([]);
  });

  it('an upload that does not exist, by any spelling, inline or by reference', async () => {
    const { errors, runs } = await imageStep('missing-upload.md', fixture(CLASS, 'missing-upload.md'));
    const missing = (line: number, source: string, folder: string) =>
      `content/blog/en/missing-upload.md:${line}: ${source} does not exist: upload the image to ${folder}/, or correct its name`;
    expect(errors).toEqual([
      missing(7, `${MEDIA_FOLDER}/2026/forgotten.jpg`, `${MEDIA_FOLDER}/2026`),
      missing(9, `${MEDIA_FOLDER}/Shelf.JPG`, MEDIA_FOLDER),
      missing(11, `${MEDIA_FOLDER}/shelf.jpg `, MEDIA_FOLDER),
      missing(13, `${MEDIA_FOLDER}/gone.png`, MEDIA_FOLDER),
    ]);
    expect(runs).toEqual([]);
    // Had the step been skipped, the plugin would not show them either.
    expect((await render('missing-upload.md', fixture(CLASS, 'missing-upload.md'))).error).toBe(
      [
        `content/blog/en/missing-upload.md:7: ${MEDIA_FOLDER}/2026/forgotten.jpg was not made by the build's image step (features/images/contentImages.node.ts), which runs before the pages`,
        `content/blog/en/missing-upload.md:9: ${MEDIA_FOLDER}/Shelf.JPG was not made by the build's image step (features/images/contentImages.node.ts), which runs before the pages`,
        `content/blog/en/missing-upload.md:11: ${MEDIA_FOLDER}/shelf.jpg  was not made by the build's image step (features/images/contentImages.node.ts), which runs before the pages`,
        `content/blog/en/missing-upload.md:13: ${MEDIA_FOLDER}/gone.png was not made by the build's image step (features/images/contentImages.node.ts), which runs before the pages`,
      ].join('\n'),
    );
  });
});

describe('markdown that names an image outside the media folder, or none', () => {
  /** Each image line of outside-media.md and what it is refused for. */
  const OUTSIDE: [number, string][] = [
    [10, outside('https://evil.example/pixel.png?u=editor')],
    [12, outside('HTTP://EVIL.EXAMPLE/shelves.jpg')],
    [14, outside('//evil.example/aisle.jpg')],
    [16, outside('../../static/favicon.svg')],
    [18, notAFile('/media/../../site.env')],
    [20, notAFile('/media/.hidden.png')],
    [22, notAFile('/media/labelled-stock.jpg?width=9999')],
    [24, notAFile('/media/labelled-stock.jpg#xywh=0,0,10,10')],
    [26, notAFile('/media/%2e%2E/%2E%2e/package.json')],
    // Markdown reads `\.` as an escaped dot: the backslash before "site.env" is what is left.
    [28, notAFile('/media/....\\site.env')],
    [30, notAFile('/media/%5C..%5Csite.env')],
    [32, outside('/static/media/labelled-stock.jpg')],
    // A reference image is refused at its own line, for its definition's URL.
    [34, outside('https://evil.example/t.gif')],
  ];
  const lines = (name: string, problems: [number, string][]) => problems.map(([line, message]) => `content/blog/en/${name}:${line}: ${message}`);

  it('other sites, climbing out, hidden files, queries, fragments, backslashes: the image step refuses each at its line', async () => {
    const { errors, images, runs } = await imageStep('outside-media.md', fixture(CLASS, 'outside-media.md'));
    expect(errors).toEqual(lines('outside-media.md', OUTSIDE));
    expect(images).toBe(0);
    expect(runs).toEqual([]);
  });

  it('… and so does the image plugin, in the order they are written', async () => {
    expect((await render('outside-media.md', fixture(CLASS, 'outside-media.md'))).error).toBe(lines('outside-media.md', OUTSIDE).join('\n'));
  });

  it('data: URLs, in either case: the image step refuses them; the markdown check refuses their scheme first', async () => {
    const source = fixture(CLASS, 'data-url.md');
    const { errors } = await imageStep('data-url.md', source);
    const svg = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0iYWxlcnQoMSkiLz4=';
    const png = 'DATA:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    expect(errors).toEqual(
      lines('data-url.md', [
        [9, outside(svg)],
        [11, outside(png)],
      ]),
    );
    const { error } = await render('data-url.md', source);
    expect(error?.split('\n')).toEqual([
      expect.stringMatching(
        /^content\/blog\/en\/data-url\.md:9: image "data:image\/svg\+xml;base64,[^"]+": the scheme "data:" is not allowed; use http, https, mailto, tel or a relative URL$/,
      ),
      expect.stringMatching(
        /^content\/blog\/en\/data-url\.md:11: image "DATA:image\/png;base64,[^"]+": the scheme "data:" is not allowed; use http, https, mailto, tel or a relative URL$/,
      ),
    ]);
  });

  it('images without alt text: empty, spaces, a title instead, a reference', async () => {
    const NO_ALT: [number, string][] = [7, 9, 11, 13].map((line) => [line, noAlt('/media/shelf.jpg')]);
    const { errors, runs } = await imageStep('no-alt.md', fixture(CLASS, 'no-alt.md'));
    expect(errors).toEqual(lines('no-alt.md', NO_ALT));
    expect(runs).toEqual([]);
    expect((await render('no-alt.md', fixture(CLASS, 'no-alt.md'))).error).toBe(lines('no-alt.md', NO_ALT).join('\n'));
  });

  it('a cover from another site: the image step refuses the field', async () => {
    const { errors } = await imageStep('cover-outside.md', fixture(CLASS, 'cover-outside.md'));
    expect(errors).toEqual([`content/blog/en/cover-outside.md: frontmatter field "image": ${outside('//evil.example/cover.jpg')}`]);
  });
});

describe('markup in an image’s words', () => {
  interface Node {
    nodeName: string;
    attrs?: { name: string; value: string }[];
    value?: string;
    childNodes?: Node[];
  }
  const walk = (node: Node, visit: (node: Node) => void) => {
    visit(node);
    (node.childNodes ?? []).forEach((child) => walk(child, visit));
  };

  it('alt text and captions stay text: no element, attribute or URL of theirs reaches the page', async () => {
    const source = fixture(CLASS, 'alt-markup.md');
    const step = await imageStep('alt-markup.md', source);
    expect([step.errors, step.images]).toEqual([[], 1]);
    const { html, error } = await render('alt-markup.md', source);
    expect(error).toBeUndefined();
    expect([...new Set(openedElements(html ?? ''))].sort()).toEqual(['a', 'figcaption', 'figure', 'img', 'p', 'picture', 'source', 'span']);
    const alts: string[] = [];
    const captions: string[] = [];
    const attributes = new Set<string>();
    const links: string[] = [];
    walk(parseFragment(html ?? '') as unknown as Node, (node) => {
      for (const attribute of node.attrs ?? []) attributes.add(`${node.nodeName} ${attribute.name}`);
      if (node.nodeName === 'img') alts.push(node.attrs?.find((attribute) => attribute.name === 'alt')?.value ?? '');
      if (node.nodeName === 'a') links.push(node.attrs?.find((attribute) => attribute.name === 'href')?.value ?? '');
      if (node.nodeName === 'figcaption') captions.push((node.childNodes ?? []).map((child) => child.value ?? '').join(''));
    });
    expect(alts).toEqual(['<img src=x onerror=alert(1)> "quoted" & <script>alert(2)</script>', '" onerror="alert(5)', '<svg onload=alert(6)>']);
    expect(captions).toEqual(["</figcaption><script>alert(3)</script><a href='javascript:alert(4)'>x</a>"]);
    expect([...attributes].sort()).toEqual(
      [
        'a class',
        'a href',
        'figure class',
        'img alt',
        'img decoding',
        'img height',
        'img loading',
        'img sizes',
        'img src',
        'img srcset',
        'img style',
        'img width',
        'source sizes',
        'source srcset',
        'source type',
        'span class',
      ].sort(),
    );
    // Every link is the image's full size, on the site.
    expect(links).toHaveLength(3);
    for (const link of links) expect(link).toMatch(/^\/static\/images\/[0-9a-f]{20}-400\.jpg$/);
  });
});

describe('the real content', () => {
  it('passes the image step, and every image it shows is made', async () => {
    const directory = scratch('images-content');
    try {
      fs.cpSync(path.join(ROOT, 'content'), path.join(directory, 'content'), { recursive: true });
      const files = (fs.readdirSync(path.join(directory, 'content'), { recursive: true, encoding: 'utf8' }) as string[]).filter((file) => file.endsWith('.md'));
      const nodes = await Promise.all(
        files.map(async (file) => {
          const parent = writeContentFile(directory, file, fs.readFileSync(path.join(directory, 'content', file), 'utf8'));
          return { parent, node: (await transformMarkdown(parent, fs.readFileSync(parent.absolutePath as string, 'utf8'), [], {})).markdownNode };
        }),
      );
      const getNode = (id: string) => nodes.find(({ parent }) => parent.id === id)?.parent;
      type Node = Parameters<typeof writeContentImages>[2][number];
      const result = await writeContentImages(
        directory,
        publicDirOf(directory),
        nodes.map(({ node }) => node as unknown as Node),
        getNode,
      );
      expect(result.errors).toEqual([]);
      expect(result.images).toBeGreaterThanOrEqual(1);
      expect(Object.keys(readImageMap(directory))).toContain(`${MEDIA_FOLDER}/labelled-stock.jpg`);
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});
