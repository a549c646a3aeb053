/**
 * Registers the preview of every content collection with Decap CMS: each is
 * a small class made with Decap's `createClass` and `h` that renders only an
 * empty element, into which the site's components are drawn by their own
 * React root (./EntryPreview.tsx), redrawn whenever Decap passes a changed
 * entry. The stylesheets are the site's global one, the components' CSS
 * modules and KaTeX's.
 */
import React from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { sectionCollection } from '../../build/cmsConfig';
import { CONTENT_SECTIONS, isContentSection, type ContentSection } from '../../lib/contentSchema';
import { EntryPreview, type MediaAssets, type PreviewSettings } from './EntryPreview';
import { bodyLineOffset, entryFile, previewView } from './views';

/** Decap's immutable entry, as far as the preview reads it. */
interface DecapEntry {
  get(key: 'path' | 'slug' | 'raw'): string | undefined;
  get(key: 'data'): { toJS(): Record<string, unknown> } | undefined;
  getIn(path: readonly ['i18n', string, 'raw']): string | undefined;
}

/** Decap's AssetProxy, as far as the preview reads it. */
interface DecapAsset {
  path?: string;
  url?: string;
  /** The file itself, for an upload the editor chose in this session. */
  fileObj?: Blob;
}

interface TemplateProps {
  entry: DecapEntry;
  collection: { get(key: 'name'): string; get(key: 'i18n'): unknown };
  /** The pane's language, in a collection with both languages side by side. */
  locale?: string;
  /** Decap's asset resolver: a media path to what the CMS holds of it. */
  getAsset?: (path: string) => DecapAsset | undefined;
}

interface TemplateInstance {
  props: TemplateProps;
  node?: HTMLElement | null;
  root?: Root;
}

type TemplateSpec = ThisType<TemplateInstance> & {
  componentDidMount(): void;
  componentDidUpdate(): void;
  componentWillUnmount(): void;
  render(): unknown;
};

/** What of Decap's globals the preview uses. */
export interface DecapPreviewApi {
  registerPreviewStyle(url: string): void;
  registerPreviewTemplate(collection: string, template: unknown): void;
}

export interface DecapReact {
  h(type: string, props: Record<string, unknown>): unknown;
  createClass(spec: TemplateSpec): unknown;
}

export interface PreviewConfig extends PreviewSettings {
  /** The stylesheets of the preview's frame, in order. */
  stylesheets: readonly string[];
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

/** The element the preview of one entry draws. */
export function entryElement(props: TemplateProps, settings: PreviewSettings): React.JSX.Element | null {
  const section = props.collection.get('name');
  if (!isContentSection(section)) return null;
  const { entry } = props;
  const file = entryFile(entry.get('path'), props.locale, Boolean(props.collection.get('i18n')));
  const raw = (props.locale ? entry.getIn(['i18n', props.locale, 'raw']) : undefined) ?? entry.get('raw');
  const view = previewView({ section, language: file.language, name: file.name || (entry.get('slug') ?? ''), lineOffset: bodyLineOffset(raw) }, entry.get('data')?.toJS() ?? {});
  return React.createElement(EntryPreview, { view, settings, assets: mediaAssets(props.getAsset) });
}

export function registerPreviews(cms: DecapPreviewApi, decap: DecapReact, config: PreviewConfig): void {
  for (const url of config.stylesheets) cms.registerPreviewStyle(url);
  const template = decap.createClass({
    componentDidMount() {
      if (!this.node) return;
      this.root = createRoot(this.node);
      this.root.render(entryElement(this.props, config));
    },
    componentDidUpdate() {
      this.root?.render(entryElement(this.props, config));
    },
    componentWillUnmount() {
      // After Decap's render: React may not unmount a root while rendering.
      const root = this.root;
      setTimeout(() => root?.unmount(), 0);
    },
    render() {
      return decap.h('div', {
        ref: (node: HTMLElement | null) => {
          this.node = node;
        },
      });
    },
  });
  // Decap looks a template up by the collection's name, or for a files collection (the home page's), by the file's.
  for (const section of Object.keys(CONTENT_SECTIONS) as ContentSection[]) {
    const collection = sectionCollection(section);
    for (const name of [collection.name, ...(collection.files ?? []).map((file) => file.name)]) cms.registerPreviewTemplate(name, template);
  }
}
