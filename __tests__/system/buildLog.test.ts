import { buildWarnings } from '../../system/buildLog';

describe('buildWarnings', () => {
  it("finds Gatsby's, webpack's and a plugin's warnings, without their terminal codes", () => {
    const output = [
      '\x1b[2K\x1b[1A\x1b[2K\x1b[Gsuccess onPreBootstrap - 1.714s',
      '\x1b[2K\x1b[1A\x1b[2K\x1b[Gwarn The GraphQL query in the non-page component',
      '"/site/src/pages/blog.tsx" will not be run.',
      'warning chunk styles [mini-css-extract-plugin]',
      'Conflicting order. Following module has been added:',
      'Warning: there are unknown plugin options for "gatsby-transformer-remark": engines',
      'info Total nodes: 172',
    ].join('\n');
    expect(buildWarnings(output)).toEqual([
      'warn The GraphQL query in the non-page component',
      'warning chunk styles [mini-css-extract-plugin]',
      'Warning: there are unknown plugin options for "gatsby-transformer-remark": engines',
    ]);
  });

  it('finds none in a clean log, where the words only appear inside other lines', () => {
    expect(buildWarnings('success Building production JavaScript and CSS bundles - 23.136s\ninfo no warnings here\nwarnings.ts compiled\n')).toEqual([]);
  });
});
