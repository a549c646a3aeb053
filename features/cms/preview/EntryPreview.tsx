/**
 * One CMS entry drawn as its page draws it, with the site's own components
 * and CSS modules (bundled for /admin/ by features/cms/admin.node.ts, with their own
 * React: Decap's React and the site's pages stay untouched): a post or
 * document as its page's intro and body, a banner as its home page section,
 * the hero, topics and closing band as the home page's. Above it, a bar
 * with the link to the page on the site in the entry's language.
 *
 * An image of a body is the upload itself, as the CMS holds it (the build's
 * copies cannot be made in a browser), with a note beside it of what the
 * site will do: the size it serves, the alt text a screen reader says, and
 * anything the build will refuse.
 *
 * An entry of a collection of one language (a blog post) also says, under
 * the bar, whether each of its translations exists, with a link to open it
 * or to start it under the same address.
 */
import React, { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { I18nextProvider } from 'react-i18next';
import { I18nextContext } from 'gatsby-plugin-react-i18next';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import type { MarkdownLabels } from '../../markdown/labels';
import { PageIntro } from '../../../src/components/PageIntro';
import { PostMeta } from '../../blog/PostMeta';
import { MarkdownBody } from '../../../src/components/markdown/MarkdownBody';
import * as pageStyles from '../../../src/components/markdown/MarkdownPage.module.css';
import { BannerSection } from '../../../src/components/home/BannerSection';
import { Hero, type HeroText } from '../../../src/components/home/Hero';
import { Topics } from '../../../src/components/home/Topics';
import { CtaBand } from '../../../src/components/CtaBand';
import { AppLink } from '../../site/AppLink';
import { LocalizedLink } from '../../site/LocalizedLink';
import * as buttons from '../../site/buttons.module.css';
import { readingMinutes } from '../../blog/blog';
import { contentPagePath } from '../../content/contentPages';
import { I18NEXT_OPTIONS } from '../../i18n/i18next';
import { LANGUAGES, languageName, localizedPath, type Language } from '../../site/languages';
import { fillProductName, fillProductNameInFields } from '../../site/productName';
import { MEDIA_PATH } from '../../images/paths';
import { SHARE_CROP } from '../../images/picture';
import { mediaSource } from '../../images/remark-images/transform';
import { MEDIA_HEAD_BYTES } from '../../images/mediaFiles';
import { UPLOAD_EXTENSIONS } from '../../images/uploads';
import { renderMarkdown } from './markdown';
import { LARGEST_WIDTH, imageProblems, isAssetUrl, mediaAsset, servedSize, type ImageProblem, type UploadFacts } from '../../images/previewNotes';
import { drawDiagrams, type DiagramScripts } from './diagrams.browser';
import { isPlainClick } from '../../../src/browser/smoothInPageScroll';
import type { PreviewView } from './views';
import type { OpenCopy } from '../translation/copies';
import { useEntryStatus, type CopySource } from '../translation/entryStatus.browser';
import { TranslationStatus } from '../translation/TranslationStatus';
import * as styles from './EntryPreview.module.css';

export interface PreviewSettings {
  productName: string;
  /** The site's origin, for "View on site": the CMS may be served from an origin of its own. */
  siteUrl: string;
  /** Each language's UI strings the markdown steps write. */
  labels: Readonly<Record<Language, MarkdownLabels>>;
  /** Each language's UI string files the components read, by namespace. */
  locales: Readonly<Record<Language, Resource[string]>>;
  diagramScripts: DiagramScripts;
}

/**
 * What the CMS holds for an upload of the media folder (content/media/…):
 * the address to show it from, and the file itself when the editor chose
 * it in this session; undefined while the CMS is still loading it.
 */
export type MediaAssets = (path: string) => { url: string; file?: Blob } | undefined;

/** A size over a limit, rounded up so that it never reads as the limit itself: 25.1 MB, not 25 MB. */
const roundedUp = (value: number, digits: number) => String(Math.ceil(value * 10 ** digits) / 10 ** digits);
const megabytes = (bytes: number) => `${roundedUp(bytes / 1024 / 1024, 1)} MB`;
const megapixels = (pixels: number) => `${roundedUp(pixels / 1e6, 2)} megapixels`;

/** Another language's version of an entry of a collection of one language: its collection, and the CMS's address of its entry, and of a new entry started under the same address. */
export interface Translation {
  language: Language;
  collection: string;
  open: string;
  start: string;
}

/**
 * The links of an entry of a collection of one language named `name` (its
 * address) to its translations; for a new entry, its own collection, to
 * say whether an entry there has that address already. `find` says
 * whether the CMS has an entry of a collection by that name.
 */
export interface EntryLinks {
  name: string;
  translations: readonly Translation[];
  newIn?: string;
  find: (collection: string, name: string) => Promise<boolean>;
}

/** How long the preview waits after the address last changed before asking the backend (one request per pause in typing). */
export const LOOKUP_DELAY_MS = 300;

/** What the preview itself says, in the CMS's language (English). */
export const PREVIEW_TEXT = {
  viewOnSite: 'View on site:',
  markFromForm: 'Once it says what the original says, mark it up to date with the Translation field of the form, then save.',
  translationLooking: (language: Language) => `${languageName(language)} translation: looking for it…`,
  translationFound: (language: Language) => `${languageName(language)} translation:`,
  translationOpen: 'open it',
  translationMissing: (language: Language) => `No ${languageName(language)} translation yet:`,
  translationStart: 'start it with this address',
  addressTaken: (name: string) =>
    `This collection has an entry with the address ${name} already: saved, this one would be named ${name}-1, and be no translation of anything. Choose another address.`,
  refused: 'The build refuses this text; the site will not be published with it:',
  diagramsRefused: 'The build refuses a diagram here:',
  /** The alt text, shown: what a screen reader says in the image's place. */
  imageAlt: 'Alt text (what a screen reader says):',
  imageLoading: 'Loading the upload from the CMS…',
  imageServed: (width: number, height: number) => `The site shows it at up to ${width} × ${height} px.`,
  imageScaled: (width: number, height: number) => `The upload is ${width} × ${height} px; the site makes copies up to ${LARGEST_WIDTH} px wide.`,
  imageUnreadable: 'This browser cannot draw the upload: it may be damaged, or not the image its name says.',
  imageMissing: (path: string) => `The media folder has no ${path}: upload it, or correct the name. The build refuses an image it cannot find.`,
  imageSubfolder: (path: string) => `${path} is in a folder inside the media folder: the build shows it, but this preview shows only the uploads at the media folder's top.`,
  imageRefused: 'The build refuses this image:',
  coverRefused: 'The build refuses this cover:',
  coverNoAlt: 'The cover has no alt text yet: say what it shows (Image alt). The build refuses a cover without it.',
  coverUses: `The cover also shows beside the post in the blog's list, and when the post is shared, cropped to ${SHARE_CROP.width} × ${SHARE_CROP.height} px.`,
  imageProblem: (problem: ImageProblem): string => {
    const allowed = `.${UPLOAD_EXTENSIONS.join(', .')}`;
    switch (problem.kind) {
      case 'svg':
        return `it is an SVG. A drawing can carry script, so the site takes photographs and screenshots only (${allowed}): export it as a PNG.`;
      case 'type':
        return `${problem.extension ? `a .${problem.extension} file` : 'a file without an extension'} is not an image the site takes (${allowed}).`;
      case 'content':
        return problem.message;
      case 'bytes':
        return `it is ${megabytes(problem.bytes)}, over the ${megabytes(problem.limit)} an image may be.`;
      case 'pixels':
        return `it is ${problem.width} × ${problem.height} px, ${megapixels(problem.width * problem.height)}, over the ${megapixels(problem.limit)} an image may have.`;
    }
  },
};

const instances = new Map<Language, I18n>();

/** An i18next for one language, made once, as the site's pages configure it. */
function i18nFor(language: Language, settings: PreviewSettings): I18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = i18next.createInstance({
      ...I18NEXT_OPTIONS,
      lng: language,
      fallbackLng: false,
      resources: { [language]: settings.locales[language] },
      defaultNS: 'common',
      initImmediate: false,
    });
    void instance.init();
    instances.set(language, instance);
  }
  return instance;
}

