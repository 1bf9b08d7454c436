import { gradeProblem } from './grades';

describe('gradeProblem', () => {
  const a = { name: 'A', from: 80, to: 100 };
  const b = { name: 'B', from: 60, to: 79.99 };

  it('accepts bands in any order that do not overlap, and no bands at all', () => {
    expect(gradeProblem([a, b])).toBeNull();
    expect(gradeProblem([b, a])).toBeNull();
    expect(gradeProblem([])).toBeNull();
  });

  it('names the first problem: blank name, bounds outside 0-100, reversed, overlapping', () => {
    expect(gradeProblem([a, { ...b, name: '  ' }])).toEqual({ index: 1, field: 'name', kind: 'blank' });
    expect(gradeProblem([{ ...a, to: 101 }])).toEqual({ index: 0, field: 'to', kind: 'outOfRange' });
    expect(gradeProblem([{ ...a, from: -1 }])).toEqual({ index: 0, field: 'from', kind: 'outOfRange' });
    expect(gradeProblem([{ ...a, from: Number.NaN }])).toEqual({ index: 0, field: 'from', kind: 'outOfRange' });
    expect(gradeProblem([{ name: 'C', from: 50, to: 40 }])).toEqual({ index: 0, field: 'to', kind: 'reversed' });
    // Both bounds are included: 79.99-80 touching is an overlap only when they share a value.
    expect(gradeProblem([a, { name: 'C', from: 70, to: 80 }])).toEqual({ index: 1, field: 'from', kind: 'overlaps', other: 'A' });
  });
});
