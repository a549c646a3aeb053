// Each Gatsby Node API hook lives in its own file under gatsby/.
import type { GatsbyNode } from 'gatsby';
import { createBenchPages } from './gatsby/createBenchPages';
import { createPages as checkContentPages } from './gatsby/createPages';

export { onPreBootstrap } from './gatsby/onPreBootstrap';
export { sourceNodes } from './gatsby/sourceNodes';
export { onCreateNode } from './gatsby/onCreateNode';
export { onCreatePage } from './gatsby/onCreatePage';
export { createSchemaCustomization } from './gatsby/createSchemaCustomization';
export { onPostBuild } from './gatsby/onPostBuild';

// The content check, then the benchmark's extra pages (only with BENCH_CONTENT_DIR, npm run bench).
export const createPages: GatsbyNode['createPages'] = async (...args) => {
  await checkContentPages?.(...args);
  await createBenchPages?.(...args);
};