/** What the build would refuse, in its words, where the page would be. */
function Refused({ title, message }: { title: string; message: string }): React.JSX.Element {
  return (
    <div className={styles.refused} role="alert">
      <p className={styles.refusedTitle}>{title}</p>
      <pre className={styles.refusedMessage}>{message}</pre>
    </div>
  );
}

/** An image of a body that names an upload, and the element beside it that its note is drawn into: never part of the body's checked HTML. */
interface ImageSlot {
  img: HTMLImageElement;
  host: HTMLElement;
  /** Its address as the body writes it: /media/…. */
  url: string;
  alt: string;
  /** In a figure of its own, or in a line of text. */
  block: boolean;
}

/** Puts an element beside each image of `container` that names an upload, for its note: after its figure, or after the image in a line of text. */
function imageSlots(container: HTMLElement): ImageSlot[] {
  return Array.from(container.querySelectorAll('img')).flatMap((img) => {
    const url = img.getAttribute('src') ?? '';
    if (!url.startsWith(MEDIA_PATH)) return [];
    const figure = img.parentElement?.tagName === 'FIGURE' ? img.parentElement : null;
    const host = img.ownerDocument.createElement(figure ? 'div' : 'span');
    (figure ?? img).after(host);
    return [{ img, host, url, alt: img.getAttribute('alt') ?? '', block: figure !== null }];
  });
}

