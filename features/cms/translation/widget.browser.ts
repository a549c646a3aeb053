/**
 * Registers the Translation field's widget with Decap CMS: like the
 * preview, ./RecordControl.tsx drawn by a React root of its own
 * (../reactRoot.browser.ts), redrawn whenever Decap passes new props or
 * its draft changes. The field's value is the record
 * (features/translations/record.ts), changed only by its button.
 */
import React from 'react';
import { ADDRESS_FIELD, collectionFacts, LOCALES_COLLECTION, TRANSLATION_WIDGET } from '../decapConfig';
import { LANGUAGES, type Language } from '../../site/languages';
import { entryFile } from '../preview/views';
import { reactRootClass, type DecapReact, type DrawnComponent } from '../reactRoot.browser';
import { originalHref, sideBySide, type OpenCopy } from './copies';
import { plain, sideBySideValues, type DecapDraft, type EntryLoader } from './entryStatus.browser';
import { RecordControl, StringsRecordControl } from './RecordControl';

/** What Decap hands a widget's control, as far as this one reads it. */
export interface WidgetProps {
  value?: unknown;
  onChange(value: unknown): void;
  /** The pane's language, in a collection with both languages side by side. */
  locale?: string;
  collection: { get(key: 'name'): string };
  /** The field's config: a UI string file's record says which file (decapConfig's `strings`). */
  field: { get(key: 'strings'): { toJS(): unknown } | undefined };
  /** The entry as the editor has it now (Decap's draft). */
  getEntry(): DecapDraft;
  /** Decap's loader of another entry: its values are plain (decap-cms-core 3.16, backend.getEntry). */
  loadEntry(collection: string, slug: string): Promise<{ data?: unknown }>;
}

/** How often the field looks for a changed draft: a change shows within this, and an unchanged draft costs one comparison. */
const DRAFT_WATCH_MS = 300;

/** What of Decap's global `CMS` the field uses. */
export interface DecapWidgetApi {
  registerWidget(name: string, control: unknown, preview?: unknown): void;
}

/** The open copy from Decap's draft: its collection, file and language; undefined outside the content's collections. */
export function openCopy(props: WidgetProps, draft: DecapDraft): OpenCopy | undefined {
  const collection = props.collection.get('name');
  const facts = collectionFacts(collection);
  if (!facts) return undefined;
  const side = sideBySide(facts.section);
  const file = entryFile(draft.get('path'), props.locale, side, facts.language);
  const data = draft.get('data')?.toJS() ?? {};
  const address = typeof data[ADDRESS_FIELD] === 'string' ? data[ADDRESS_FIELD].trim() : '';
  // A new entry has no file yet: a post is named by its address, another entry by the slug Decap gives it.
  const name = file.name || address || (draft.get('slug') ?? '');
  return { collection, section: facts.section, name, language: file.language, languageCollection: facts.language !== undefined };
}

const cmsPage = (): string => `${window.location.origin}${window.location.pathname}${window.location.search}`;

/** The UI string file a record field stands for, from its config. */
function stringsOf(props: WidgetProps): { namespace: string; language: Language } | undefined {
  const strings = plain(props.field.get('strings')?.toJS());
  const language = LANGUAGES.find((candidate) => candidate === strings?.language);
  return strings && typeof strings.namespace === 'string' && language ? { namespace: strings.namespace, language } : undefined;
}

/** One loader a Decap loader (a stable function), so the field loads the other language once per entry. */
const loaders = new WeakMap<WidgetProps['loadEntry'], EntryLoader>();

function loader(loadEntry: WidgetProps['loadEntry']): EntryLoader {
  let load = loaders.get(loadEntry);
  if (!load) {
    load = (collection, slug) => loadEntry(collection, slug).then((loaded) => plain(loaded.data));
    loaders.set(loadEntry, load);
  }
  return load;
}

function controlElement({ props }: DrawnComponent<WidgetProps>, siteUrl: string): React.JSX.Element | null {
  const load = loader(props.loadEntry);
  const strings = stringsOf(props);
  if (strings)
    return React.createElement(StringsRecordControl, {
      ...strings,
      value: props.value,
      onMark: (record: string) => props.onChange(record),
      load,
      // Decap's /edit/ route makes its editor anew (see ../preview/register.browser.ts).
      originalHref: (original: Language) => `${cmsPage()}#/edit/${LOCALES_COLLECTION}/${strings.namespace}_${original}`,
    });
  const draft = props.getEntry();
  const open = openCopy(props, draft);
  if (!open) return null;
  const source = sideBySide(open.section) ? { kind: 'all' as const, values: sideBySideValues(draft) } : { kind: 'load' as const, own: plain(draft.get('data')?.toJS()), load };
  return React.createElement(RecordControl, {
    open,
    source,
    value: props.value,
    onMark: (record: string) => props.onChange(record),
    originalHref: (original: Language) => originalHref(open, original, cmsPage(), siteUrl),
  });
}

export function registerTranslationWidget(cms: DecapWidgetApi, decap: DecapReact, siteUrl: string): void {
  const control = reactRootClass<WidgetProps>(
    decap,
    (component) => controlElement(component, siteUrl),
    // Decap redraws a field only when its own value changes (decap-cms-core 3.16, EditorControlPane passes no entry down),
    // but the status reads the other fields and the other language: it is redrawn when the draft changes.
    (component) => {
      let drawn = component.props.getEntry();
      const timer = setInterval(() => {
        const draft = component.props.getEntry();
        if (draft === drawn) return;
        drawn = draft;
        component.redraw();
      }, DRAFT_WATCH_MS);
      return () => clearInterval(timer);
    },
  );
  // The record shows in no preview: the preview pane says where the copy stands (../preview/EntryPreview.tsx).
  const preview = decap.createClass<{ render(): null }>({
    render() {
      return null;
    },
  });
  cms.registerWidget(TRANSLATION_WIDGET, control, preview);
}
