// Respacing of a TrueType font's glyphs, for scripts/subset-fonts.ts (no font library here writes fonts).
/**
 * Moves glyphs sideways and sets their advance widths in a TrueType font (sfnt with glyf):
 * `spacing` maps a character to its new left side bearing and advance, in font units. `width`
 * draws a one-bar glyph (the hyphen) again as a bar that wide, at its height, from `lsb`.
 */
export function respace(
  font: Buffer,
  spacing: Record<string, { lsb?: number; advance: number; width?: number }>,
): Buffer {
  const numTables = font.readUInt16BE(4);
  const tables = new Map<string, Buffer>();
  for (let i = 0; i < numTables; i++) {
    const entry = 12 + i * 16;
    const tag = font.toString("latin1", entry, entry + 4);
    const offset = font.readUInt32BE(entry + 8);
    tables.set(tag, Buffer.from(font.subarray(offset, offset + font.readUInt32BE(entry + 12))));
  }
  const table = (tag: string) => {
    const found = tables.get(tag);
    if (!found) throw new Error(`no ${tag} table`);
    return found;
  };
  const head = table("head");
  const longLoca = head.readInt16BE(50) === 1;
  const numGlyphs = table("maxp").readUInt16BE(4);
  const numberOfHMetrics = table("hhea").readUInt16BE(34);
  const loca = table("loca");
  const offsets = Array.from({ length: numGlyphs + 1 }, (_, i) =>
    longLoca ? loca.readUInt32BE(i * 4) : loca.readUInt16BE(i * 2) * 2,
  );
  const glyf = table("glyf");
  const glyphs: Buffer[] = offsets
    .slice(0, -1)
    .map((start, i) => Buffer.from(glyf.subarray(start, offsets[i + 1])));
  const hmtx = table("hmtx");

  for (const [char, { lsb, advance, width }] of Object.entries(spacing)) {
    const gid = glyphId(table("cmap"), char.codePointAt(0) ?? 0);
    if (gid >= numberOfHMetrics) throw new Error(`${char}: glyph without its own metrics`);
    hmtx.writeUInt16BE(advance, gid * 4);
    if (width !== undefined) {
      glyphs[gid] = bar(glyphs[gid] ?? Buffer.alloc(0), lsb ?? 0, width, char);
      hmtx.writeInt16BE(lsb ?? 0, gid * 4 + 2);
      continue;
    }
    const glyph = glyphs[gid] ?? Buffer.alloc(0);
    if (lsb === undefined || glyph.length === 0) continue;
    const dx = lsb - glyph.readInt16BE(2);
    glyphs[gid] = shift(glyph, dx);
    hmtx.writeInt16BE(lsb, gid * 4 + 2);
  }

  // glyf and loca again, each glyph padded to four bytes.
  const padded = glyphs.map((g) => Buffer.concat([g, Buffer.alloc((4 - (g.length % 4)) % 4)]));
  const newLoca = Buffer.alloc((numGlyphs + 1) * (longLoca ? 4 : 2));
  let at = 0;
  padded.forEach((g, i) => {
    if (longLoca) newLoca.writeUInt32BE(at, i * 4);
    else newLoca.writeUInt16BE(at / 2, i * 2);
    at += g.length;
  });
  if (longLoca) newLoca.writeUInt32BE(at, numGlyphs * 4);
  else newLoca.writeUInt16BE(at / 2, numGlyphs * 2);
  tables.set("glyf", Buffer.concat(padded));
  tables.set("loca", newLoca);
  head.writeUInt32BE(0, 8);
  return writeSfnt(font.readUInt32BE(0), tables);
}

/** A character's left side bearing and advance width, in font units. */
export function metrics(font: Buffer, char: string): { lsb: number; advance: number } {
  const numTables = font.readUInt16BE(4);
  const find = (tag: string) => {
    for (let i = 0; i < numTables; i++) {
      const entry = 12 + i * 16;
      if (font.toString("latin1", entry, entry + 4) !== tag) continue;
      const offset = font.readUInt32BE(entry + 8);
      return font.subarray(offset, offset + font.readUInt32BE(entry + 12));
    }
    throw new Error(`no ${tag} table`);
  };
  const gid = glyphId(find("cmap"), char.codePointAt(0) ?? 0);
  const hmtx = find("hmtx");
  return { advance: hmtx.readUInt16BE(gid * 4), lsb: hmtx.readInt16BE(gid * 4 + 2) };
}

/**
 * A glyph that is one rectangle (four points, as the face's hyphen) drawn again from x to
 * x + width at the same height: the instructions go (the subset has no hinting to keep).
 */
function bar(glyph: Buffer, x: number, width: number, char: string): Buffer {
  if (glyph.length < 12 || glyph.readInt16BE(0) !== 1 || glyph.readUInt16BE(10) !== 3)
    throw new Error(`${char}: not a one-rectangle glyph`);
  const yMin = glyph.readInt16BE(4);
  const yMax = glyph.readInt16BE(8);
  const out = Buffer.alloc(10 + 2 + 2 + 4 + 8 + 8);
  [1, x, yMin, x + width, yMax].forEach((value, i) => out.writeInt16BE(value, i * 2));
  out.writeUInt16BE(3, 10); // the last point of the one contour
  out.writeUInt16BE(0, 12); // no instructions
  out.fill(0x01, 14, 18); // four points on the curve, coordinates as two-byte deltas
  // Clockwise from the bottom left: up, right along the top, down.
  [x, 0, width, 0].forEach((dx, i) => out.writeInt16BE(dx, 18 + i * 2));
  [yMin, yMax - yMin, 0, yMin - yMax].forEach((dy, i) => out.writeInt16BE(dy, 26 + i * 2));
  return out;
}

