import { PLAIN_TEXT_RULE, markupProblem } from '../../features/content/plainText';

describe('markupProblem', () => {
  it('passes text, with the characters prose uses', () => {
    for (const text of [
      'Inventory & Payment Management Made Simple',
      'Stock < 5 means reorder; 5 > 3',
      'a <3 b, x<5',
      'AT&T, R&D, &c., & more',
      '{{product}} helps',
      'Поръчки, които редактирате до експедицията',
      'Quotes "like" these and \'these\'',
      'Tab\tand\nline\r\nbreaks',
      '#hashtag &#hash',
      'Emoji 😀 in a pair',
    ]) {
      expect(markupProblem(text)).toBeUndefined();
    }
  });

  it('refuses the start of a tag, an end tag, a comment, a declaration or a processing instruction, quoting it', () => {
    expect(markupProblem('Hi <img src=x onerror=alert(1)>')).toBe('it contains "<img", which would begin an HTML tag');
    expect(markupProblem('<SCRIPT>alert(1)</SCRIPT>')).toBe('it contains "<SCRIPT", which would begin an HTML tag');
    expect(markupProblem('a</title><script>')).toBe('it contains "</title", which would begin an HTML tag');
    expect(markupProblem('x <!-- hidden -->')).toBe('it contains "<!--", which would begin an HTML comment or declaration');
    expect(markupProblem('<!DOCTYPE html>')).toBe('it contains "<!DOCTYPE", which would begin an HTML comment or declaration');
    expect(markupProblem('<![CDATA[x]]>')).toBe('it contains "<![CDATA[x]]", which would begin an HTML comment or declaration');
    expect(markupProblem('<?php echo 1 ?>')).toBe('it contains "<?php", which would begin an HTML comment or declaration');
    expect(markupProblem('</ x>')).toBe('it contains "</", which would begin an HTML tag');
    expect(markupProblem('<svg/onload=alert(1)>')).toBe('it contains "<svg/onload=alert", which would begin an HTML tag');
  });

  it('refuses character references that decode to markup, spelled any way', () => {
    for (const [text, reference] of [
      ['&lt;script&gt;', '&lt;'],
      ['&LT;b>', '&LT;'],
      ['&ltimg src=x>', '&lt'],
      ['&#60;img>', '&#60;'],
      ['&#060img', '&#060'],
      ['&#x3c;img', '&#x3c;'],
      ['&#X3C;img', '&#X3C;'],
      ['&amp;lt;img', '&amp;'],
      ['Tom &gt; Jerry', '&gt;'],
      ['&#169; 2026', '&#169;'],
    ]) {
      expect(markupProblem(text)).toBe(`it contains the character reference "${reference}", which a reader of HTML would turn into a character`);
    }
  });

  it('refuses control characters and lone surrogates, naming the code point', () => {
    expect(markupProblem('bell\u0007')).toBe('it contains the control character U+0007');
    expect(markupProblem('nul\u0000')).toBe('it contains the control character U+0000');
    expect(markupProblem('esc\u001b[31m')).toBe('it contains the control character U+001B');
    expect(markupProblem('del\u007f')).toBe('it contains the control character U+007F');
    expect(markupProblem('c1\u0085')).toBe('it contains the control character U+0085');
    expect(markupProblem('\u000bvertical tab')).toBe('it contains the control character U+000B');
    expect(markupProblem('half \ud83d pair')).toBe('it contains U+D83D, half of a surrogate pair standing alone, which is not text');
    expect(markupProblem('\ude00 other half')).toBe('it contains U+DE00, half of a surrogate pair standing alone, which is not text');
  });

  it('states the rule for messages', () => {
    expect(PLAIN_TEXT_RULE).toContain('no "<" followed by a letter, "/", "!" or "?"');
    expect(PLAIN_TEXT_RULE).toContain('&lt; or &#60;');
    expect(PLAIN_TEXT_RULE).toContain('control characters');
  });
});
