/**
 * Registers the preview of every content collection with Decap CMS: the
 * site's components (./EntryPreview.tsx) drawn by a React root of their own
 * (../reactRoot.browser.ts), redrawn whenever Decap passes a changed
 * entry. The stylesheets are the site's global one, the components' CSS
 * modules and KaTeX's. In a collection of one language (a blog post's), the
 * preview also links the entry's translations, found by its address.
 */
import React from 'react';
import { ADDRESS_FIELD, collectionFacts, languageCollectionName, sectionCollections } from '../decapConfig';
import { isSlug } from '../../content/slugs';
import { CONTENT_SECTIONS, type ContentSection } from '../../content/contentSchema';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../site/languages';
import { EntryPreview, type EntryLinks, type MediaAssets, type PreviewSettings } from './EntryPreview';
import { bodyLineOffset, entryFile, previewView } from './views';
import { reactRootClass, type DecapReact } from '../reactRoot.browser';
import { originalHref, sideBySide, type OpenCopy } from '../translation/copies';
import type { StatusesSource } from '../translation/listMarks';
import { sideBySideValues, type CopySource, type EntryLoader } from '../translation/entryStatus.browser';

/** Decap's immutable entry, as far as the preview reads it. */
interface DecapEntry {
  get(key: 'path' | 'slug' | 'raw'): string | undefined;
  get(key: 'newRecord'): boolean | undefined;
  get(key: 'data'): { toJS(): Record<string, unknown> } | undefined;
  getIn(path: readonly ['i18n', string, 'raw']): string | undefined;
  getIn(path: readonly ['i18n', string, 'data']): { toJS(): Record<string, unknown> } | undefined;
}

/** Decap's AssetProxy, as far as the preview reads it. */
interface DecapAsset {
  path?: string;
  url?: string;
  /** The file itself, for an upload the editor chose in this session. */
  fileObj?: Blob;
}

/**
 * One entry as Decap's getCollection loads it: a shallow Immutable map
 * (Map({ data, slug, path })), so its data is the entry's plain object
 * (decap-cms-core 3.19, EditorPreviewPane), not an Immutable map with toJS.
 */
interface LoadedEntry {
  get(key: 'data'): unknown;
}

/** The loaded entry's values, whether Decap gives them as a plain object or as an Immutable map. */
function loadedValues(data: unknown): object {
  if (typeof data !== 'object' || data === null) return {};
  const values: unknown = 'toJS' in data && typeof data.toJS === 'function' ? data.toJS() : data;
  return typeof values === 'object' && values !== null ? values : {};
}

interface TemplateProps {
  entry: DecapEntry;
  collection: { get(key: 'name'): string; get(key: 'i18n'): unknown };
  /** The pane's language, in a collection with both languages side by side. */
  locale?: string;
  /** Decap's asset resolver: a media path to what the CMS holds of it. */
  getAsset?: (path: string) => DecapAsset | undefined;
  /** Decap's loader of another entry, by collection and file name; it fails for a file the backend does not have. */
  getCollection?: (collection: string, slug: string) => Promise<LoadedEntry>;
}

/** What of Decap's globals the preview uses. */
export interface DecapPreviewApi {
  registerPreviewStyle(url: string): void;
  registerPreviewTemplate(collection: string, template: unknown): void;
}

export interface PreviewConfig extends PreviewSettings {
  /** The stylesheets of the preview's frame, in order. */
  stylesheets: readonly string[];
  /** Where the entry lists read which entries are behind or missing a translation. */
  translationStatuses: StatusesSource;
}

/**
 * The uploads as the CMS holds them, through Decap's getAsset: asked for
 * by their path in the media folder (content/media/photo.jpg), as the CMS
 * stores them, since a body's address (/media/…) is one Decap hands back
 * as it is. Until Decap has loaded a file it answers with a placeholder of
 * another path, and redraws the preview once it has it.
 */
export function mediaAssets(getAsset: TemplateProps['getAsset']): MediaAssets | undefined {
  if (!getAsset) return undefined;
  return (path) => {
    const asset = getAsset(path);
    if (!asset || asset.path !== path) return undefined;
    return { url: String(asset.url ?? ''), ...(asset.fileObj ? { file: asset.fileObj } : {}) };
  };
}

/**
 * Whether the CMS has an entry of `collection` named `name`: Decap loads
 * it, and a file the backend does not have fails to load (GitHub, GitLab)
 * or loads without data (the local backend).
 */
export function entryExists(getCollection: NonNullable<TemplateProps['getCollection']>, collection: string, name: string): Promise<boolean> {
  return getCollection(collection, name).then(
    (loaded) => Object.keys(loadedValues(loaded.get('data'))).length > 0,
    () => false,
  );
}

/** One finder per Decap loader, so the preview asks again only when the entry it asks about changes. */
const finders = new WeakMap<NonNullable<TemplateProps['getCollection']>, EntryLinks['find']>();

function finder(getCollection: NonNullable<TemplateProps['getCollection']>): EntryLinks['find'] {
  let find = finders.get(getCollection);
  if (!find) {
    find = (collection, name) => entryExists(getCollection, collection, name);
    finders.set(getCollection, find);
  }
  return find;
}

