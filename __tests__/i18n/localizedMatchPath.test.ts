import type { Actions, Page } from 'gatsby';
import { fixLocalizedMatchPath } from '../../features/i18n/localizedMatchPath';
import { onCreatePage } from '../../gatsby/onCreatePage';

describe('fixLocalizedMatchPath', () => {
  it('removes the doubled language prefix of the 404 match path', () => {
    expect(fixLocalizedMatchPath('/bg/bg/*', 'bg')).toBe('/bg/*');
    expect(fixLocalizedMatchPath('/en/en/*', 'en')).toBe('/en/*');
  });
  it('leaves correct and absent match paths alone', () => {
    expect(fixLocalizedMatchPath('/bg/*', 'bg')).toBe('/bg/*');
    expect(fixLocalizedMatchPath('/bg/blog/', 'bg')).toBe('/bg/blog/');
    expect(fixLocalizedMatchPath(undefined, 'bg')).toBeUndefined();
  });
});

describe('onCreatePage', () => {
  const run = (page: Partial<Page>) => {
    const actions = { createPage: jest.fn(), deletePage: jest.fn() };
    const hook = onCreatePage as unknown as (args: { page: Partial<Page>; actions: Partial<Actions> }) => void;
    hook({ page, actions: actions as unknown as Partial<Actions> });
    return actions;
  };

  it('recreates the Bulgarian 404 page with /bg/* as its match path', () => {
    const page = { path: '/bg/404/', matchPath: '/bg/bg/*', component: '404.tsx', context: { i18n: { language: 'bg' } } };
    const actions = run(page);
    expect(actions.deletePage).toHaveBeenCalledWith(page);
    expect(actions.createPage).toHaveBeenCalledWith({ ...page, matchPath: '/bg/*' });
  });

  it('leaves other pages alone', () => {
    const actions = run({ path: '/bg/pricing/', matchPath: undefined, context: { i18n: { language: 'bg' } } });
    expect(actions.deletePage).not.toHaveBeenCalled();
    expect(actions.createPage).not.toHaveBeenCalled();
    expect(run({ path: '/pricing/' }).createPage).not.toHaveBeenCalled();
  });
});
