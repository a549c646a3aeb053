// Gatsby loads a local plugin named by its folder through this file; its hooks are in the gatsby-*.js(x) files beside it.