/** The upload's bytes, when the preview can read them: the file the editor chose, or the object URL the CMS made of the file it read. */
async function uploadBlob(source: { url: string; file?: Blob }): Promise<Blob | undefined> {
  if (source.file) return source.file;
  if (!/^blob:/i.test(source.url)) return undefined;
  try {
    return await (await fetch(source.url)).blob();
  } catch {
    return undefined;
  }
}

/** What the preview has learnt of an upload shown from `url`. */
interface Learnt {
  url: string;
  facts: UploadFacts;
  /** The browser could not draw it. */
  unreadable?: boolean;
}

/**
 * The note beside one image: the upload shown in the body's <img> from the
 * address the CMS gives, the size the site will serve it at once it has
 * loaded, its alt text, and what the build will refuse about it.
 */
function ImageNote({
  img,
  url,
  alt,
  block,
  assets,
  children,
}: {
  img: HTMLImageElement;
  url: string;
  alt: string;
  block: boolean;
  assets?: MediaAssets;
  /** More lines of the note (a cover's). */
  children?: React.ReactNode;
}): React.JSX.Element {
  const asset = mediaAsset(url);
  const path = asset && !asset.subfolder ? asset.path : undefined;
  // Asked on every drawing, as Decap's own previews ask: it answers undefined until it has loaded the upload, then redraws the preview.
  const found = path && assets ? assets(path) : undefined;
  const shownUrl = found && isAssetUrl(found.url) ? found.url : undefined;
  const file = shownUrl ? found?.file : undefined;
  const [learnt, setLearnt] = useState<Learnt>();
  useEffect(() => {
    if (!shownUrl) return undefined;
    let current = true;
    const learn = (more: UploadFacts, unreadable = false) => {
      if (!current) return;
      setLearnt((before) => {
        const earlier = before?.url === shownUrl ? before : undefined;
        return { url: shownUrl, facts: { ...earlier?.facts, ...more }, unreadable: unreadable || earlier?.unreadable };
      });
    };
    // Only the upload's own load counts: the body's address (/media/…) is not served to the CMS.
    const loaded = () => {
      if (img.getAttribute('src') === shownUrl) learn({ width: img.naturalWidth, height: img.naturalHeight });
    };
    const failed = () => {
      if (img.getAttribute('src') === shownUrl) learn({}, true);
    };
    img.addEventListener('load', loaded);
    img.addEventListener('error', failed);
    if (img.getAttribute('src') !== shownUrl) img.setAttribute('src', shownUrl);
    else if (img.complete && img.naturalWidth > 0) loaded();
    void uploadBlob({ url: shownUrl, file }).then(async (blob) => {
      if (blob) learn({ bytes: blob.size, head: new Uint8Array(await blob.slice(0, MEDIA_HEAD_BYTES).arrayBuffer()) });
    });
    return () => {
      current = false;
      img.removeEventListener('load', loaded);
      img.removeEventListener('error', failed);
    };
  }, [img, shownUrl, file]);
  const known = shownUrl && learnt?.url === shownUrl ? learnt : undefined;
  const facts = known?.facts ?? {};
  const problems = path ? imageProblems(path, facts) : [];
  const size = facts.width && facts.height ? { width: facts.width, height: facts.height } : undefined;
  const served = size && servedSize(size);
  return (
    <span className={block ? styles.imageNote : `${styles.imageNote} ${styles.imageNoteInline}`} data-preview-image-note="">
      {asset?.subfolder && <span className={styles.imageLine}>{PREVIEW_TEXT.imageSubfolder(asset.path)}</span>}
      {path && assets && !found && <span className={styles.imageLine}>{PREVIEW_TEXT.imageLoading}</span>}
      {path && found && !shownUrl && <span className={`${styles.imageLine} ${styles.imageProblem}`}>{PREVIEW_TEXT.imageMissing(path)}</span>}
      {served && size && (
        <span className={styles.imageLine}>
          {PREVIEW_TEXT.imageServed(served.width, served.height)}
          {served.width !== size.width && ` ${PREVIEW_TEXT.imageScaled(size.width, size.height)}`}
        </span>
      )}
      {known?.unreadable && <span className={`${styles.imageLine} ${styles.imageProblem}`}>{PREVIEW_TEXT.imageUnreadable}</span>}
      {alt && (
        <span className={styles.imageLine}>
          {PREVIEW_TEXT.imageAlt} <q className={styles.imageAlt}>{alt}</q>
        </span>
      )}
      {problems.length > 0 && (
        <span className={`${styles.imageLine} ${styles.imageProblem}`} role="alert">
          {PREVIEW_TEXT.imageRefused}
          {problems.map((problem) => (
            <span key={problem.kind} className={styles.imageLine}>
              {PREVIEW_TEXT.imageProblem(problem)}
            </span>
          ))}
        </span>
      )}
      {children}
    </span>
  );
}

