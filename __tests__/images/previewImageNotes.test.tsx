/**
 * The CMS preview's images: each
 * upload a post shows, body or cover, drawn from the address the CMS gives
 * (Decap's getAsset, through register.ts), with a note of what the site
 * will do with it, in the preview's own words (PREVIEW_TEXT). The browser's
 * part (decoding the upload) is stood in for: a test sets an image's
 * natural size and fires its load event, as a browser does once it has
 * the file. e2e/admin.spec.ts runs the same in Chromium with Decap.
 */
import React from 'react';
import { Blob as NodeBlob } from 'node:buffer';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, render, waitFor } from '@testing-library/react';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from '../../features/images/limits';
import { mediaSource } from '../../features/images/remark-images/transform';
import { EntryPreview, PREVIEW_TEXT, type MediaAssets } from '../../features/cms/preview/EntryPreview';
import { mediaAssets } from '../../features/cms/preview/register.browser';
import { previewView } from '../../features/cms/preview/views';
import { LARGEST_WIDTH } from '../../features/images/previewNotes';
import { PREVIEW_SETTINGS } from '../support/previewSettings';

const ROOT = path.join(__dirname, '..', '..');
const PHOTO_BYTES = readFileSync(path.join(ROOT, 'content/media/labelled-stock.jpg'));

const settings = PREVIEW_SETTINGS;

/** A post in the preview, as Decap's entry data has it. */
const post = (body: string, fields: Record<string, unknown> = {}) =>
  previewView({ section: 'blog', language: 'en', name: 'photos', lineOffset: 5 }, { title: 'Photos', description: 'Shelves.', date: '2026-11-01', body, ...fields });

/** A file as Decap holds an upload chosen in this session; Node's Blob, which reads its bytes back as jsdom's cannot. */
const file = (bytes: Uint8Array | string) => new NodeBlob([bytes]) as unknown as Blob;

/** The CMS's uploads by path: what each answers, undefined while it loads. */
const cms =
  (uploads: Record<string, { url: string; file?: Blob }>): MediaAssets =>
  (assetPath) =>
    uploads[assetPath];

/** Marks an <img> as loaded at a natural size, as a browser does once it has drawn the upload. */
function load(img: HTMLImageElement, width: number, height: number): void {
  Object.defineProperty(img, 'naturalWidth', { value: width, configurable: true });
  Object.defineProperty(img, 'naturalHeight', { value: height, configurable: true });
  act(() => {
    img.dispatchEvent(new Event('load'));
  });
}

const notes = (container: HTMLElement) => Array.from(container.querySelectorAll<HTMLElement>('[data-preview-image-note]'));
const imageOf = (container: HTMLElement, alt: string) => {
  const img = Array.from(container.querySelectorAll('img')).find((candidate) => candidate.getAttribute('alt') === alt);
  if (!img) throw new Error(`no image "${alt}"`);
  return img;
};

