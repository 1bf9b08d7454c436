/** Unicode characters of Word equations and the LaTeX KaTeX reads for them. */
export const SYMBOLS: Record<string, string> = {
  // Greek
  α: '\\alpha', β: '\\beta', γ: '\\gamma', δ: '\\delta', ε: '\\epsilon', ϵ: '\\epsilon', ζ: '\\zeta', η: '\\eta', θ: '\\theta', ϑ: '\\vartheta',
  ι: '\\iota', κ: '\\kappa', λ: '\\lambda', μ: '\\mu', ν: '\\nu', ξ: '\\xi', π: '\\pi', ϖ: '\\varpi', ρ: '\\rho', ϱ: '\\varrho', σ: '\\sigma',
  ς: '\\varsigma', τ: '\\tau', υ: '\\upsilon', φ: '\\phi', ϕ: '\\phi', χ: '\\chi', ψ: '\\psi', ω: '\\omega',
  Γ: '\\Gamma', Δ: '\\Delta', Θ: '\\Theta', Λ: '\\Lambda', Ξ: '\\Xi', Π: '\\Pi', Σ: '\\Sigma', Υ: '\\Upsilon', Φ: '\\Phi', Ψ: '\\Psi', Ω: '\\Omega',
  // Operators and relations
  '×': '\\times', '÷': '\\div', '±': '\\pm', '∓': '\\mp', '⋅': '\\cdot', '·': '\\cdot', '∘': '\\circ', '∗': '\\ast',
  '≤': '\\le', '≥': '\\ge', '≠': '\\ne', '≈': '\\approx', '≡': '\\equiv', '∼': '\\sim', '≅': '\\cong', '∝': '\\propto', '≪': '\\ll', '≫': '\\gg',
  '∈': '\\in', '∉': '\\notin', '⊂': '\\subset', '⊃': '\\supset', '⊆': '\\subseteq', '⊇': '\\supseteq', '∪': '\\cup', '∩': '\\cap', '∅': '\\emptyset',
  '∀': '\\forall', '∃': '\\exists', '¬': '\\neg', '∧': '\\wedge', '∨': '\\vee', '⇒': '\\Rightarrow', '⇔': '\\Leftrightarrow', '→': '\\to', '←': '\\leftarrow',
  '↔': '\\leftrightarrow', '⟹': '\\implies', '↦': '\\mapsto', '∞': '\\infty', '∂': '\\partial', '∇': '\\nabla', '°': '^{\\circ}', '′': "'", '″': "''",
  '∠': '\\angle', '⊥': '\\perp', '∥': '\\parallel', '△': '\\triangle', '…': '\\ldots', '⋯': '\\cdots', '⋮': '\\vdots', '⋱': '\\ddots', 'ℝ': '\\mathbb{R}',
  'ℕ': '\\mathbb{N}', 'ℤ': '\\mathbb{Z}', 'ℚ': '\\mathbb{Q}', 'ℂ': '\\mathbb{C}', '−': '-', '∣': '\\mid', '⌊': '\\lfloor', '⌋': '\\rfloor', '⌈': '\\lceil', '⌉': '\\rceil',
  '⟨': '\\langle', '⟩': '\\rangle', '‖': '\\|', 'ℏ': '\\hbar', 'ℓ': '\\ell',
  // Characters LaTeX treats specially
  '{': '\\{', '}': '\\}', '%': '\\%', '#': '\\#', '&': '\\&', _: '\\_', $: '\\$', '\\': '\\backslash ', '~': '\\sim',
};

/** n-ary operators (m:nary's chr), with the integral as the ECMA-376 default. */
export const NARY: Record<string, string> = {
  '∑': '\\sum', '∏': '\\prod', '∐': '\\coprod', '∫': '\\int', '∬': '\\iint', '∭': '\\iiint', '∮': '\\oint', '⋃': '\\bigcup', '⋂': '\\bigcap',
  '⋁': '\\bigvee', '⋀': '\\bigwedge', '⨁': '\\bigoplus', '⨂': '\\bigotimes',
};

/** Accents (m:acc's chr, combining marks), with the circumflex as the default. */
export const ACCENTS: Record<string, string> = {
  '\u0302': '\\hat', '\u0303': '\\tilde', '\u0304': '\\bar', '\u0305': '\\overline', '\u0307': '\\dot', '\u0308': '\\ddot', '\u20d7': '\\vec',
  '\u0301': '\\acute', '\u0300': '\\grave', '\u0306': '\\breve', '\u030c': '\\check', '\u20d6': '\\overleftarrow', '\u20e1': '\\overleftrightarrow',
};

/** Functions KaTeX knows by name (m:func's fName). */
export const FUNCTIONS = new Set([
  'sin', 'cos', 'tan', 'cot', 'sec', 'csc', 'arcsin', 'arccos', 'arctan', 'sinh', 'cosh', 'tanh', 'coth', 'log', 'ln', 'lg', 'exp', 'lim', 'max', 'min',
  'sup', 'inf', 'det', 'gcd', 'deg', 'dim', 'ker', 'arg', 'Pr', 'liminf', 'limsup',
]);

/** Delimiters (m:d's begChr, endChr) as KaTeX's \left and \right want them. */
export const DELIMITERS: Record<string, string> = {
  '(': '(', ')': ')', '[': '[', ']': ']', '{': '\\{', '}': '\\}', '|': '|', '‖': '\\|', '⟨': '\\langle', '⟩': '\\rangle', '〈': '\\langle', '〉': '\\rangle',
  '⌊': '\\lfloor', '⌋': '\\rfloor', '⌈': '\\lceil', '⌉': '\\rceil', '': '.',
};
