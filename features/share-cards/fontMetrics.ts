/**
 * What the share card needs to know of a TrueType font before drawing with
 * it: which characters it has a glyph for (so a title is refused rather than
 * drawn with empty boxes) and how wide each one is (so the title is wrapped
 * and sized here, where a refusal can name the file, not guessed by the
 * renderer). Reads the 'head', 'hhea', 'hmtx' and 'cmap' tables only.
 * Kerning is left out: it narrows a line, so a measured width is an upper
 * bound of the drawn one.
 */

export interface FontMetrics {
  /** Whether the font maps the code point to a glyph of its own (not .notdef). */
  has(codePoint: number): boolean;
  /** The advance width of `text` at `fontSize` pixels; a character without a glyph counts as .notdef's. */
  width(text: string, fontSize: number): number;
}

interface Table {
  offset: number;
  length: number;
}

function tables(view: DataView): Map<string, Table> {
  const count = view.getUint16(4);
  const found = new Map<string, Table>();
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    const tag = String.fromCharCode(view.getUint8(record), view.getUint8(record + 1), view.getUint8(record + 2), view.getUint8(record + 3));
    found.set(tag, { offset: view.getUint32(record + 8), length: view.getUint32(record + 12) });
  }
  return found;
}

/** The code point to glyph map of a format 4 (BMP) or format 12 (all planes) subtable. */
function readCmap(view: DataView, cmapOffset: number): Map<number, number> {
  const count = view.getUint16(cmapOffset + 2);
  const subtables: { platform: number; encoding: number; offset: number }[] = [];
  for (let i = 0; i < count; i++) {
    const record = cmapOffset + 4 + i * 8;
    subtables.push({ platform: view.getUint16(record), encoding: view.getUint16(record + 2), offset: cmapOffset + view.getUint32(record + 4) });
  }
  // Unicode full repertoire first (format 12), then Unicode BMP (format 4).
  const formatOf = (subtable: { offset: number }) => view.getUint16(subtable.offset);
  const unicode = subtables.filter((s) => s.platform === 0 || (s.platform === 3 && (s.encoding === 1 || s.encoding === 10)));
  const chosen = unicode.find((s) => formatOf(s) === 12) ?? unicode.find((s) => formatOf(s) === 4);
  if (!chosen) throw new Error('the font has no Unicode character map (cmap format 4 or 12)');
  const map = new Map<number, number>();
  const at = chosen.offset;
  if (formatOf(chosen) === 12) {
    const groups = view.getUint32(at + 12);
    for (let i = 0; i < groups; i++) {
      const group = at + 16 + i * 12;
      const start = view.getUint32(group);
      const end = view.getUint32(group + 4);
      const glyph = view.getUint32(group + 8);
      for (let code = start; code <= end; code++) map.set(code, glyph + code - start);
    }
    return map;
  }
  const segments = view.getUint16(at + 6) / 2;
  const ends = at + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let i = 0; i < segments; i++) {
    const end = view.getUint16(ends + i * 2);
    const start = view.getUint16(starts + i * 2);
    const delta = view.getInt16(deltas + i * 2);
    const rangeOffsetAt = rangeOffsets + i * 2;
    const rangeOffset = view.getUint16(rangeOffsetAt);
    for (let code = start; code <= end && code !== 0xffff; code++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (code + delta) & 0xffff;
      else {
        const raw = view.getUint16(rangeOffsetAt + rangeOffset + (code - start) * 2);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) map.set(code, glyph);
    }
  }
  return map;
}

/** Reads a TrueType (or CFF OpenType) font's character map and advance widths. */
export function fontMetrics(data: Uint8Array): FontMetrics {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const found = tables(view);
  const table = (tag: string): Table => {
    const entry = found.get(tag);
    if (!entry) throw new Error(`the font has no '${tag}' table`);
    return entry;
  };
  const unitsPerEm = view.getUint16(table('head').offset + 18);
  const metricCount = view.getUint16(table('hhea').offset + 34);
  const hmtx = table('hmtx').offset;
  const glyphs = readCmap(view, table('cmap').offset);
  // Glyphs past the last full metric share its advance width.
  const advance = (glyph: number) => view.getUint16(hmtx + Math.min(glyph, metricCount - 1) * 4);
  return {
    has: (codePoint) => glyphs.has(codePoint),
    width(text, fontSize) {
      let units = 0;
      for (const character of text) units += advance(glyphs.get(character.codePointAt(0) ?? 0) ?? 0);
      return (units * fontSize) / unitsPerEm;
    },
  };
}
