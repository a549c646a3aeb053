// Each Gatsby Node API hook lives in its own file under gatsby/.
export { onPreBootstrap } from './gatsby/onPreBootstrap';
export { sourceNodes } from './gatsby/sourceNodes';
export { onCreateNode } from './gatsby/onCreateNode';
export { onCreatePage } from './gatsby/onCreatePage';
export { createSchemaCustomization } from './gatsby/createSchemaCustomization';
export { createResolvers } from './gatsby/createResolvers';
export { createPages } from './gatsby/createPages';
export { onCreateWebpackConfig } from './gatsby/onCreateWebpackConfig';
export { onPostBuild } from './gatsby/onPostBuild';
export { onCreateDevServer } from './gatsby/onCreateDevServer';