/**
 * A post's cover where its page shows it, above the text: the upload with
 * its note, and where else the site shows it. An address the build refuses
 * is said in the build's words in place of the image.
 */
function Cover({ url, alt, assets }: { url: string; alt: string; assets?: MediaAssets }): React.JSX.Element {
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  const where = mediaSource(url);
  if ('error' in where) return <Refused title={PREVIEW_TEXT.coverRefused} message={where.error} />;
  return (
    <figure className={styles.cover}>
      {/* Its address is the upload's, which the note sets once the CMS has it (the site's own copies cannot be made in a browser). */}
      <img ref={setImg} alt={alt} />
      {img && (
        <ImageNote img={img} url={url} alt={alt} block assets={assets}>
          {!alt && <span className={`${styles.imageLine} ${styles.imageProblem}`}>{PREVIEW_TEXT.coverNoAlt}</span>}
          <span className={styles.imageLine}>{PREVIEW_TEXT.coverUses}</span>
        </ImageNote>
      )}
    </figure>
  );
}

/** A markdown body as its page shows it, diagrams drawn once it is on screen, each upload's image shown with its note. */
function Body({
  view,
  settings,
  assets,
  banner,
}: {
  view: Extract<PreviewView, { body: string }>;
  settings: PreviewSettings;
  assets?: MediaAssets;
  banner?: (html: string) => React.ReactNode;
}) {
  const rendered = useMemo(
    () =>
      renderMarkdown(view.body, {
        name: `content/${view.section}/${view.language}/${view.name}.md`,
        lineOffset: view.lineOffset,
        labels: settings.labels[view.language],
        productName: settings.productName,
      }),
    [view, settings],
  );
  const ref = useRef<HTMLDivElement>(null);
  // Kept with the rendering they belong to, so a new rendering shows none until its diagrams are drawn.
  const [drawn, setDrawn] = useState<{ of: unknown; problems: string[] }>({ of: undefined, problems: [] });
  const diagramProblems = drawn.of === rendered ? drawn.problems : [];
  const name = `content/${view.section}/${view.language}/${view.name}.md`;
  useEffect(() => {
    const container = ref.current;
    if (!container || !('html' in rendered) || rendered.diagrams.length === 0) return undefined;
    let current = true;
    void drawDiagrams(window, settings.diagramScripts, container, rendered.diagrams, name).then((problems) => {
      if (current) setDrawn({ of: rendered, problems });
    });
    return () => {
      current = false;
    };
  }, [rendered, settings, name]);
  // Kept with the HTML they were placed in: the same HTML drawn again keeps its images and notes.
  const html = 'html' in rendered ? rendered.html : undefined;
  const [slots, setSlots] = useState<{ of?: string; items: ImageSlot[] }>({ items: [] });
  useLayoutEffect(() => {
    const container = ref.current;
    if (!container || html === undefined) return undefined;
    const items = imageSlots(container);
    setSlots({ of: html, items });
    return () => items.forEach((item) => item.host.remove());
  }, [html]);
  const images = slots.of === html ? slots.items : [];
  if ('refused' in rendered) return <Refused title={PREVIEW_TEXT.refused} message={rendered.refused} />;
  return (
    <div ref={ref}>
      {diagramProblems.length > 0 && <Refused title={PREVIEW_TEXT.diagramsRefused} message={diagramProblems.join('\n')} />}
      {banner ? banner(rendered.html) : <MarkdownBody html={rendered.html} />}
      {images.map((slot, index) => createPortal(<ImageNote img={slot.img} url={slot.url} alt={slot.alt} block={slot.block} assets={assets} />, slot.host, `image-${index}`))}
    </div>
  );
}

