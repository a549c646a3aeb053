/**
 * The Gatsby APIs of two plugins the tests run as a build would: a plugin's
 * gatsby-node is its public interface to Gatsby, which loads it by that
 * name; neither plugin ships types for it.
 */
declare module 'gatsby-transformer-remark/gatsby-node' {
  import type { Joi, validateOptionsSchema } from 'gatsby-plugin-utils';

  type Resolver = (node: unknown, args: object, context: undefined) => Promise<unknown>;
  export function onCreateNode(args: object, options: object): Promise<unknown>;
  export function setFieldsOnGraphQLNodeType(args: object, options: object): Promise<Record<string, { resolve: Resolver }>>;
  export function pluginOptionsSchema(api: { Joi: typeof Joi }): Parameters<typeof validateOptionsSchema>[0];
}

declare module 'gatsby-plugin-feed/gatsby-node' {
  export function onPostBuild(args: { graphql: (query: string) => Promise<{ data: unknown }>; reporter: { warn: (message: string) => void } }, options: object): Promise<void>;
}
