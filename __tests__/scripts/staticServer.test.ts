import { notFoundFile } from '../../scripts/staticServer';

describe('notFoundFile', () => {
  it.each([
    ['/bg/anything', 'bg/404.html'],
    ['/bg', 'bg/404.html'],
    ['/en/nothing/here/', 'en/404.html'],
    ['/anything', '404.html'],
    ['/bgx/', '404.html'],
    ['/fr/page/', '404.html'],
  ])('%s -> %s', (path, file) => {
    expect(notFoundFile(path)).toBe(file);
  });
});
