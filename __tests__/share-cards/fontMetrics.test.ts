import { fontMetrics } from '../../features/share-cards/fontMetrics';

/** Big-endian bytes from [bits, value] pairs. */
function bytes(fields: readonly [16 | 32, number][]): number[] {
  return fields.flatMap(([bits, value]) => {
    const unsigned = value < 0 ? value + 2 ** bits : value;
    return bits === 16 ? [(unsigned >> 8) & 0xff, unsigned & 0xff] : [(unsigned >>> 24) & 0xff, (unsigned >>> 16) & 0xff, (unsigned >>> 8) & 0xff, unsigned & 0xff];
  });
}

/**
 * A font of only the tables fontMetrics reads: 1000 units to the em, glyph
 * advances 500 (.notdef), 600 and 700, and glyphs past the third sharing
 * the last advance, as the format has it; `cmap` is one Unicode subtable.
 */
function font(subtable: number[], tables: readonly string[] = ['cmap', 'head', 'hhea', 'hmtx']): Uint8Array {
  const head = [...new Array(18).fill(0), ...bytes([[16, 1000]]), 0, 0];
  const hhea = [...new Array(34).fill(0), ...bytes([[16, 3]])];
  const hmtx = bytes([
    [16, 500],
    [16, 0],
    [16, 600],
    [16, 0],
    [16, 700],
    [16, 0],
  ]);
  const cmap = [
    ...bytes([
      [16, 0],
      [16, 1],
      [16, 3],
      [16, subtable[1] === 12 ? 10 : 1],
      [32, 12],
    ]),
    ...subtable,
  ];
  const data: Record<string, number[]> = { cmap, head, hhea, hmtx };
  let offset = 12 + 16 * tables.length;
  const records: number[] = [];
  const bodies: number[] = [];
  for (const tag of tables) {
    records.push(...[...tag].map((c) => c.charCodeAt(0)), ...bytes([[32, 0]]), ...bytes([[32, offset]]), ...bytes([[32, data[tag].length]]));
    bodies.push(...data[tag]);
    offset += data[tag].length;
  }
  return new Uint8Array([...bytes([[32, 0x10000]]), ...bytes([[16, tables.length]]), 0, 0, 0, 0, 0, 0, ...records, ...bodies]);
}

/** Format 4: 'A'-'B' by delta (glyphs 1, 2), 'Ж' through the glyph array (glyph 3), then the closing 0xFFFF segment. */
const FORMAT_4 = bytes([
  [16, 4],
  [16, 0],
  [16, 0],
  [16, 6], // three segments
  [16, 0],
  [16, 0],
  [16, 0],
  [16, 0x42],
  [16, 0x416],
  [16, 0xffff], // ends
  [16, 0],
  [16, 0x41],
  [16, 0x416],
  [16, 0xffff], // starts
  [16, 1 - 0x41],
  [16, 0],
  [16, 1], // deltas
  [16, 0],
  [16, 4],
  [16, 0], // range offsets: the second points at the glyph array, 4 bytes on
  [16, 3], // the glyph array
]);

/** Format 12: 'A'-'B' as glyphs 1 and 2, and U+1F600 as glyph 2. */
const FORMAT_12 = bytes([
  [16, 12],
  [16, 0],
  [32, 40],
  [32, 0],
  [32, 2],
  [32, 0x41],
  [32, 0x42],
  [32, 1],
  [32, 0x1f600],
  [32, 0x1f600],
  [32, 2],
]);

describe('fontMetrics', () => {
  it('reads a format 4 map: delta segments, the glyph array, and nothing for unmapped characters', () => {
    const metrics = fontMetrics(font(FORMAT_4));
    expect(['A', 'B', 'Ж', 'C', '😀'].map((c) => metrics.has(c.codePointAt(0) ?? 0))).toEqual([true, true, true, false, false]);
    expect(metrics.width('A', 10)).toBe(6);
    expect(metrics.width('B', 10)).toBe(7);
    // Glyph 3 lies past the last full metric: it shares its advance.
    expect(metrics.width('Ж', 10)).toBe(7);
    // An unmapped character counts as .notdef.
    expect(metrics.width('C', 10)).toBe(5);
    expect(metrics.width('AB', 20)).toBe(26);
  });

  it('reads a format 12 map, beyond the basic plane', () => {
    const metrics = fontMetrics(font(FORMAT_12));
    expect(metrics.has(0x1f600)).toBe(true);
    expect(metrics.has(0x1f601)).toBe(false);
    expect(metrics.width('😀A', 100)).toBe(130);
  });

  it('names a missing table', () => {
    expect(() => fontMetrics(font(FORMAT_4, ['cmap', 'head', 'hmtx']))).toThrow("the font has no 'hhea' table");
  });

  it('refuses a font without a Unicode map', () => {
    expect(() => fontMetrics(font(bytes([[16, 6]])))).toThrow('the font has no Unicode character map (cmap format 4 or 12)');
  });
});
