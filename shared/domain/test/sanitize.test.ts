import { safeStyle, sanitizeHtml } from './sanitize';

describe('sanitizeHtml keeps rich text', () => {
  it.each([
    '<p><b>bold</b> <i>italic</i> <u>under</u> <s>struck</s> H<sub>2</sub>O x<sup>2</sup></p>',
    '<ul><li>one</li></ul><ol start="3"><li>three</li></ol>',
    '<table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td rowspan="2" style="text-align: center">a</td></tr></tbody></table>',
    '<p><img src="https://cdn.example.com/a.png" alt="graph" width="120" height="80" /></p>',
    '<p><img src="/api/files/org-1/0123456789abcdef0123456789abcdef.png" style="width: 50%" /></p>',
    '<p>Solve $x^2 - 1 = 0$ and \\(\\frac{a}{b} &lt; 1\\)</p>',
    '<p><a href="https://example.com/doc" target="_blank" rel="noopener noreferrer">doc</a></p>',
    // Tiptap's tables, as its editor writes them.
    '<table style="min-width: 50px"><colgroup><col style="min-width: 25px" /></colgroup><tbody><tr><td colspan="1" rowspan="1"><p>$x^2$</p></td></tr></tbody></table>',
  ])('%s', (html) => {
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('escapes a bare < in text and balances tags', () => {
    expect(sanitizeHtml('x < 5 and y > 3')).toBe('x &lt; 5 and y &gt; 3');
    expect(sanitizeHtml('<b>unclosed')).toBe('<b>unclosed</b>');
  });

  it('is idempotent', () => {
    const once = sanitizeHtml('<p onclick="x">a<script>b</script><img src="/api/files/org-1/0123456789abcdef0123456789abcdef.png" onerror="y"></p>');
    expect(sanitizeHtml(once)).toBe(once);
  });
});

describe('sanitizeHtml removes what could run', () => {
  it.each([
    ['<script>alert(1)</script>after', 'after'],
    ['<p>x</p><style>body{display:none}</style>', '<p>x</p>'],
    [
      '<img src="/api/files/org-1/0123456789abcdef0123456789abcdef.png" onerror="alert(1)">',
      '<img src="/api/files/org-1/0123456789abcdef0123456789abcdef.png" />',
    ],
    ['<b onclick="x" onmouseover="y">b</b>', '<b>b</b>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="//evil.example/">x</a>', '<a>x</a>'],
    ['<img src="data:image/png;base64,AAAA">', ''],
    ['<img src="javascript:alert(1)">', ''],
    ['<IMG SRC=`javascript:alert(1)`>', ''],
    ['<iframe src="https://evil.example">inside</iframe>', ''],
    ['<svg onload="alert(1)"><circle /></svg>ok', 'ok'],
    ['<object data="x"></object><embed src="x">', ''],
    ['<!-- <script>x</script> -->c', 'c'],
    ['<a href="https://ok.example" target="_self">x</a>', '<a href="https://ok.example">x</a>'],
    ['<p style="background: url(javascript:alert(1)); width: expression(alert(1)); color: red">t</p>', '<p style="color: red">t</p>'],
    ['<form action="/x"><input value="y"><button>b</button></form>', 'b'],
  ])('%s', (html, expected) => {
    expect(sanitizeHtml(html)).toBe(expected);
  });

  it('drops sizes that are not numbers', () => {
    expect(sanitizeHtml('<img src="/api/files/org-1/0123456789abcdef0123456789abcdef.png" width="100 onerror" height="50%">')).toBe(
      '<img src="/api/files/org-1/0123456789abcdef0123456789abcdef.png" height="50%" />',
    );
  });

  it('keeps a picture only from our stored files or an https address (issue 14)', () => {
    for (const src of [
      'http://127.0.0.1:3000/api/files/org-1/0123456789abcdef0123456789abcdef.png',
      'http://localhost/x.png',
      'http://10.1.2.3/x.png',
      'http://169.254.169.254/latest/meta-data/',
      'file:///etc/passwd',
      '/api/v2/test/abc',
      '/api/auth/user',
      '/a.png',
      'x',
      '/api/files/../v2/test/abc',
      '/api/files/org-1/0123456789abcdef0123456789abcdef.png?x=/api/v2',
      'ftp://host/x.png',
      'blob:https://x/1',
    ]) {
      expect({ src, html: sanitizeHtml(`<p><img src="${src}" />t</p>`) }).toEqual({ src, html: '<p>t</p>' });
    }
    for (const src of ['/api/files/org-1/0123456789abcdef0123456789abcdef.png', 'https://cdn.example.com/a.png']) {
      expect(sanitizeHtml(`<img src="${src}" />`)).toBe(`<img src="${src}" />`);
    }
  });

  it('empty stays empty', () => {
    expect(sanitizeHtml('')).toBe('');
  });
});

describe('safeStyle', () => {
  it('keeps allowed properties with plain values', () => {
    expect(safeStyle('TEXT-ALIGN: center; color:#ff0000;width: 12.5px;font-weight:bold')).toBe(
      'text-align: center; color: #ff0000; width: 12.5px; font-weight: bold',
    );
  });

  it('drops everything else', () => {
    expect(safeStyle('position: fixed; behavior: url(x); color: red !important; width: calc(1px)')).toBe('');
  });
});
