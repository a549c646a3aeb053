import React, { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPostDate } from '../blog/blog';
import { localizedPath } from '../site/languages';
import { SITEMAP_INDEX_PATH } from '../site/routes';
import { QUERY_PARAMETER } from './search';
import { RESULTS_PER_PAGE, addressWithQuery, queryFromSearch, shapeResult, type ExcerptPart, type PagefindData, type SearchResult } from './searchResults';
import { loadPagefind } from './pagefind.browser';
import { useSiteLanguage } from '../site/useSiteLanguage';
import { Icon } from '../site/Icon';
import * as styles from './SearchView.module.css';

type Found = { data(): Promise<PagefindData> }[];

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'failed' } | { kind: 'done'; query: string; found: Found; shown: SearchResult[]; pending: boolean };

/** The ways in that need no script, shown when JavaScript is off; labels are `ways.<key>` in locales/<lang>/search.json. */
const WAYS = [
  { key: 'docs', to: '/docs/' },
  { key: 'blog', to: '/blog/' },
  { key: 'privacy', to: '/privacy-policy/' },
] as const;

/** The address never changes under the page but by its own typing, which the page holds in state. */
const subscribeToNothing = () => () => undefined;

const shaped = (data: PagefindData[]): SearchResult[] => data.flatMap((item) => shapeResult(item) ?? []);

/** Pagefind's excerpt as text, its matches in <mark>: React escapes every run, so no markup of the index reaches the page. */
function Excerpt({ parts }: { parts: readonly ExcerptPart[] }): React.JSX.Element {
  return <>{parts.map((part, index) => (part.mark ? <mark key={index}>{part.text}</mark> : <React.Fragment key={index}>{part.text}</React.Fragment>))}</>;
}

/**
 * The search page's form and results. Pagefind loads when the page opens
 * with a query (/search/?q=…) or when the box is first used, and searches
 * as one types; the address keeps the query. The count is announced by a
 * live region. Without JavaScript the page says so and lists the ways in
 * that need none.
 */
export function SearchView(): React.JSX.Element {
  const { t } = useTranslation('search');
  const { language, routed } = useSiteLanguage();
  // The query the page opened with: '' while hydrating (the HTML is the same for every query), then the address's.
  const opened = useSyncExternalStore(
    subscribeToNothing,
    () => queryFromSearch(window.location.search),
    () => '',
  );
  const [typed, setTyped] = useState<string | null>(null);
  const query = typed ?? opened;
  const [state, setState] = useState<State>({ kind: 'idle' });
  const latest = useRef(0);

  const run = useCallback(async (text: string) => {
    const id = (latest.current += 1);
    const wanted = text.trim();
    if (wanted === '') {
      setState({ kind: 'idle' });
      return;
    }
    setState((current) => (current.kind === 'done' ? { ...current, pending: true } : { kind: 'loading' }));
    try {
      const pagefind = await loadPagefind();
      const found = (await pagefind.search(wanted))?.results ?? [];
      const first = await Promise.all(found.slice(0, RESULTS_PER_PAGE).map((result) => result.data()));
      if (id === latest.current) setState({ kind: 'done', query: wanted, found, shown: shaped(first), pending: false });
    } catch {
      if (id === latest.current) setState({ kind: 'failed' });
    }
  }, []);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address's query starts a search in Pagefind, outside React; its first step shows "loading"
    if (opened !== '') void run(opened);
  }, [opened, run]);

  const change = (value: string) => {
    setTyped(value);
    window.history.replaceState(window.history.state, '', addressWithQuery(window.location.pathname, value));
    void run(value);
  };

  const showMore = async () => {
    if (state.kind !== 'done') return;
    const { found, shown, query: shownQuery } = state;
    const more = shaped(await Promise.all(found.slice(shown.length, shown.length + RESULTS_PER_PAGE).map((result) => result.data())));
    setState((current) => (current.kind === 'done' && current.query === shownQuery ? { ...current, shown: [...current.shown, ...more] } : current));
  };

  const status =
    state.kind === 'loading'
      ? t('loading')
      : state.kind === 'failed'
        ? t('failed')
        : state.kind === 'done'
          ? state.found.length === 0
            ? t('none', { query: state.query })
            : t('results', { count: state.found.length, query: state.query })
          : '';

  return (
    <div className={styles.search}>
      <form
        role="search"
        // Named apart from the header's search form ("Search the site"), which is on this page too.
        aria-label={t('title')}
        className={`${styles.form} js-only`}
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          void run(query);
        }}
      >
        <label htmlFor="search-query" className={styles.label}>
          {t('label')}
        </label>
        <div className={styles.field}>
          <input
            id="search-query"
            className={styles.input}
            type="search"
            name={QUERY_PARAMETER}
            value={query}
            onChange={(event) => change(event.target.value)}
            onFocus={() => void loadPagefind().catch(() => undefined)}
            autoComplete="off"
            enterKeyHint="search"
            aria-describedby="search-hint"
          />
          <button type="submit" className={styles.submit}>
            <Icon name="search" size={18} />
            {t('submit')}
          </button>
        </div>
        <p id="search-hint" className={styles.hint}>
          {t('hint')}
        </p>
      </form>

      <div className={`${styles.noScript} no-js-only`}>
        <p>{t('noScript')}</p>
        <ul>
          {WAYS.map((way) => (
            <li key={way.key}>
              <a href={localizedPath(language, way.to, routed)}>{t(`ways.${way.key}`)}</a>
            </li>
          ))}
          <li>
            <a href={SITEMAP_INDEX_PATH}>{t('ways.sitemap')}</a>
          </li>
        </ul>
      </div>

      <p role="status" className={styles.status} aria-busy={state.kind === 'done' && state.pending}>
        {status}
      </p>

      {state.kind === 'done' && state.shown.length > 0 && (
        <section aria-labelledby="search-results-title">
          <h2 id="search-results-title" className="visually-hidden">
            {t('resultsTitle')}
          </h2>
          <ol className={styles.results}>
            {state.shown.map((result) => (
              <li key={result.href} className={styles.result}>
                <h3 className={styles.title}>
                  <a href={result.href}>{result.title}</a>
                </h3>
                {result.date && (
                  <p className={styles.date}>
                    <span className="visually-hidden">{t('published')} </span>
                    <time dateTime={result.date}>{formatPostDate(result.date, language)}</time>
                  </p>
                )}
                <p className={styles.excerpt}>
                  <Excerpt parts={result.excerpt} />
                </p>
                {result.sections.length > 0 && (
                  <ul className={styles.sections} aria-label={t('sections', { title: result.title })}>
                    {result.sections.map((section) => (
                      <li key={section.href}>
                        <a href={section.href}>{section.title}</a>
                        <p className={styles.excerpt}>
                          <Excerpt parts={section.excerpt} />
                        </p>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
          {state.shown.length < state.found.length && (
            <button type="button" className={styles.more} onClick={() => void showMore()}>
              {t('more')}
            </button>
          )}
        </section>
      )}
    </div>
  );
}
