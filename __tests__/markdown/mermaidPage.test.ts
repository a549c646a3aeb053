/**
 * The checks features/markdown/remark-mermaid/page.js runs on a drawing in
 * Chromium, run here in jsdom, which parses HTML (and SVG inside it) by the
 * same standard.
 */
import { cssLoads, decodeCss, inspectSvg } from '../../features/markdown/remark-mermaid/page';

const svg = (body: string, style = '') => `<svg id="d" xmlns="http://www.w3.org/2000/svg" role="graphics-document document"><style>${style}</style><g>${body}</g></svg>`;

describe('decodeCss', () => {
  it('decodes escapes as the CSS tokenizer does, and lower-cases', () => {
    expect(decodeCss('\\75 rl(')).toBe('url(');
    expect(decodeCss('\\000075\\72 L(')).toBe('url(');
    expect(decodeCss('U\\52L(')).toBe('url(');
    expect(decodeCss('\\@import')).toBe('@import');
    expect(decodeCss('a\\\nb')).toBe('ab');
    expect(decodeCss('\\0 \\110000 \\d800 ')).toBe('\ufffd\ufffd\ufffd');
  });
});

describe('cssLoads', () => {
  it('finds what loads, in any spelling', () => {
    expect(cssLoads('fill:url(http://x/a.png)')).toEqual(['url(http://x/a.png)']);
    expect(cssLoads('fill: URL( "//x/a.png" )')).toEqual(['url(//x/a.png)']);
    expect(cssLoads("fill:\\75 rl('data:image/svg+xml,x')")).toEqual(['url(data:image/svg+xml,x)']);
    expect(cssLoads('@import "x.css"; @IMPORT url(#x)')).toEqual(['@import', '@import']);
    expect(cssLoads('@font-face{src:local(a)}')).toEqual(['@font-face']);
    expect(cssLoads('background:image-set("a.png" 1x)')).toEqual(['image-set()']);
    expect(cssLoads('background:-webkit-image-set("a.png" 1x)')).toEqual(['-webkit-image-set()']);
    expect(cssLoads('background:image("a.png"), cross-fade(a, b), element(#x); x: src("a")')).toEqual(['image()', 'cross-fade()', 'element()', 'src()']);
  });

  it('allows references inside the drawing, colours and functions that load nothing', () => {
    expect(cssLoads('marker-end:url(#arrow);stroke:url( "#gradient" );fill:rgba(1,2,3,.5);filter:drop-shadow(1px 2px 2px hsl(0, 0%, 90%))')).toEqual([]);
    expect(cssLoads('transform:translate(1px) rotate(2deg); width:calc(100% - 1px)')).toEqual([]);
  });

  it('does not join a name to its parenthesis across a comment (CSS does not either), nor hide what follows "/*" in a string', () => {
    expect(cssLoads('fill:url/**/(http://x)')).toEqual([]);
    expect(cssLoads('content:"/*"; background:url(http://x); /* "*/')).toEqual(['url(http://x)']);
  });
});

describe('inspectSvg', () => {
  it('finds nothing in a drawing of shapes and text', () => {
    const drawing = svg(
      '<marker id="m"><path d="M 0 0 L 10 5 z"></path></marker><rect style="fill:#dcfce7;stroke:#15803d"></rect>' +
        '<path marker-end="url(#m)" stroke="url(#gradient)"></path><text><tspan>&lt;img src=http://x&gt; image(1)</tspan></text>' +
        '<line name="image(1)" aria-label="url(http://x)" data-id="url(x)"></line><use href="#m"></use><symbol id="s"></symbol>' +
        '<filter><feDropShadow dx="1"></feDropShadow></filter><linearGradient id="gradient"><stop offset="0%"></stop></linearGradient>',
      '#d .marker{fill:#475569} #d .neo{stroke:url(#d-gradient);filter:drop-shadow( 1px 2px 2px rgba(185,185,185,1))}',
    );
    expect(inspectSvg(drawing)).toEqual([]);
  });

  it('finds elements that load, link, embed, animate or hold HTML, in any case', () => {
    const drawing = svg(
      '<a href="#x"><text>x</text></a><IMAGE href="#x"></IMAGE><foreignObject><div>x</div></foreignObject><script>1</script>' +
        '<animate attributeName="href" to="javascript:x"></animate><set attributeName="href"></set><feImage href="#x"></feImage><iframe></iframe>',
    );
    expect(inspectSvg(drawing)).toEqual(['<a>', '<image>', '<foreignObject>', '<script>', '<animate>', '<set>', '<feImage>', '<iframe>']);
  });

  it('finds event handlers and URLs that leave the drawing, however written', () => {
    const drawing = svg(
      '<g onclick="alert(1)" ONMOUSEOVER="x"></g><use xlink:href="https://x/s.svg#a"></use><use href=" //x/s.svg#b"></use>' +
        '<use href="&#104;ttps://x/c.svg#c"></use><use href="#local"></use>',
    );
    expect(inspectSvg(drawing)).toEqual(['an onclick attribute', 'an onmouseover attribute', 'xlink:href="https://x/s.svg#a"', 'href=" //x/s.svg#b"', 'href="https://x/c.svg#c"']);
  });

  it('finds CSS that loads, in <style>, in style attributes and in presentation attributes, entities and escapes decoded', () => {
    const drawing = svg(
      '<rect style="fill:u&#114;l(http://x/1.png)"></rect><rect fill="\\75 rl(http://x/2.png)"></rect><rect filter="url(https://x/f.svg#f)"></rect>',
      '@import url(http://x/3.css); #d .n{fill:url(&quot;http://x/4.png&quot;)}',
    );
    expect(inspectSvg(drawing)).toEqual(['url(http://x/3.css)', 'url(http://x/4.png)', '@import', 'url(http://x/1.png)', 'url(http://x/2.png)', 'url(https://x/f.svg#f)']);
  });
});
