// @ts-check
/**
 * gatsby-transformer-remark, with the one option its schema leaves out:
 * `engines`, which it hands to gray-matter as it is. The site's engines read
 * YAML as data and refuse every other language, so the transformer parses
 * frontmatter exactly as the build's checks do; declaring the option here
 * keeps Gatsby from warning, on every build, that it is unknown.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-node/#pluginOptionsSchema
 */
const transformer = require('gatsby-transformer-remark/gatsby-node');

/** @type {import('gatsby').GatsbyNode['pluginOptionsSchema']} */
const pluginOptionsSchema = (args) => {
  const { Joi } = args;
  const schema = /** @type {import('gatsby-plugin-utils').ObjectSchema} */ (transformer.pluginOptionsSchema(args));
  return schema.append({
    engines: Joi.object()
      .pattern(Joi.string(), Joi.object({ parse: Joi.function().required() }).unknown())
      .description("gray-matter's languages"),
  });
};

module.exports = { ...transformer, pluginOptionsSchema };
