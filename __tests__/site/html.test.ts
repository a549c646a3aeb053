import { escapeAngleBrackets, escapeHtml, escapeHtmlText } from '../../features/site/html';

describe('escapeHtml', () => {
  it('escapes the five characters that matter in element content and quoted attributes', () => {
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
    expect(escapeHtml(`<b class="x">Tom & Jerry's</b>`)).toBe('&lt;b class=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/b&gt;');
  });

  it('escapes an ampersand once, so an entity the text already holds shows as typed', () => {
    expect(escapeHtml('&amp; &lt;')).toBe('&amp;amp; &amp;lt;');
  });

  it('leaves every other character alone, Cyrillic and line breaks included', () => {
    expect(escapeHtml('Склад № 1\nready = true; `x`')).toBe('Склад № 1\nready = true; `x`');
    expect(escapeHtml('')).toBe('');
  });
});

describe('escapeHtmlText', () => {
  it('escapes what matters in element content and leaves quotes as typed', () => {
    expect(escapeHtmlText(`<img src="x" onerror='y'> & more`)).toBe(`&lt;img src="x" onerror='y'&gt; &amp; more`);
    expect(escapeHtmlText('&lt;script&gt;')).toBe('&amp;lt;script&amp;gt;');
    expect(escapeHtmlText("Don't stop")).toBe("Don't stop");
  });
});

describe('escapeAngleBrackets', () => {
  it('turns < and > into references and leaves & and quotes as typed', () => {
    expect(escapeAngleBrackets('</title><script>alert("x")</script>')).toBe('&lt;/title&gt;&lt;script&gt;alert("x")&lt;/script&gt;');
    expect(escapeAngleBrackets("Sales & invoices, don't wait")).toBe("Sales & invoices, don't wait");
  });
});