describe("the preview's image of an upload", () => {
  it("is drawn from the CMS's address, and once loaded says the size the site serves and the alt text", async () => {
    const { container } = render(
      <EntryPreview
        view={post('![A shelf of labelled stock](/media/shelf.jpg "Every pack has its label.")')}
        settings={settings}
        assets={cms({ 'content/media/shelf.jpg': { url: 'blob:http://localhost/1' } })}
      />,
    );
    const img = imageOf(container, 'A shelf of labelled stock');
    expect(img).toHaveAttribute('src', 'blob:http://localhost/1');
    // The figure is the site's, caption and all; the note is beside it, never inside the body's HTML.
    const figure = img.closest('figure');
    expect(figure).toHaveClass('image');
    expect(figure?.querySelector('figcaption')).toHaveTextContent('Every pack has its label.');
    expect(figure?.querySelector('[data-preview-image-note]')).toBeNull();
    const [note] = notes(container);
    expect(figure?.nextElementSibling).toContainElement(note);
    expect(note).toHaveTextContent(`${PREVIEW_TEXT.imageAlt} A shelf of labelled stock`);
    expect(note).not.toHaveTextContent('The site shows it');

    load(img, 2048, 1536);
    expect(note).toHaveTextContent(PREVIEW_TEXT.imageServed(LARGEST_WIDTH, Math.round((1536 * LARGEST_WIDTH) / 2048)));
    expect(note).toHaveTextContent(PREVIEW_TEXT.imageScaled(2048, 1536));
    load(img, 800, 600);
    expect(note).toHaveTextContent(PREVIEW_TEXT.imageServed(800, 600));
    expect(note).not.toHaveTextContent('The upload is');
    expect(note.querySelector('[role="alert"]')).toBeNull();
  });

  it('says it is loading until the CMS has the upload, and shows it once Decap draws the preview again', () => {
    const view = post('![A shelf](/media/shelf.jpg)');
    const { container, rerender } = render(<EntryPreview view={view} settings={settings} assets={cms({})} />);
    expect(imageOf(container, 'A shelf')).toHaveAttribute('src', '/media/shelf.jpg');
    expect(notes(container)[0]).toHaveTextContent(PREVIEW_TEXT.imageLoading);
    rerender(<EntryPreview view={{ ...view }} settings={settings} assets={cms({ 'content/media/shelf.jpg': { url: 'blob:http://localhost/2' } })} />);
    expect(imageOf(container, 'A shelf')).toHaveAttribute('src', 'blob:http://localhost/2');
    expect(notes(container)[0]).not.toHaveTextContent(PREVIEW_TEXT.imageLoading);
  });

  it("never puts into the image an address the CMS hands back unresolved, nor one that is not an image's, and says the upload is missing", () => {
    for (const url of ['content/media/shelf.jpg', '/media/shelf.jpg', 'javascript:alert(1)', 'data:text/html,<script>alert(1)</script>']) {
      const { container, unmount } = render(<EntryPreview view={post('![A shelf](/media/shelf.jpg)')} settings={settings} assets={cms({ 'content/media/shelf.jpg': { url } })} />);
      expect([url, imageOf(container, 'A shelf').getAttribute('src')]).toEqual([url, '/media/shelf.jpg']);
      expect(notes(container)[0]).toHaveTextContent(PREVIEW_TEXT.imageMissing('content/media/shelf.jpg'));
      unmount();
    }
  });

  it("tells the build's refusals: an SVG, contents that are not the named image, too many bytes, too many pixels, an image the browser cannot draw", async () => {
    const { container } = render(
      <EntryPreview
        view={post(
          [
            '![A logo](/media/logo.svg)',
            '![A chart](/media/chart.png)',
            '![A scan](/media/scan.jpg)',
            '![A panorama](/media/panorama.jpg)',
            '![A broken one](/media/broken.jpg)',
          ].join('\n\n'),
        )}
        settings={settings}
        assets={cms({
          'content/media/logo.svg': { url: 'blob:http://localhost/logo', file: file('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') },
          'content/media/chart.png': { url: 'blob:http://localhost/chart', file: file(PHOTO_BYTES) },
          'content/media/scan.jpg': { url: 'blob:http://localhost/scan', file: file(new Uint8Array(IMAGE_MAX_BYTES + 1).fill(0xff)) },
          'content/media/panorama.jpg': { url: 'blob:http://localhost/panorama', file: file(PHOTO_BYTES) },
          'content/media/broken.jpg': { url: 'blob:http://localhost/broken' },
        })}
      />,
    );
    const [logo, chart, scan, panorama, broken] = notes(container);
    expect(logo.querySelector('[role="alert"]')).toHaveTextContent(`${PREVIEW_TEXT.imageRefused}${PREVIEW_TEXT.imageProblem({ kind: 'svg' })}`);
    await waitFor(() =>
      expect(chart.querySelector('[role="alert"]')).toHaveTextContent(
        PREVIEW_TEXT.imageProblem({ kind: 'content', message: 'content/media/chart.png is named .png but its contents are not a PNG image' }),
      ),
    );
    await waitFor(() =>
      expect(scan.querySelector('[role="alert"]')).toHaveTextContent(PREVIEW_TEXT.imageProblem({ kind: 'bytes', bytes: IMAGE_MAX_BYTES + 1, limit: IMAGE_MAX_BYTES })),
    );
    // Rounded up, so a size just over a limit never reads as the limit.
    expect(PREVIEW_TEXT.imageProblem({ kind: 'bytes', bytes: IMAGE_MAX_BYTES + 1, limit: IMAGE_MAX_BYTES })).toBe(
      `it is ${IMAGE_MAX_BYTES / 1024 / 1024 + 0.1} MB, over the ${IMAGE_MAX_BYTES / 1024 / 1024} MB an image may be.`,
    );
    const height = IMAGE_MAX_PIXELS / 10_000 + 1;
    load(imageOf(container, 'A panorama'), 10_000, height);
    expect(panorama.querySelector('[role="alert"]')).toHaveTextContent(PREVIEW_TEXT.imageProblem({ kind: 'pixels', width: 10_000, height, limit: IMAGE_MAX_PIXELS }));
    expect(PREVIEW_TEXT.imageProblem({ kind: 'pixels', width: 10_000, height, limit: IMAGE_MAX_PIXELS })).toBe(
      `it is 10000 × ${height} px, ${IMAGE_MAX_PIXELS / 1e6 + 0.01} megapixels, over the ${IMAGE_MAX_PIXELS / 1e6} megapixels an image may have.`,
    );
    expect(panorama).toHaveTextContent(PREVIEW_TEXT.imageServed(LARGEST_WIDTH, Math.round((height * LARGEST_WIDTH) / 10_000)));
    act(() => {
      imageOf(container, 'A broken one').dispatchEvent(new Event('error'));
    });
    expect(broken).toHaveTextContent(PREVIEW_TEXT.imageUnreadable);
  });

  it('says an upload in a folder of the media folder is not shown here, and never asks the CMS for it', () => {
    const assets = jest.fn<ReturnType<MediaAssets>, Parameters<MediaAssets>>(() => ({ url: 'blob:http://localhost/other' }));
    const { container } = render(<EntryPreview view={post('![Last year](/media/2025/shelf.jpg)')} settings={settings} assets={assets} />);
    expect(assets).not.toHaveBeenCalled();
    expect(imageOf(container, 'Last year')).toHaveAttribute('src', '/media/2025/shelf.jpg');
    expect(notes(container)[0]).toHaveTextContent(PREVIEW_TEXT.imageSubfolder('content/media/2025/shelf.jpg'));
  });

  it('puts the note of an image in a line of text right after it, in the line', () => {
    const { container } = render(<EntryPreview view={post('Scan the ![barcode](/media/code.png) on each pack.')} settings={settings} assets={cms({})} />);
    const img = imageOf(container, 'barcode');
    expect(img.parentElement?.tagName).toBe('P');
    expect(img.nextElementSibling?.tagName).toBe('SPAN');
    expect(img.nextElementSibling).toContainElement(notes(container)[0]);
  });

  it('shows alt text that carries markup as text, and runs nothing', () => {
    const alt = '<img src=x onerror=alert(1)> "quoted" & <script>alert(2)</script>';
    const { container } = render(<EntryPreview view={post(`![${alt}](/media/shelf.jpg)`)} settings={settings} assets={cms({})} />);
    expect(container.querySelectorAll('script')).toHaveLength(0);
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(notes(container)[0].querySelector('q')?.textContent).toBe(imageOf(container, alt).getAttribute('alt'));
  });

  it('keeps its image and note when Decap draws the same text again, and places none when the build refuses the text', () => {
    const view = post('![A shelf](/media/shelf.jpg)');
    const assets = cms({ 'content/media/shelf.jpg': { url: 'blob:http://localhost/3' } });
    const { container, rerender } = render(<EntryPreview view={view} settings={settings} assets={assets} />);
    load(imageOf(container, 'A shelf'), 1000, 500);
    rerender(<EntryPreview view={{ ...view }} settings={settings} assets={assets} />);
    expect(notes(container)).toHaveLength(1);
    expect(notes(container)[0]).toHaveTextContent(PREVIEW_TEXT.imageServed(1000, 500));
    rerender(<EntryPreview view={post('![](/media/shelf.jpg)')} settings={settings} assets={assets} />);
    expect(notes(container)).toHaveLength(0);
    expect(container.querySelector('[role="alert"]')).toHaveTextContent('content/blog/en/photos.md:6: the image /media/shelf.jpg has no alt text');
  });
});

