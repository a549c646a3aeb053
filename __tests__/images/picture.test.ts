/** @jest-environment node */
/**
 * Editors' images as pages show them:
 * the sources in the order browsers should take them (AVIF, WebP, the
 * fallback), the srcset of each, the sizes, the size of the largest
 * fallback, how each is loaded, the link to the full size, and every
 * editor's word escaped.
 */
import { parseFragment } from 'parse5';
import {
  IMAGE_WIDTHS,
  MEDIA_TYPES,
  PROSE_IMAGE_WIDTH,
  PROSE_SIZES,
  formatsOf,
  pictureHtml,
  pictureParts,
  uploadHtml,
  type ImageFormat,
  type ProcessedImage,
} from '../../features/images/picture';

const KEY = '0123456789abcdef0123';
const EXTENSIONS: Record<ImageFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png', gif: 'gif' };

/** What the build makes of an upload `width` x `height`, its files listed in the order given. */
function processed(formats: ImageFormat[], widths: number[], fallback: ImageFormat, ratio = 0.75): ProcessedImage {
  const files = formats.flatMap((format) =>
    widths.map((width) => ({ format, width, height: Math.round(width * ratio), path: `/static/images/${KEY}-${width}.${EXTENSIONS[format]}`, bytes: width * 10 })),
  );
  const largest = widths[widths.length - 1];
  return { key: KEY, source: 'content/media/shelf.jpg', width: largest, height: Math.round(largest * ratio), color: '#b80808', animated: false, fallback, files };
}

const photo = processed(['avif', 'webp', 'jpeg'], [360, 720, 1080, 1440], 'jpeg');
const srcset = (extension: string, widths: number[]) => widths.map((width) => `/static/images/${KEY}-${width}.${extension} ${width}w`).join(', ');