/** A glyph's outline moved right by dx (simple glyphs: its points; composite: its parts). */
function shift(glyph: Buffer, dx: number): Buffer {
  const out = Buffer.from(glyph);
  out.writeInt16BE(glyph.readInt16BE(2) + dx, 2);
  out.writeInt16BE(glyph.readInt16BE(6) + dx, 6);
  const contours = glyph.readInt16BE(0);
  if (contours < 0) {
    // Composite: every part's x offset (ARGS_ARE_XY_VALUES), words only (no re-encoding).
    let p = 10;
    for (;;) {
      const flags = out.readUInt16BE(p);
      const words = flags & 0x1;
      if (!(flags & 0x2)) throw new Error("composite glyph placed by points");
      if (words) out.writeInt16BE(out.readInt16BE(p + 4) + dx, p + 4);
      else {
        const x = out.readInt8(p + 4) + dx;
        if (x < -128 || x > 127) throw new Error("composite offset out of byte range");
        out.writeInt8(x, p + 4);
      }
      p += 4 + (words ? 4 : 2);
      p += flags & 0x8 ? 2 : flags & 0x40 ? 4 : flags & 0x80 ? 8 : 0;
      if (!(flags & 0x20)) return out;
    }
  }
  // Simple: the x coordinates are deltas, so only the first point's moves; it is written
  // again as a two-byte value so that its size cannot overflow its old encoding.
  let p = 10 + contours * 2;
  const points = glyph.readUInt16BE(p - 2) + 1;
  p += 2 + glyph.readUInt16BE(p);
  const flagsStart = p;
  const flags: number[] = [];
  while (flags.length < points) {
    const f = glyph.readUInt8(p++);
    flags.push(f);
    if (f & 0x8) for (let r = glyph.readUInt8(p++); r > 0; r--) flags.push(f);
  }
  const xs: number[] = [];
  for (const f of flags) {
    if (f & 0x2) xs.push(f & 0x10 ? glyph.readUInt8(p++) : -glyph.readUInt8(p++));
    else if (f & 0x10) xs.push(0);
    else xs.push(glyph.readInt16BE((p += 2) - 2));
  }
  const yAndAfter = glyph.subarray(p);
  xs[0] = (xs[0] ?? 0) + dx;
  const newFlags = flags.map((f) => f & ~0x8); // no repeats: simple to write
  const xBytes: number[] = [];
  xs.forEach((x, i) => {
    let f = (newFlags[i] ?? 0) & ~0x12;
    if (x === 0) f |= 0x10;
    else if (Math.abs(x) < 256) {
      f |= 0x2 | (x > 0 ? 0x10 : 0);
      xBytes.push(Math.abs(x));
    } else xBytes.push((x >> 8) & 0xff, x & 0xff);
    newFlags[i] = f;
  });
  return Buffer.concat([
    out.subarray(0, flagsStart),
    Buffer.from(newFlags),
    Buffer.from(xBytes),
    yAndAfter,
  ]);
}

/** The glyph of a BMP character, from the cmap's format 4 subtable. */
function glyphId(cmap: Buffer, code: number): number {
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const offset = cmap.readUInt32BE(4 + i * 8 + 4);
    if (cmap.readUInt16BE(offset) !== 4) continue;
    const segments = cmap.readUInt16BE(offset + 6) / 2;
    const ends = offset + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const ranges = deltas + segments * 2;
    for (let s = 0; s < segments; s++) {
      if (code > cmap.readUInt16BE(ends + s * 2) || code < cmap.readUInt16BE(starts + s * 2))
        continue;
      const range = cmap.readUInt16BE(ranges + s * 2);
      const delta = cmap.readInt16BE(deltas + s * 2);
      if (range === 0) return (code + delta) & 0xffff;
      const at = ranges + s * 2 + range + (code - cmap.readUInt16BE(starts + s * 2)) * 2;
      const gid = cmap.readUInt16BE(at);
      return gid === 0 ? 0 : (gid + delta) & 0xffff;
    }
  }
  throw new Error(`no glyph for U+${code.toString(16)}`);
}

function checksum(data: Buffer): number {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

function writeSfnt(version: number, tables: Map<string, Buffer>): Buffer {
  const tags = [...tables.keys()].sort();
  const header = Buffer.alloc(12 + tags.length * 16);
  const power = 2 ** Math.floor(Math.log2(tags.length));
  header.writeUInt32BE(version, 0);
  header.writeUInt16BE(tags.length, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(tags.length * 16 - power * 16, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tags.forEach((tag, i) => {
    const data = tables.get(tag) ?? Buffer.alloc(0);
    const entry = 12 + i * 16;
    header.write(tag, entry, "latin1");
    header.writeUInt32BE(checksum(data), entry + 4);
    header.writeUInt32BE(offset, entry + 8);
    header.writeUInt32BE(data.length, entry + 12);
    const body = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
    bodies.push(body);
    offset += body.length;
  });
  const font = Buffer.concat([header, ...bodies]);
  const headAt = header.readUInt32BE(12 + tags.indexOf("head") * 16 + 8);
  font.writeUInt32BE((0xb1b0afba - checksum(font)) >>> 0, headAt + 8);
  return font;
}
