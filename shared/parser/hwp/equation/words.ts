/**
 * Hancom equation keywords and what they become in LaTeX. Hancom writes most commands in either
 * case (`over`, `OVER`, `Over`), so those tables are keyed in lower case; case carries meaning only
 * for Greek letters (`alpha` α, `ALPHA`/`Alpha` Α) and arrows (`rarrow` →, `RARROW` ⇒).
 */

/** Words that are LaTeX's own names: `times` is \times. */
const named = (words: string): [string, string][] => words.split(/\s+/).map((word) => [word, `\\${word}`]);
/** `word=latex` pairs, for the words LaTeX names differently. */
const renamed = (pairs: string): [string, string][] => pairs.split(/\s+/).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]);

const GREEK = new Set('alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon phi chi psi omega'.split(' '));

/** Words whose case is their meaning: matched exactly. */
const EXACT = new Map([
  ...named('vartheta varphi varepsilon varpi varrho varsigma uparrow downarrow nwarrow nearrow swarrow searrow'),
  ...renamed('rarrow=\\rightarrow larrow=\\leftarrow lrarrow=\\leftrightarrow udarrow=\\updownarrow RARROW=\\Rightarrow LARROW=\\Leftarrow'),
  ...renamed('LRARROW=\\Leftrightarrow UPARROW=\\Uparrow DOWNARROW=\\Downarrow UDARROW=\\Updownarrow'),
]);

/** Symbols, relations and operators that stand alone (keys in lower case). */
const SYMBOL_WORDS = new Map([
  ...named('times div cdot cdots ldots vdots ddots le ge ne pm mp therefore because in notin ni subset supset subseteq supseteq cup cap'),
  ...named('emptyset forall exists angle triangle bot perp top parallel circ bullet ast star sim approx simeq cong equiv propto nabla'),
  ...named('partial oplus ominus otimes odot lor land vee wedge neg mapsto aleph hbar ell wp dagger ddagger prec succ uplus sqcap sqcup'),
  ...named('diamond doteq asymp models vdash dashv langle rangle lceil rceil lfloor rfloor'),
  ...renamed('leq=\\le geq=\\ge neq=\\ne inf=\\infty infinity=\\infty exist=\\exists owns=\\ni superset=\\supset msangle=\\measuredangle'),
  ...renamed('dots=\\ldots image=\\fallingdotseq reimage=\\risingdotseq mod=\\bmod lbrace=\\{ rbrace=\\} vert=| dline=\\|'),
  ...renamed('centigrade={}^{\\circ}\\mathrm{C} fahrenheit={}^{\\circ}\\mathrm{F}'),
  // The ∩ and ∪ of a line of text, where `inter` and `union` are the big operators that take limits.
  ...renamed('smallinter=\\cap smallunion=\\cup'),
]);

/** Function names set upright (\sin); `sup`, `inf` and `deg` are Hancom keywords of their own. */
const FUNCTIONS = new Map(named('sin cos tan cot sec csc arcsin arccos arctan sinh cosh tanh coth log ln lg exp det gcd dim ker arg hom'));

/** Operators that take limits (`sum from {k=1} to n` as well as `sum _{k=1} ^{n}`). */
const OPERATORS = new Map([
  ...named('sum prod coprod int oint bigcup bigcap bigsqcup bigoplus bigotimes bigodot biguplus lim max min liminf limsup'),
  ...renamed('smallsum=\\sum smallprod=\\prod dint=\\iint tint=\\iiint odint=\\oiint otint=\\oiiint union=\\bigcup inter=\\bigcap'),
  ['lcm', '\\operatorname{lcm}'],
]);

/** Accents and bars over (or under) the next operand. */
const ACCENTS = new Map([
  ...named('dot ddot acute grave check overline underline'),
  ...renamed('bar=\\overline vec=\\overrightarrow hat=\\widehat tilde=\\widetilde under=\\underline dyad=\\overleftrightarrow'),
  ...renamed('arch=\\overgroup box=\\boxed'),
]);