/** One loader of the other language's copy per Decap loader, so the preview loads it once per entry. */
const loaders = new WeakMap<NonNullable<TemplateProps['getCollection']>, EntryLoader>();

function loader(getCollection: NonNullable<TemplateProps['getCollection']>): EntryLoader {
  let load = loaders.get(getCollection);
  if (!load) {
    load = (collection, name) =>
      getCollection(collection, name).then((loaded) => {
        const values = loadedValues(loaded.get('data'));
        return Object.keys(values).length > 0 ? (values as Record<string, unknown>) : undefined;
      });
    loaders.set(getCollection, load);
  }
  return load;
}

/** The CMS page's own address, without its route: the translations' links add theirs (#/collections/…). */
const cmsPage = (): string => `${window.location.origin}${window.location.pathname}${window.location.search}`;

/**
 * The links of an entry of a collection of one language, named `name`: to
 * each other language's entry of that name, or to a new one with the same
 * address (Decap fills a new entry's fields from its route's query), its
 * date and its cover too; and for a new entry, its own collection, where
 * the preview looks for an entry with that address already.
 */
export function entryLinks(
  section: ContentSection,
  language: Language,
  name: string,
  data: Readonly<Record<string, unknown>>,
  isNew: boolean,
  getCollection: TemplateProps['getCollection'],
  page = cmsPage(),
): EntryLinks | undefined {
  if (!name || !getCollection) return undefined;
  const kept = Object.fromEntries(['date', 'image'].flatMap((field) => (typeof data[field] === 'string' && data[field] ? [[field, data[field] as string]] : [])));
  const query = new URLSearchParams({ [ADDRESS_FIELD]: name, ...kept }).toString();
  return {
    name,
    translations: LANGUAGES.filter((other) => other !== language).map((other) => {
      const collection = languageCollectionName(section, other);
      // Decap's /edit/ route, not /collections/…/entries/: from one entry's editor to another's, Decap keeps its editor and would show the first entry still; /edit/ redirects, so the editor is made anew and loads the entry.
      return { language: other, collection, open: `${page}#/edit/${collection}/${name}`, start: `${page}#/collections/${collection}/new?${query}` };
    }),
    ...(isNew ? { newIn: languageCollectionName(section, language) } : {}),
    find: finder(getCollection),
  };
}

/** The element the preview of one entry draws. */
export function entryElement(props: TemplateProps, settings: PreviewSettings): React.JSX.Element | null {
  const facts = collectionFacts(props.collection.get('name'));
  if (!facts) return null;
  const { entry } = props;
  const data = entry.get('data')?.toJS() ?? {};
  const file = entryFile(entry.get('path'), props.locale, Boolean(props.collection.get('i18n')), facts.language);
  // A new entry is named by its address once it is one (the admin script holds it to the build's rule before saving).
  const address = typeof data[ADDRESS_FIELD] === 'string' ? data[ADDRESS_FIELD].trim() : '';
  const isNew = entry.get('newRecord') === true;
  const name = file.name || (entry.get('slug') ?? '') || (facts.language && isSlug(address) ? address : '');
  const raw = (props.locale ? entry.getIn(['i18n', props.locale, 'raw']) : undefined) ?? entry.get('raw');
  const view = previewView({ section: facts.section, language: file.language, name, lineOffset: bodyLineOffset(raw) }, data);
  const links = facts.language ? entryLinks(facts.section, facts.language, name, data, isNew, props.getCollection) : undefined;
  const open: OpenCopy = { collection: props.collection.get('name'), section: facts.section, name, language: file.language, languageCollection: facts.language !== undefined };
  // Decap hands the preview of a side-by-side entry's other language that language's values alone (decap-cms-core, getPreviewEntry): the original is loaded.
  const source: CopySource | undefined =
    sideBySide(facts.section) && file.language === DEFAULT_LANGUAGE
      ? { kind: 'all', values: sideBySideValues(entry) }
      : props.getCollection
        ? { kind: 'load', own: data, load: loader(props.getCollection) }
        : undefined;
  const translation = source && { open, source, originalHref: (original: Language) => originalHref(open, original, cmsPage(), settings.siteUrl) };
  return React.createElement(EntryPreview, { view, settings, assets: mediaAssets(props.getAsset), links, translation });
}

export function registerPreviews(cms: DecapPreviewApi, decap: DecapReact, config: PreviewConfig): void {
  for (const url of config.stylesheets) cms.registerPreviewStyle(url);
  const template = reactRootClass<TemplateProps>(decap, ({ props }) => entryElement(props, config));
  // Decap looks a template up by the collection's name, or for a files collection (the home page's), by the file's.
  for (const section of Object.keys(CONTENT_SECTIONS) as ContentSection[]) {
    for (const collection of sectionCollections(section)) {
      for (const name of [collection.name, ...(collection.files ?? []).map((file) => file.name)]) cms.registerPreviewTemplate(name, template);
    }
  }
}
