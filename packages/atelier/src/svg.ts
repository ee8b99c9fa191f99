// Small SVG building blocks: smooth outlines through points (Catmull-Rom to cubic Bézier, with
// sharp corners where a hem or a collar point needs one), mirroring, and compact numbers.

export interface Pt {
  readonly x: number;
  readonly y: number;
  /** A sharp corner: the curve arrives and leaves without smoothing. */
  readonly corner?: boolean;
}

export const pt = (x: number, y: number, corner = false): Pt => ({ x, y, corner });

/** One decimal is plenty at 768x1024 and keeps the SVG small. */
export const f = (v: number): string => {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};

/** A smooth path through the points; closed unless told otherwise. */
export function smooth(points: readonly Pt[], closed = true, tension = 1): string {
  const n = points.length;
  if (n === 0) return '';
  const first = points[0] as Pt;
  if (n === 1) return `M${f(first.x)} ${f(first.y)}`;
  const at = (i: number): Pt => {
    if (closed) return points[((i % n) + n) % n] as Pt;
    return points[Math.max(0, Math.min(n - 1, i))] as Pt;
  };
  let d = `M${f(first.x)} ${f(first.y)}`;
  const segments = closed ? n : n - 1;
  for (let i = 0; i < segments; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const k = tension / 6;
    const c1 = p1.corner ? p1 : { x: p1.x + (p2.x - p0.x) * k, y: p1.y + (p2.y - p0.y) * k };
    const c2 = p2.corner ? p2 : { x: p2.x - (p3.x - p1.x) * k, y: p2.y - (p3.y - p1.y) * k };
    if (p1.corner && p2.corner) d += `L${f(p2.x)} ${f(p2.y)}`;
    else d += `C${f(c1.x)} ${f(c1.y)} ${f(c2.x)} ${f(c2.y)} ${f(p2.x)} ${f(p2.y)}`;
  }
  return closed ? `${d}Z` : d;
}

/**
 * A symmetric outline from its right half: `half` runs from a point on the centre line, down
 * the right side, to another point on the centre line; the left side is its mirror image.
 */
export function mirrored(cx: number, half: readonly Pt[]): Pt[] {
  const right = half.map((p) => ({ ...p, x: cx + p.x }));
  const left = half
    .slice(1, -1)
    .reverse()
    .map((p) => ({ ...p, x: cx - p.x }));
  return [...right, ...left];
}

export const esc = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Attribute string from a record, skipping undefined values. */
export function attrs(a: Readonly<Record<string, string | number | undefined>>): string {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? f(v) : v}"`)
    .join('');
}

/** 1-D Catmull-Rom through (y, value) stations: a smooth profile (a torso side, a leg edge). */
export function profile(stations: readonly (readonly [number, number])[]): (y: number) => number {
  const s = [...stations].sort((a, b) => a[0] - b[0]);
  return (y: number): number => {
    const firstS = s[0] as readonly [number, number];
    const lastS = s[s.length - 1] as readonly [number, number];
    if (y <= firstS[0]) return firstS[1];
    if (y >= lastS[0]) return lastS[1];
    let i = 0;
    while (i < s.length - 2 && y > (s[i + 1] as readonly [number, number])[0]) i++;
    const p1 = s[i] as readonly [number, number];
    const p2 = s[i + 1] as readonly [number, number];
    const p0 = s[i - 1] ?? p1;
    const p3 = s[i + 2] ?? p2;
    const t = (y - p1[0]) / (p2[0] - p1[0]);
    // Tangents scaled to the segment so uneven spacing does not overshoot.
    const m1 = ((p2[1] - p0[1]) / (p2[0] - p0[0] || 1)) * (p2[0] - p1[0]);
    const m2 = ((p3[1] - p1[1]) / (p3[0] - p1[0] || 1)) * (p2[0] - p1[0]);
    const t2 = t * t;
    const t3 = t2 * t;
    return (2 * t3 - 3 * t2 + 1) * p1[1] + (t3 - 2 * t2 + t) * m1 + (-2 * t3 + 3 * t2) * p2[1] + (t3 - t2) * m2;
  };
}

/** Evenly spaced values from a to b inclusive. */
export function steps(a: number, b: number, count: number): number[] {
  if (count <= 1) return [a];
  return Array.from({ length: count }, (_, i) => a + ((b - a) * i) / (count - 1));
}
