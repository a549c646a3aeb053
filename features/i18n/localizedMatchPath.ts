/**
 * gatsby-plugin-react-i18next 3 sets the localized 404 page's match path to
 * '/{lng}/*' and then prefixes it once more, giving '/bg/bg/*', so
 * '/bg/anything' would fall through to the English 404 (see onCreatePage.js
 * in the plugin's dist/plugin). This returns the
 * match path the page should have had.
 */
export function fixLocalizedMatchPath(matchPath: string | undefined, language: string): string | undefined {
  if (!matchPath) return matchPath;
  const doubled = `/${language}/${language}/`;
  return matchPath.startsWith(doubled) ? matchPath.slice(language.length + 1) : matchPath;
}