describe("the preview's cover", () => {
  it('stands above the text, drawn from the upload, with its note and where else the site shows it', () => {
    const { container } = render(
      <EntryPreview
        view={post('Text.', { image: '/media/till.jpg', imageAlt: 'A till with a terminal' })}
        settings={settings}
        assets={cms({ 'content/media/till.jpg': { url: 'blob:http://localhost/till' } })}
      />,
    );
    const article = container.querySelector('article');
    const cover = article?.firstElementChild;
    expect(cover?.tagName).toBe('FIGURE');
    const img = imageOf(container, 'A till with a terminal');
    expect(cover).toContainElement(img);
    expect(img).toHaveAttribute('src', 'blob:http://localhost/till');
    load(img, 1200, 900);
    expect(cover).toHaveTextContent(PREVIEW_TEXT.imageServed(1200, 900));
    expect(cover).toHaveTextContent(PREVIEW_TEXT.coverUses);
    expect(cover).not.toHaveTextContent(PREVIEW_TEXT.coverNoAlt);
  });

  it('says a cover without alt text is refused, and an address outside the media folder in the words the build refuses it with', () => {
    const { container, rerender } = render(<EntryPreview view={post('Text.', { image: '/media/till.jpg' })} settings={settings} assets={cms({})} />);
    expect(container.querySelector('article figure')).toHaveTextContent(PREVIEW_TEXT.coverNoAlt);
    const outside = '//evil.example/cover.jpg';
    rerender(<EntryPreview view={post('Text.', { image: outside, imageAlt: 'A cover' })} settings={settings} assets={cms({})} />);
    const refusal = container.querySelector('article [role="alert"]');
    expect(refusal).toHaveTextContent(PREVIEW_TEXT.coverRefused);
    expect(refusal).toHaveTextContent((mediaSource(outside) as { error: string }).error);
    expect(Array.from(container.querySelectorAll('img')).map((img) => img.getAttribute('src'))).toEqual([]);
  });
});

describe("register.ts's mediaAssets: Decap's getAsset as the preview asks it", () => {
  it("answers the upload Decap holds at that path, with the file chosen in this session, and nothing for Decap's placeholder while it loads", () => {
    const chosen = file('x');
    const assets = mediaAssets((assetPath) =>
      assetPath === 'content/media/new.png'
        ? { path: assetPath, url: 'blob:http://localhost/new', fileObj: chosen }
        : assetPath === 'content/media/old.png'
          ? { path: assetPath, url: 'blob:http://localhost/old' }
          : { path: 'empty.svg', url: 'blob:http://localhost/empty' },
    );
    expect(assets?.('content/media/new.png')).toEqual({ url: 'blob:http://localhost/new', file: chosen });
    expect(assets?.('content/media/old.png')).toEqual({ url: 'blob:http://localhost/old' });
    expect(assets?.('content/media/loading.png')).toBeUndefined();
    expect(mediaAssets(undefined)).toBeUndefined();
  });
});
