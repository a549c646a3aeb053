import React from 'react';
import { screen, within } from '@testing-library/react';
import { Pagination } from '../../features/blog/Pagination';
import { PostMeta } from '../../features/blog/PostMeta';
import { PostNav } from '../../features/blog/PostNav';
import { listPages } from '../../features/blog/blog';
import type { PageProps } from 'gatsby';
import { Helmet } from 'react-helmet';
import BlogListTemplate from '../../src/templates/blogList';
import { renderWithI18n } from '../support/renderWithI18n';

describe('PostMeta', () => {
  it('shows the date as the language writes it, the update, the author, the reading time and the tags', () => {
    renderWithI18n(<PostMeta date="2026-09-15" updated="2026-10-02" readingMinutes={4} tags={['payments', 'Lightning']} showAuthor />);
    const dates = screen.getAllByText(/2026/, { selector: 'time' });
    expect(dates.map((time) => [time.textContent, time.getAttribute('datetime')])).toEqual([
      ['September 15, 2026', '2026-09-15'],
      ['October 2, 2026', '2026-10-02'],
    ]);
    expect(screen.getByText(/^Updated/)).toBeInTheDocument();
    expect(screen.getByText('By the StockPay team')).toBeInTheDocument();
    expect(screen.getByText('4 min read')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['payments', 'Lightning']);
  });

  it('in Bulgarian, with a named author, no update and no tags', () => {
    renderWithI18n(<PostMeta date="2026-11-18" updated="2026-11-18" author="Мария Иванова" readingMinutes={1} showAuthor />, { language: 'bg' });
    expect(screen.getAllByText(/2026/, { selector: 'time' }).map((time) => time.textContent)).toEqual(['18 ноември 2026 г.']);
    expect(screen.getByText('Автор: Мария Иванова')).toBeInTheDocument();
    expect(screen.getByText('1 мин. четене')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('leaves the author to the post page', () => {
    renderWithI18n(<PostMeta date="2026-11-18" readingMinutes={2} />);
    expect(screen.queryByText(/^By /)).toBeNull();
  });
});

describe('Pagination', () => {
  it('shows nothing for a single page', () => {
    const [only] = listPages(10);
    const { container } = renderWithI18n(<Pagination {...only} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('links the newer and older pages of a middle page and says where the reader is', () => {
    const [, middle] = listPages(25);
    renderWithI18n(<Pagination {...middle} />, { language: 'bg', originalPath: '/blog/page/2/' });
    const nav = screen.getByRole('navigation', { name: 'Страници на блога' });
    expect(within(nav).getByRole('link', { name: 'По-нови публикации' })).toHaveAttribute('href', '/bg/blog/');
    expect(within(nav).getByRole('link', { name: 'По-стари публикации' })).toHaveAttribute('href', '/bg/blog/page/3/');
    expect(nav).toHaveTextContent('Страница 2 от 3');
  });

  it('has no newer link on the first page and no older link on the last', () => {
    const pages = listPages(25);
    const { unmount } = renderWithI18n(<Pagination {...pages[0]} />);
    expect(screen.queryByRole('link', { name: 'Newer posts' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Older posts' })).toHaveAttribute('href', '/blog/page/2/');
    unmount();
    renderWithI18n(<Pagination {...pages[2]} />);
    expect(screen.getByRole('link', { name: 'Newer posts' })).toHaveAttribute('href', '/blog/page/2/');
    expect(screen.queryByRole('link', { name: 'Older posts' })).toBeNull();
  });
});

describe('PostNav', () => {
  it('links the newer and older posts, {{product}} filled in, and the list', () => {
    renderWithI18n(<PostNav newer={{ title: 'New in {{product}}', path: '/blog/new/' }} older={{ title: 'Old', path: '/blog/old/' }} />);
    const nav = screen.getByRole('navigation', { name: 'More posts' });
    expect(within(nav).getByRole('link', { name: 'New in StockPay' })).toHaveAttribute('href', '/blog/new/');
    expect(within(nav).getByRole('link', { name: 'Old' })).toHaveAttribute('href', '/blog/old/');
    expect(within(nav).getByRole('link', { name: 'All posts' })).toHaveAttribute('href', '/blog/');
  });

  it('leaves out a neighbour that does not exist', () => {
    renderWithI18n(<PostNav newer={null} older={null} />, { language: 'bg', originalPath: '/blog/x/' });
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Всички публикации']);
    expect(screen.getByRole('link')).toHaveAttribute('href', '/bg/blog/');
  });
});

describe('a list page', () => {
  // Page 2 of a blog of 25 posts: the query gives that page's ten.
  const nodes = Array.from({ length: 10 }, (_, i) => ({
    fields: { name: `post-${i + 11}`, readingMinutes: 2 },
    frontmatter: {
      title: `Post ${i + 11} about {{product}}`,
      description: `What post ${i + 11} says`,
      date: `2026-05-${String(20 - i).padStart(2, '0')}`,
      updated: null,
      tags: ['stock'],
    },
  }));
  const [, second] = listPages(25);
  const props = {
    data: { posts: { nodes } },
    pageContext: { page: second.page, pageCount: second.pageCount, skip: second.skip, limit: second.limit, newerPath: second.newerPath, olderPath: second.olderPath },
  } as unknown as PageProps<Queries.BlogListQuery, typeof second>;

  it('shows its ten posts as linked headings under a numbered title, with the ways to the other pages', () => {
    renderWithI18n(<BlogListTemplate {...props} />, { originalPath: '/blog/page/2/' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Blog, page 2 of 3');
    const headings = within(screen.getByRole('main')).getAllByRole('heading', { level: 2 });
    expect(headings).toHaveLength(10);
    expect(within(headings[0]).getByRole('link', { name: 'Post 11 about StockPay' })).toHaveAttribute('href', '/blog/post-11/');
    const pages = screen.getByRole('navigation', { name: 'Blog pages' });
    expect(within(pages).getByRole('link', { name: 'Newer posts' })).toHaveAttribute('href', '/blog/');
    expect(within(pages).getByRole('link', { name: 'Older posts' })).toHaveAttribute('href', '/blog/page/3/');
    const { scriptTags } = Helmet.peek();
    const jsonLd = JSON.parse(scriptTags[0].innerHTML);
    expect(jsonLd).toMatchObject({ '@type': 'Blog', name: 'Blog, page 2 of 3', url: 'http://127.0.0.1:9000/blog/page/2/' });
    expect(jsonLd.blogPost).toHaveLength(10);
  });

  it('in Bulgarian, linking the posts under /bg/', () => {
    renderWithI18n(<BlogListTemplate {...props} />, { language: 'bg', originalPath: '/blog/page/2/' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Блог, страница 2 от 3');
    expect(screen.getByRole('link', { name: 'Post 11 about StockPay' })).toHaveAttribute('href', '/bg/blog/post-11/');
    expect(screen.getAllByText('2 мин. четене')).toHaveLength(10);
  });
});
