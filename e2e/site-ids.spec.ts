/**
 * The ids a built page's own markup carries (outside the elements
 * MarkdownBody and BannerSection fill with a body's HTML) are the site's own
 * ids the content-id rule keeps content from taking
 * (features/markdown/remark-heading-ids/rules.js SITE_IDS): read from every
 * page of the build the site checks run on.
 */
import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'parse5';
import { isSiteId } from '../features/markdown/remark-heading-ids/rules';
import { PUBLIC_DIR } from './support';

interface Node {
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  content?: Node;
}

const pages = (folder: string): string[] =>
  fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? pages(full) : entry.name.endsWith('.html') ? [full] : [];
  });

test("every id a built page's own markup carries is one of the site's own ids", () => {
  const siteIds = new Map<string, string>();
  const visit = (node: Node, file: string, inBody: boolean) => {
    const attribute = (name: string) => node.attrs?.find((a) => a.name === name)?.value;
    const body = inBody || /(^|\s)(MarkdownBody-module--prose|BannerSection-module--body)-/.test(attribute('class') ?? '');
    const id = attribute('id');
    if (id !== undefined && !body && !siteIds.has(id)) siteIds.set(id, file);
    for (const child of [...(node.childNodes ?? []), ...(node.content ? [node.content] : [])]) visit(child, file, body);
  };
  for (const file of pages(PUBLIC_DIR)) visit(parse(fs.readFileSync(file, 'utf8')) as unknown as Node, path.relative(PUBLIC_DIR, file), false);
  expect(siteIds.size).toBeGreaterThan(10);
  expect([...siteIds].filter(([id]) => !isSiteId(id)).map(([id, file]) => `${id} (${file})`)).toEqual([]);
});
