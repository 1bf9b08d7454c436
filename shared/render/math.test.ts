import { cutText, hasMath, renderMathIn } from './math';

function rendered(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  renderMathIn(root);
  return root;
}

describe('renderMathIn', () => {
  it('renders $...$ and \\(...\\) with KaTeX and keeps the text around them', () => {
    const root = rendered('<p>Solve $x^2 = 4$ and \\(\\frac{a}{b}\\) now.</p>');
    const maths = root.querySelectorAll('.tf-math .katex');
    expect(maths).toHaveLength(2);
    expect(root.textContent).toContain('Solve ');
    expect(root.textContent).toContain(' now.');
    expect(root.querySelector('.tf-math .katex-html')).not.toBeNull();
  });

  it('keeps a formula KaTeX cannot read as typed, marked with the reason', () => {
    const root = rendered('<p>Broken $\\frac{1}{$ here</p>');
    const error = root.querySelector('.tf-math-error') as HTMLElement;
    expect(error.textContent).toBe('$\\frac{1}{$');
    expect(error.title).toMatch(/KaTeX/);
  });

  it('leaves text without maths (and a lone dollar) alone', () => {
    const root = rendered('<p>Costs $5 only</p>');
    expect(root.innerHTML).toBe('<p>Costs $5 only</p>');
    expect(hasMath('Costs $5 only')).toBe(false);
    // Money in a teacher's text is not maths (issue 15): "$5 … $12" has no closing dollar after a non-space.
    expect(hasMath('A pen costs $5 and a book $12.')).toBe(false);
    expect(hasMath('Between $ 3 and 4 $ dollars')).toBe(false);
    expect(hasMath('Solve $x+1=2$ now')).toBe(true);
    expect(hasMath('$a$')).toBe(true);
  });
});

describe('cutText', () => {
  it('cuts long text with an ellipsis, never inside a formula', () => {
    expect(cutText('short $x$', 20)).toBe('short $x$');
    expect(cutText('abcdefghij klmnop', 10)).toBe('abcdefghi…');
    // The cut would split $\frac{1}{2}$: the formula is left out whole.
    expect(cutText('Half is $\\frac{1}{2}$ of one', 12)).toBe('Half is…');
    // A text that starts with a formula keeps it whole.
    expect(cutText('$\\frac{a}{b}$ and more text', 5)).toBe('$\\frac{a}{b}$…');
    expect(cutText('\\(\\sqrt{2}\\) is irrational', 4)).toBe('\\(\\sqrt{2}\\)…');
  });
});