describe('the widths and sizes', () => {
  it('makes widths up to twice the prose column, and offers it at the column’s width where the layout draws it so', () => {
    expect(IMAGE_WIDTHS).toEqual([360, 720, 1080, 1632]);
    expect(PROSE_IMAGE_WIDTH).toBe(825);
    // Twice the column, less what keeps the common photo shapes exact: a multiple of 96, within 2 % of it.
    const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
    expect(largest % 96).toBe(0);
    expect(largest).toBeLessThanOrEqual(2 * PROSE_IMAGE_WIDTH);
    expect(largest).toBeGreaterThan(0.98 * 2 * PROSE_IMAGE_WIDTH);
    for (const [across, down] of [
      [4, 3],
      [3, 2],
      [16, 9],
    ])
      expect(Number.isInteger((largest * down) / across)).toBe(true);
    expect(PROSE_SIZES).toBe('(min-width: 1153px) 825px, (min-width: 1024px) calc(100vw - 328px), (min-width: 865px) 825px, calc(100vw - 40px)');
  });

  it('has a media type for every format', () => {
    expect(MEDIA_TYPES).toEqual({ avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif' });
  });
});

describe('formatsOf', () => {
  it('offers AVIF, then WebP, then the fallback, each once, whatever order the files are in', () => {
    const shuffled = { ...photo, files: [...photo.files].reverse() };
    expect(formatsOf(shuffled)).toEqual(['avif', 'webp', 'jpeg']);
    expect(formatsOf(processed(['png', 'webp', 'avif'], [360], 'png'))).toEqual(['avif', 'webp', 'png']);
    expect(formatsOf(processed(['gif', 'avif', 'webp'], [360], 'gif'))).toEqual(['avif', 'webp', 'gif']);
  });

  it('puts WebP last when it is the fallback (an AVIF upload), and an animation’s GIF after its WebP', () => {
    expect(formatsOf(processed(['webp', 'avif'], [360], 'webp'))).toEqual(['avif', 'webp']);
    expect(formatsOf(processed(['gif', 'webp'], [360, 720], 'gif'))).toEqual(['webp', 'gif']);
    expect(formatsOf(processed(['webp'], [360], 'webp'))).toEqual(['webp']);
  });
});

describe('pictureParts', () => {
  it('gives a source per format but the fallback, each with its widths ascending, and the fallback to the <img>', () => {
    const shuffled = { ...photo, files: [...photo.files].reverse() };
    const parts = pictureParts(shuffled, { sizes: PROSE_SIZES, loading: 'lazy' });
    expect(parts.sources).toEqual([
      { type: 'image/avif', srcSet: srcset('avif', [360, 720, 1080, 1440]), sizes: PROSE_SIZES },
      { type: 'image/webp', srcSet: srcset('webp', [360, 720, 1080, 1440]), sizes: PROSE_SIZES },
    ]);
    expect(parts.img).toEqual({
      src: `/static/images/${KEY}-720.jpg`,
      srcSet: srcset('jpg', [360, 720, 1080, 1440]),
      sizes: PROSE_SIZES,
      width: 1440,
      height: 1080,
      loading: 'lazy',
      decoding: 'async',
      color: '#b80808',
    });
    expect(parts.full).toBe(`/static/images/${KEY}-1440.jpg`);
  });

  it('sizes the <img> by its largest fallback file, whose ratio every file shares', () => {
    const portrait = processed(['avif', 'webp', 'jpeg'], [360, 720, 1000], 'jpeg', 4 / 3);
    const parts = pictureParts(portrait, { sizes: '100vw', loading: 'first' });
    expect([parts.img.width, parts.img.height]).toEqual([1000, 1333]);
    expect(parts.full).toBe(`/static/images/${KEY}-1000.jpg`);
    expect([...parts.sources.map((source) => source.sizes), parts.img.sizes]).toEqual(['100vw', '100vw', '100vw']);
  });

  it('takes as src the column’s width, or the largest below it, or the smallest when every file is wider', () => {
    expect(pictureParts(processed(['jpeg'], [360, 720, 1080], 'jpeg'), { sizes: PROSE_SIZES, loading: 'lazy' }).img.src).toBe(`/static/images/${KEY}-720.jpg`);
    expect(pictureParts(processed(['png'], [360, 500], 'png'), { sizes: PROSE_SIZES, loading: 'lazy' }).img.src).toBe(`/static/images/${KEY}-500.png`);
    expect(pictureParts(processed(['png'], [200], 'png'), { sizes: PROSE_SIZES, loading: 'lazy' }).img.src).toBe(`/static/images/${KEY}-200.png`);
    expect(pictureParts(processed(['png'], [800, 1440], 'png'), { sizes: PROSE_SIZES, loading: 'lazy' }).img.src).toBe(`/static/images/${KEY}-800.png`);
  });

  it('an AVIF upload: AVIF as the source, WebP as the <img>', () => {
    const parts = pictureParts(processed(['avif', 'webp'], [360, 720], 'webp'), { sizes: PROSE_SIZES, loading: 'lazy' });
    expect(parts.sources.map((source) => source.type)).toEqual(['image/avif']);
    expect(parts.img.srcSet).toBe(srcset('webp', [360, 720]));
    expect(parts.full).toBe(`/static/images/${KEY}-720.webp`);
  });

  it('loads lazily and decodes off the main thread below the fold; the first image at once; the largest thing on the page first of all', () => {
    const loading = (value: 'lazy' | 'first' | 'lcp') => {
      const { img } = pictureParts(photo, { sizes: PROSE_SIZES, loading: value });
      return { loading: img.loading, decoding: img.decoding, fetchPriority: img.fetchPriority };
    };
    expect(loading('lazy')).toEqual({ loading: 'lazy', decoding: 'async', fetchPriority: undefined });
    expect(loading('first')).toEqual({ loading: undefined, decoding: undefined, fetchPriority: undefined });
    expect(loading('lcp')).toEqual({ loading: undefined, decoding: undefined, fetchPriority: 'high' });
    expect(Object.keys(pictureParts(photo, { sizes: PROSE_SIZES, loading: 'first' }).img)).not.toContain('loading');
  });

  it('refuses an image the build made no fallback file of, naming the upload', () => {
    expect(() => pictureParts(processed(['avif', 'webp'], [360], 'jpeg'), { sizes: PROSE_SIZES, loading: 'lazy' })).toThrow(
      'content/media/shelf.jpg: the build made no jpeg file of it',
    );
  });
});

describe('pictureHtml', () => {
  const options = { alt: 'A shelf of labelled stock', title: 'Labels make counts fast', block: true, loading: 'lazy' as const, fullSize: '(full size)' };

  it('writes a figure with the picture, linked to the largest copy, and the title as its caption', () => {
    expect(pictureHtml(photo, options)).toBe(
      '<figure class="image">' +
        `<a class="image-link" href="/static/images/${KEY}-1440.jpg">` +
        '<picture>' +
        `<source type="image/avif" srcset="${srcset('avif', [360, 720, 1080, 1440])}" sizes="${PROSE_SIZES}">` +
        `<source type="image/webp" srcset="${srcset('webp', [360, 720, 1080, 1440])}" sizes="${PROSE_SIZES}">` +
        `<img src="/static/images/${KEY}-720.jpg" srcset="${srcset('jpg', [360, 720, 1080, 1440])}" sizes="${PROSE_SIZES}" width="1440" height="1080" alt="A shelf of labelled stock" loading="lazy" decoding="async" style="background-color:#b80808">` +
        '</picture>' +
        '<span class="visually-hidden"> (full size)</span>' +
        '</a>' +
        '<figcaption>Labels make counts fast</figcaption>' +
        '</figure>',
    );
  });

  it('writes no caption without a title, and no figure for an image inside a paragraph', () => {
    const withoutTitle = pictureHtml(photo, { ...options, title: null });
    expect(withoutTitle).toMatch(/^<figure class="image"><a class="image-link" [^]*<\/a><\/figure>$/);
    expect(withoutTitle).not.toContain('figcaption');
    const inline = pictureHtml(photo, { ...options, block: false });
    expect(inline).toMatch(/^<a class="image-link" href="[^"]+-1440\.jpg"><picture>[^]*<\/picture><span class="visually-hidden"> \(full size\)<\/span><\/a>$/);
    expect(inline).not.toContain('figure');
    // The title of an inline image has nowhere to go but its caption, which it has not.
    expect(inline).not.toContain('Labels make counts fast');
  });

  it('writes the loading attributes of each case, and the sizes it is given', () => {
    const img = (html: string) => /<img [^>]*>/.exec(html)?.[0] ?? '';
    expect(img(pictureHtml(photo, { ...options, loading: 'first' }))).not.toMatch(/loading=|decoding=|fetchpriority=/);
    expect(img(pictureHtml(photo, { ...options, loading: 'lcp' }))).toMatch(/ fetchpriority="high" /);
    expect(img(pictureHtml(photo, { ...options, loading: 'lcp' }))).not.toMatch(/loading=|decoding=/);
    expect(pictureHtml(photo, { ...options, sizes: '(min-width: 640px) 192px, 100vw' })).toContain('sizes="(min-width: 640px) 192px, 100vw"');
    expect(pictureHtml(photo, { ...options, sizes: '(min-width: 640px) 192px, 100vw' })).not.toContain(PROSE_SIZES);
  });

  it('escapes the alt text, title and label, so an editor’s words stay words', () => {
    const hostile = '"><script>alert(1)</script><img src=x onerror=alert(2) alt="&amp;';
    const html = pictureHtml(photo, { alt: hostile, title: `</figcaption><script>alert(3)</script>&`, block: true, loading: 'lazy', fullSize: '<b>full</b> & "size"' });
    expect(html).toContain('alt="&quot;>&lt;script>alert(1)&lt;/script>&lt;img src=x onerror=alert(2) alt=&quot;&amp;amp;"');
    expect(html).toContain('<figcaption>&lt;/figcaption&gt;&lt;script&gt;alert(3)&lt;/script&gt;&amp;</figcaption>');
    expect(html).toContain('<span class="visually-hidden"> &lt;b&gt;full&lt;/b&gt; &amp; "size"</span>');
    // As a browser parses it: one figure, one link, one picture, one image, no script, the words intact.
    const elements: string[] = [];
    interface Node {
      nodeName: string;
      attrs?: { name: string; value: string }[];
      value?: string;
      childNodes?: Node[];
    }
    let alt = '';
    let caption = '';
    const visit = (node: Node) => {
      if (!node.nodeName.startsWith('#')) elements.push(node.nodeName);
      if (node.nodeName === 'img') alt = node.attrs?.find((attribute) => attribute.name === 'alt')?.value ?? '';
      if (node.nodeName === 'figcaption') caption = (node.childNodes ?? []).map((child) => child.value ?? '').join('');
      (node.childNodes ?? []).forEach(visit);
    };
    visit(parseFragment(html) as unknown as Node);
    expect(elements).toEqual(['figure', 'a', 'picture', 'source', 'source', 'img', 'span', 'figcaption']);
    expect(alt).toBe(hostile);
    expect(caption).toBe('</figcaption><script>alert(3)</script>&');
  });

  it('writes the file paths as the build recorded them, escaped, and the colour it drew', () => {
    const odd = { ...photo, color: '#0a0b0c', files: photo.files.map((file) => ({ ...file, path: file.path.replace(KEY, 'a"b<c&d') })) };
    const html = pictureHtml(odd, options);
    expect(html).toContain('href="/static/images/a&quot;b&lt;c&amp;d-1440.jpg"');
    expect(html).not.toContain('a"b');
    expect(html).toContain('style="background-color:#0a0b0c"');
  });
});

describe('uploadHtml (the CMS preview before a build)', () => {
  it('shows the upload itself, in a figure with its caption when it stands alone', () => {
    expect(uploadHtml({ url: '/media/shelf.jpg', alt: 'A shelf', title: 'Labels', block: true })).toBe(
      '<figure class="image"><img src="/media/shelf.jpg" alt="A shelf"><figcaption>Labels</figcaption></figure>',
    );
    expect(uploadHtml({ url: '/media/shelf.jpg', alt: 'A shelf', title: null, block: true })).toBe('<figure class="image"><img src="/media/shelf.jpg" alt="A shelf"></figure>');
    expect(uploadHtml({ url: '/media/shelf.jpg', alt: 'A shelf', title: 'Labels', block: false })).toBe('<img src="/media/shelf.jpg" alt="A shelf">');
  });

  it('escapes the URL, alt text and title', () => {
    expect(uploadHtml({ url: '/media/a"onerror="alert(1).png', alt: '"><script>x</script>', title: '<script>y</script>', block: true })).toBe(
      '<figure class="image"><img src="/media/a&quot;onerror=&quot;alert(1).png" alt="&quot;>&lt;script>x&lt;/script>"><figcaption>&lt;script&gt;y&lt;/script&gt;</figcaption></figure>',
    );
  });
});
