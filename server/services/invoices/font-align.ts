/**
 * Makes a TrueType font safe for pdf-lib's subsetter: every glyph's outline padded to an even
 * number of bytes, with a long (32-bit) `loca` table.
 *
 * Why: fontkit writes a subset with the short `loca` format whenever the subset is under 128 KB,
 * and short offsets are stored halved, so they can only point at even byte positions. Fonts built
 * with today's tools (Noto Sans JP among them) leave about half their glyphs an odd number of bytes
 * long; in a subset every glyph after such a one starts a byte early and readers reject it as an
 * invalid outline, so most characters of an invoice would not show. Padding is what the TrueType
 * format itself recommends, and changes no outline.
 */

const te = new TextDecoder("latin1");

function tag(view: DataView, at: number): string {
  return te.decode(new Uint8Array(view.buffer, view.byteOffset + at, 4));
}

const pad4 = (n: number) => (n + 3) & ~3;

function checksum(bytes: Uint8Array): number {
  const padded = new Uint8Array(pad4(bytes.length));
  padded.set(bytes);
  const view = new DataView(padded.buffer);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  return sum;
}

interface TableRecord {
  tag: string;
  data: Uint8Array;
}

/** Returns the font unchanged when it has no `glyf` table (CFF outlines) or all glyphs are already even. */
export function alignGlyphsForSubsetting(font: Uint8Array): Uint8Array {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const numTables = view.getUint16(4);
  const tables: TableRecord[] = [];
  for (let i = 0; i < numTables; i++) {
    const record = 12 + i * 16;
    const offset = view.getUint32(record + 8);
    const length = view.getUint32(record + 12);
    if (offset + length > font.byteLength) throw new RangeError("font table runs past the end of the file");
    tables.push({ tag: tag(view, record), data: font.subarray(offset, offset + length) });
  }
  const find = (name: string) => tables.find((t) => t.tag === name);
  const head = find("head");
  const maxp = find("maxp");
  const loca = find("loca");
  const glyf = find("glyf");
  if (!head || !maxp || !loca || !glyf) return font;

  const headView = new DataView(head.data.buffer, head.data.byteOffset, head.data.byteLength);
  const longLoca = headView.getInt16(50) === 1;
  const numGlyphs = new DataView(maxp.data.buffer, maxp.data.byteOffset, maxp.data.byteLength).getUint16(4);
  const locaView = new DataView(loca.data.buffer, loca.data.byteOffset, loca.data.byteLength);
  const offsets: number[] = [];
  for (let g = 0; g <= numGlyphs; g++) offsets.push(longLoca ? locaView.getUint32(g * 4) : locaView.getUint16(g * 2) * 2);
  if (offsets.every((o) => o % 2 === 0)) return font;

  // the new glyf: each outline as it was, then a zero byte where its length is odd
  let size = 0;
  for (let g = 0; g < numGlyphs; g++) size += (offsets[g + 1]! - offsets[g]! + 1) & ~1;
  const newGlyf = new Uint8Array(size);
  const newLoca = new Uint8Array((numGlyphs + 1) * 4);
  const newLocaView = new DataView(newLoca.buffer);
  let at = 0;
  for (let g = 0; g < numGlyphs; g++) {
    newLocaView.setUint32(g * 4, at);
    newGlyf.set(glyf.data.subarray(offsets[g]!, offsets[g + 1]!), at);
    at += (offsets[g + 1]! - offsets[g]! + 1) & ~1;
  }
  newLocaView.setUint32(numGlyphs * 4, at);

  const newHead = head.data.slice();
  const newHeadView = new DataView(newHead.buffer);
  newHeadView.setInt16(50, 1); // indexToLocFormat: long
  newHeadView.setUint32(8, 0); // checkSumAdjustment, computed below over the whole file
  glyf.data = newGlyf;
  loca.data = newLoca;
  head.data = newHead;

  // the file again: header and directory as before, tables in tag order, 4-byte aligned
  tables.sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  const directorySize = 12 + numTables * 16;
  const total = tables.reduce((s, t) => s + pad4(t.data.length), directorySize);
  const out = new Uint8Array(total);
  const outView = new DataView(out.buffer);
  out.set(font.subarray(0, 12));
  let offset = directorySize;
  tables.forEach((t, i) => {
    const record = 12 + i * 16;
    for (let c = 0; c < 4; c++) out[record + c] = t.tag.charCodeAt(c);
    outView.setUint32(record + 4, checksum(t.data));
    outView.setUint32(record + 8, offset);
    outView.setUint32(record + 12, t.data.length);
    out.set(t.data, offset);
    offset += pad4(t.data.length);
  });
  const headOffset = outView.getUint32(12 + tables.indexOf(head) * 16 + 8);
  outView.setUint32(headOffset + 8, (0xb1b0afba - checksum(out)) >>> 0);
  return out;
}