/** Environments made of rows (`#`) and cells (`&`); piles become arrays aligned l, c or r. */
export const ENVIRONMENTS = new Map(
  renamed('matrix=matrix pmatrix=pmatrix bmatrix=bmatrix dmatrix=vmatrix cases=cases pile=pile:c cpile=pile:c lpile=pile:l rpile=pile:r eqalign=aligned'),
);

/** Keywords the parser reads as structure rather than as a symbol. */
const STRUCTURE = new Set('over atop choose binom sqrt root sup sub left right rm it bold color size big bigg deg prime overbrace underbrace'.split(' '));

/** Hancom layouts KaTeX has nothing faithful for (long division, ladders, chemistry rings). */
const UNSUPPORTED = new Set(['longdiv', 'ladder', 'sladder', 'benzene']);

export type Word =
  | { kind: 'symbol'; latex: string }
  | { kind: 'operator'; latex: string }
  | { kind: 'accent'; latex: string }
  | { kind: 'environment'; name: string }
  | { kind: 'structure'; name: string }
  | { kind: 'unsupported'; name: string };

/** What a run of letters means to Hancom, or undefined for a plain identifier (`xy`, `ABC`). */
export function keyword(word: string): Word | undefined {
  const exact = EXACT.get(word);
  if (exact) return { kind: 'symbol', latex: exact };
  const lower = word.toLowerCase();
  if (GREEK.has(lower)) return greek(word, lower);
  // A word in mixed case (`aLPHA`, `sQRT`) is not a command in any spelling Hancom writes.
  const capitalised = lower.charAt(0).toUpperCase() + lower.slice(1);
  if (word !== lower && word !== word.toUpperCase() && word !== capitalised) return undefined;
  if (STRUCTURE.has(lower)) return { kind: 'structure', name: lower };
  const symbol = SYMBOL_WORDS.get(lower) ?? FUNCTIONS.get(lower);
  if (symbol) return { kind: 'symbol', latex: symbol };
  if (OPERATORS.has(lower)) return { kind: 'operator', latex: OPERATORS.get(lower) as string };
  if (ACCENTS.has(lower)) return { kind: 'accent', latex: ACCENTS.get(lower) as string };
  if (ENVIRONMENTS.has(lower)) return { kind: 'environment', name: lower };
  if (UNSUPPORTED.has(lower)) return { kind: 'unsupported', name: lower };
  return undefined;
}

function greek(word: string, lower: string): Word | undefined {
  if (word === lower) return { kind: 'symbol', latex: `\\${lower}` };
  const capital = lower.charAt(0).toUpperCase() + lower.slice(1);
  if (word === capital || word === lower.toUpperCase()) return { kind: 'symbol', latex: `\\${capital}` };
  return undefined;
}

/** `from to from to …`, for tables whose keys hold `=`. */
const alternating = (list: string): [string, string][] => {
  const words = list.split(/\s+/);
  return words.filter((_, i) => i % 2 === 0).map((key, i) => [key, words[2 * i + 1]]);
};

/** ASCII operators of more than one character, longest first so `<->` wins over `<-`. */
export const MULTI_SYMBOLS = alternating(
  '<=> \\Leftrightarrow <-> \\leftrightarrow ... \\ldots -> \\to <- \\leftarrow => \\Rightarrow <= \\le >= \\ge != \\ne == \\equiv +- \\pm -+ \\mp // \\parallel << \\ll >> \\gg',
);

/** Single ASCII characters LaTeX would read as commands. */
export const ESCAPED = new Map(alternating('\\ \\backslash % \\% $ \\$'));

/** Delimiters after LEFT and RIGHT (keys in lower case), as \left and \right take them. */
export const DELIMITERS = new Map([
  ...alternating('( ( ) ) [ [ ] ] { \\{ } \\} | | . . < \\langle > \\rangle / / ‖ \\| ⟨ \\langle ⟩ \\rangle ⌈ \\lceil ⌉ \\rceil ⌊ \\lfloor ⌋ \\rfloor'),
  ...named('langle rangle lceil rceil lfloor rfloor'),
  ...renamed('lbrace=\\{ rbrace=\\} vert=| dline=\\|'),
]);
