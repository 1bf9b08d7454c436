/**
 * Circles drawn round an answer ("khoanh tròn"): a teacher marks the right option of a printed
 * paper by drawing an empty ellipse over its letter. Word anchors the shape to a paragraph and
 * places it by an offset from it, which may put it over a later line (the next option), so the
 * circle is read in two steps: where it is anchored and how far down it is drawn (here, while the
 * document is read), then which line it lies on (placeCircles, once every paragraph is known).
 */

/** An empty ellipse anchored in a paragraph: its top, from the paragraph's top, and its height, in points. */
export interface DrawnCircle {
  offsetPt: number;
  heightPt: number;
}

const EMU_PER_PT = 12700;

const attrOf = (el: Element, name: string): string | null => {
  for (let i = 0; i < el.attributes.length; i++) if (el.attributes[i].localName === name) return el.attributes[i].value;
  return null;
};
const childNamed = (el: Element, name: string): boolean => {
  for (let node = el.firstChild; node; node = node.nextSibling) if (node.nodeType === 1 && (node as Element).localName === name) return true;
  return false;
};
const all = (el: Element, name: string): Element[] => Array.from(el.getElementsByTagNameNS('*', name) as unknown as ArrayLike<Element>);
/** Whether a shape holds words or a picture: then it is a drawing of its own, not a mark. */
const holdsContent = (el: Element) =>
  all(el, 'blip').length > 0 || all(el, 'imagedata').length > 0 || all(el, 't').some((t) => (t.textContent ?? '').trim() !== '');

/**
 * A DrawingML shape (w:drawing): an ellipse with no fill, placed from its paragraph or line (not
 * from the page, which no paragraph can tell), or inline. Null for anything else.
 */
export function circleOfDrawing(drawing: Element): DrawnCircle | null {
  const geometry = all(drawing, 'prstGeom')[0];
  const shape = attrOf(geometry ?? drawing, 'prst');
  if (!geometry || (shape !== 'ellipse' && shape !== 'flowChartConnector') || holdsContent(drawing)) return null;
  const properties = all(drawing, 'spPr')[0];
  if (!properties || !childNamed(properties, 'noFill')) return null;
  const extent = all(drawing, 'extent')[0];
  const heightPt = Number(extent ? attrOf(extent, 'cy') : NaN) / EMU_PER_PT;
  if (!(heightPt > 0)) return null;
  const anchor = all(drawing, 'anchor')[0];
  if (!anchor) return { offsetPt: 0, heightPt };
  const vertical = all(anchor, 'positionV')[0];
  const from = vertical ? attrOf(vertical, 'relativeFrom') : null;
  const offset = vertical ? all(vertical, 'posOffset')[0] : undefined;
  if (!offset || (from !== 'paragraph' && from !== 'line')) return null;
  return { offsetPt: Number(offset.textContent) / EMU_PER_PT, heightPt };
}

const LENGTH = /^(-?[\d.]+)(pt|in|cm|mm|px)?$/;
const POINTS: Record<string, number> = { pt: 1, in: 72, cm: 72 / 2.54, mm: 72 / 25.4, px: 0.75 };
/** A VML length ("18.1pt", ".25in") in points; a bare number is in pixels. */
const pointsOf = (value: string | undefined): number | null => {
  const found = value ? LENGTH.exec(value.trim()) : null;
  return found ? Number(found[1]) * POINTS[found[2] ?? 'px'] : null;
};

/** A VML shape (w:pict, the fallback Word writes beside DrawingML): a v:oval (or an oval shape type) not filled. */
export function circleOfVml(pict: Element): DrawnCircle | null {
  const oval = all(pict, 'oval')[0] ?? all(pict, 'shape').find((s) => attrOf(s, 'type') === '#_x0000_t3');
  if (!oval || attrOf(oval, 'filled') !== 'f' || holdsContent(pict)) return null;
  const style = new Map(
    (attrOf(oval, 'style') ?? '')
      .split(';')
      .map((pair) => pair.split(':').map((s) => s.trim()))
      .filter((pair) => pair.length === 2) as [string, string][],
  );
  const heightPt = pointsOf(style.get('height'));
  if (!heightPt || heightPt <= 0) return null;
  if (style.get('position') !== 'absolute') return { offsetPt: 0, heightPt };
  const from = style.get('mso-position-vertical-relative') ?? 'text';
  if (from !== 'text' && from !== 'line' && from !== 'paragraph') return null;
  return { offsetPt: pointsOf(style.get('margin-top')) ?? 0, heightPt };
}

/**
 * The lines the circles lie on: a circle's middle, counted down (or up) from its paragraph in
 * lines as tall as the circle (a circle is drawn round one letter, so about one line high).
 * Returns each circled line's index. A circle outside the paragraphs, or in another table cell
 * than its anchor, is left out.
 */
export function placeCircles(anchored: ReadonlyMap<number, DrawnCircle[]>, cells: (index: number) => string, count: number): Set<number> {
  const circled = new Set<number>();
  for (const [index, circles] of anchored)
    for (const circle of circles) {
      const lines = Math.floor((circle.offsetPt + circle.heightPt / 2) / circle.heightPt);
      const target = index + lines;
      if (target >= 0 && target < count && cells(target) === cells(index)) circled.add(target);
    }
  return circled;
}