function Page({ view, settings, assets }: { view: PreviewView; settings: PreviewSettings; assets?: MediaAssets }): React.JSX.Element {
  const product = settings.productName;
  switch (view.kind) {
    case 'post':
    case 'document': {
      const meta =
        view.kind === 'post' && view.date ? (
          <PostMeta
            date={view.date}
            updated={view.updated}
            author={view.author ? fillProductName(view.author, product) : null}
            readingMinutes={readingMinutes(view.body)}
            tags={view.tags}
            showAuthor
          />
        ) : null;
      return (
        <>
          <PageIntro title={fillProductName(view.title, product)} lead={fillProductName(view.description, product) || undefined}>
            {meta}
          </PageIntro>
          <div className={pageStyles.single}>
            <article className={pageStyles.article}>
              {view.kind === 'post' && view.image && <Cover url={view.image} alt={view.imageAlt ?? ''} assets={assets} />}
              <Body view={view} settings={settings} assets={assets} />
            </article>
          </div>
        </>
      );
    }
    case 'banner':
      return (
        <Body
          view={view}
          settings={settings}
          assets={assets}
          banner={(html) => (
            <BannerSection
              index={0}
              banner={{
                id: view.name,
                title: fillProductName(view.title, product),
                html,
                illustration: view.illustration ?? 'features',
                cta: view.cta ? { label: fillProductName(view.cta.label, product), target: view.cta.target } : undefined,
              }}
            />
          )}
        />
      );
    case 'hero':
      return <Hero text={fillProductNameInFields(view.fields as unknown as HeroText, product)} />;
    case 'topics':
      return <Topics text={fillProductNameInFields({ heading: view.heading, lead: view.lead, items: view.items }, product)} />;
    case 'closing':
      // As the home page ends (src/components/home/HomeView.tsx); the first button's label is the hero's, the app's name here.
      return (
        <CtaBand
          headingId="closing-title"
          heading={fillProductName(view.heading, product)}
          tone="soft"
          actions={
            <>
              <AppLink />
              <LocalizedLink className={buttons.secondary} to="/pricing/">
                {fillProductName(view.pricingLabel, product)}
              </LocalizedLink>
            </>
          }
        >
          <p>{fillProductName(view.lead, product)}</p>
        </CtaBand>
      );
  }
}

/** Whether the CMS has an entry of `collection` named `name`, asked LOOKUP_DELAY_MS after either last changed; undefined until it answers, or without a collection. */
function useFound(find: EntryLinks['find'], collection: string | undefined, name: string): boolean | undefined {
  const [answer, setAnswer] = useState<{ of: string; found: boolean }>();
  const key = `${collection ?? ''}/${name}`;
  useEffect(() => {
    if (!collection) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      void find(collection, name).then((found) => {
        if (current) setAnswer({ of: key, found });
      });
    }, LOOKUP_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [find, collection, name, key]);
  return answer?.of === key ? answer.found : undefined;
}

/**
 * Follows the link to start a translation by loading the CMS anew at it.
 * Decap draws a new entry's editor and a saved entry's in one place with
 * one component, so from this entry's editor it would keep the same
 * editor: the new draft is made, but the editor's guard against leaving
 * unsaved changes stays with the entry it was made for, and is gone (it
 * asks nothing before leaving the translation half written). Loaded
 * anew, the editor is made for the new entry; Decap asks first if this
 * one has unsaved changes. A click for a new tab or window is the
 * browser's.
 */
