/**
 * One CMS entry drawn as its page draws it, with the site's own components
 * and CSS modules (bundled for /admin/ by gatsby/admin.ts, with their own
 * React: Decap's React and the site's pages stay untouched): a post or
 * document as its page's intro and body, a banner as its home page section,
 * the hero, topics and closing band as the home page's. Above it, a bar
 * with the link to the page on the site in the entry's language.
 */
import React, { useEffect, useMemo, useRef, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { I18nextContext } from 'gatsby-plugin-react-i18next';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import type { MarkdownLabels } from '../../../plugins/labels';
import { PageIntro } from '../../components/PageIntro';
import { PostMeta } from '../../components/blog/PostMeta';
import { MarkdownBody } from '../../components/markdown/MarkdownBody';
import * as pageStyles from '../../components/markdown/MarkdownPage.module.css';
import { BannerSection } from '../../components/home/BannerSection';
import { Hero, type HeroText } from '../../components/home/Hero';
import { Topics } from '../../components/home/Topics';
import { CtaBand } from '../../components/CtaBand';
import { AppLink } from '../../components/AppLink';
import { LocalizedLink } from '../../components/LocalizedLink';
import * as buttons from '../../styles/buttons.module.css';
import { readingMinutes } from '../../lib/blog';
import { contentPagePath } from '../../build/contentPages';
import { I18NEXT_OPTIONS } from '../../build/i18n';
import { LANGUAGES, languageName, localizedPath, type Language } from '../../lib/languages';
import { fillProductName, fillProductNameInFields } from '../../lib/markdown';
import { renderMarkdown } from './markdown';
import { drawDiagrams, type DiagramScripts } from './diagrams';
import type { PreviewView } from './views';
import * as styles from './EntryPreview.module.css';

export interface PreviewSettings {
  productName: string;
  /** The site's origin, for "View on site": the CMS may be served from an origin of its own. */
  siteUrl: string;
  /** Each language's UI strings the markdown steps write (plugins/labels.js). */
  labels: Readonly<Record<Language, MarkdownLabels>>;
  /** Each language's UI string files the components read, by namespace. */
  locales: Readonly<Record<Language, Resource[string]>>;
  diagramScripts: DiagramScripts;
}

/** What the preview itself says, in the CMS's language (English). */
export const PREVIEW_TEXT = {
  viewOnSite: 'View on site:',
  refused: 'The build refuses this text; the site will not be published with it:',
  diagramsRefused: 'The build refuses a diagram here:',
};

const instances = new Map<Language, I18n>();

/** An i18next for one language, made once, as the site's pages configure it (src/build/i18n.ts). */
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

/** A markdown body as its page shows it, diagrams drawn once it is on screen. */
function Body({ view, settings, banner }: { view: Extract<PreviewView, { body: string }>; settings: PreviewSettings; banner?: (html: string) => React.ReactNode }) {
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
  if ('refused' in rendered) return <Refused title={PREVIEW_TEXT.refused} message={rendered.refused} />;
  return (
    <div ref={ref}>
      {diagramProblems.length > 0 && <Refused title={PREVIEW_TEXT.diagramsRefused} message={diagramProblems.join('\n')} />}
      {banner ? banner(rendered.html) : <MarkdownBody html={rendered.html} />}
    </div>
  );
}

function Page({ view, settings }: { view: PreviewView; settings: PreviewSettings }): React.JSX.Element {
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
              <Body view={view} settings={settings} />
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

/** The entry's page in its language, under the link to it on the site. */
export function EntryPreview({ view, settings }: { view: PreviewView; settings: PreviewSettings }): React.JSX.Element {
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
          <Page view={view} settings={settings} />
        </div>
      </I18nextContext.Provider>
    </I18nextProvider>
  );
}
