/** `npm run weight [-- PAGE...]`: each page's first-load weight, every page of the site by default. */
import { pageWeight } from '../bench/pageWeight';
import { sitePages } from '../e2e/checks/sitePages';
import { formatTable, kib } from '../bench/table';

const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : sitePages().map((page) => page.path);
const rows = pages.map((page) => {
  const weight = pageWeight(page);
  return [page, kib(weight.html), kib(weight.htmlRaw), kib(weight.js), kib(weight.css), kib(weight.data)];
});
console.log(formatTable(['page', 'html (gz)', 'html (raw)', 'JS (gz)', 'CSS (gz)', 'data (gz)'], rows));