function startAnew(event: React.MouseEvent<HTMLAnchorElement>): void {
  if (!isPlainClick(event)) return;
  event.preventDefault();
  // The preview's code runs in the CMS page (its elements are drawn into the preview's frame): this is the CMS page's address.
  window.location.assign(event.currentTarget.href);
  window.location.reload();
}

/** One translation's line: looking for it, then a link to open it, or to start it. */
function TranslationLine({ translation, links }: { translation: Translation; links: EntryLinks }): React.JSX.Element {
  const found = useFound(links.find, translation.collection, links.name);
  return (
    <span data-preview-translation={translation.language}>
      {found === undefined && PREVIEW_TEXT.translationLooking(translation.language)}
      {found === true && (
        <>
          {PREVIEW_TEXT.translationFound(translation.language)}{' '}
          <a href={translation.open} target="_top">
            {PREVIEW_TEXT.translationOpen}
          </a>
        </>
      )}
      {found === false && (
        <>
          {PREVIEW_TEXT.translationMissing(translation.language)}{' '}
          <a href={translation.start} target="_top" onClick={startAnew}>
            {PREVIEW_TEXT.translationStart}
          </a>
        </>
      )}
    </span>
  );
}

/** Under the bar: each translation of the entry, and a new entry's address already taken. The CMS's own words, so in its language. */
function Translations({ links }: { links: EntryLinks }): React.JSX.Element {
  const taken = useFound(links.find, links.newIn, links.name);
  return (
    <p className={styles.bar} lang="en">
      {links.translations.map((translation) => (
        <TranslationLine key={translation.language} translation={translation} links={links} />
      ))}
      {taken === true && (
        <span className={styles.imageProblem} role="alert">
          {PREVIEW_TEXT.addressTaken(links.name)}
        </span>
      )}
    </p>
  );
}

export interface PreviewTranslation {
  open: OpenCopy;
  source: CopySource;
  originalHref(original: Language): string | undefined;
}

/** Where this copy stands against its original; a copy behind it is marked up to date from the form, never by the preview alone. */
function TranslationOfEntry({ translation }: { translation: PreviewTranslation }): React.JSX.Element {
  const result = useEntryStatus(translation.open, translation.source);
  const behind = result !== undefined && !('error' in result) && result.status.copies[translation.open.language].state === 'behind';
  return (
    <div className={styles.translation}>
      <TranslationStatus result={result} language={translation.open.language} originalHref={translation.originalHref}>
        {behind && <p style={{ margin: '0.25rem 0 0' }}>{PREVIEW_TEXT.markFromForm}</p>}
      </TranslationStatus>
    </div>
  );
}

/** The entry's page in its language, under the link to it on the site; `assets` finds the CMS's uploads (Decap's getAsset). */
export function EntryPreview({
  view,
  settings,
  assets,
  links,
  translation,
}: {
  view: PreviewView;
  settings: PreviewSettings;
  assets?: MediaAssets;
  /** For an entry of a collection of one language: its translations. */
  links?: EntryLinks;
  /** Where this copy stands against its original, read as the editor types. */
  translation?: PreviewTranslation;
}): React.JSX.Element {
  const path = localizedPath(view.language, contentPagePath(view.section, view.name), false);
  const context = {
    language: view.language,
    languages: [...LANGUAGES],
    routed: view.language !== LANGUAGES[0],
    defaultLanguage: LANGUAGES[0],
    originalPath: contentPagePath(view.section, view.name),
    path,
  };
  return (
    <I18nextProvider i18n={i18nFor(view.language, settings)}>
      <I18nextContext.Provider value={{ ...context, generateDefaultLanguagePage: true }}>
        <div lang={view.language} className={styles.preview}>
          <p className={styles.bar}>
            <span>{languageName(view.language)}</span>
            {view.name && (
              <a href={`${settings.siteUrl.replace(/\/+$/, '')}${path}`} target="_blank" rel="noopener">
                {PREVIEW_TEXT.viewOnSite} {path}
              </a>
            )}
          </p>
          {links && <Translations links={links} />}
          {translation && <TranslationOfEntry translation={translation} />}
          <Page view={view} settings={settings} assets={assets} />
        </div>
      </I18nextContext.Provider>
    </I18nextProvider>
  );
}
