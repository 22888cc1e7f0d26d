/**
 * A HEIF whose primary picture is a grid of one tile repeated: 40×40 references to one 512×512 HEVC tile declare a
 * 20480×20480 picture (419 MP) in 3.7 KB. The tile's codec configuration and data come from a real 456-byte HEIC
 * (tests/fixtures/tile-512.heic, written by heif-enc from a grey square).
 */
import { concat } from "../../src/media/bytes";
import { be, ftyp, fullBox, isoBox, latin1 } from "./crafted-bytes";
import { FIXTURES } from "./client";
import { readFileSync } from "node:fs";
import path from "node:path";

/** The body of the first box of `type` anywhere in `b` (found by its name: the fixture holds no other match). */
function boxOf(b: Uint8Array, type: string): Uint8Array {
  const at = Buffer.from(b).indexOf(type) - 4;
  const size = new DataView(b.buffer, b.byteOffset).getUint32(at);
  return b.subarray(at, at + size);
}

export function heifGrid(side = 20480, tile = 512): Uint8Array<ArrayBuffer> {
  const source = new Uint8Array(readFileSync(path.join(FIXTURES, "tile-512.heic")));
  const hvcC = boxOf(source, "hvcC");
  const tileData = boxOf(source, "mdat").subarray(8);
  const perSide = Math.ceil(side / tile);
  const tiles = perSide * perSide;
  const gridData = concat([new Uint8Array([0, 0, perSide - 1, perSide - 1]), be(side, 2), be(side, 2)]);
  const build = (tileAt: number) => {
    const infe = (id: number, type: string) => fullBox("infe", 2, be(id, 2), be(0, 2), latin1(type), new Uint8Array([0]));
    const iloc = fullBox("iloc", 1, new Uint8Array([0x44, 0x00]), be(2, 2),
      be(1, 2), be(1, 2), be(0, 2), be(1, 2), be(0, 4), be(gridData.length, 4), // the grid: in idat
      be(2, 2), be(0, 2), be(0, 2), be(1, 2), be(tileAt, 4), be(tileData.length, 4)); // the tile: in mdat
    const iref = fullBox("iref", 0, isoBox("dimg", be(1, 2), be(tiles, 2), ...Array.from({ length: tiles }, () => be(2, 2))));
    const ispe = (w: number, h: number) => fullBox("ispe", 0, be(w, 4), be(h, 4));
    const ipco = isoBox("ipco", hvcC, ispe(tile, tile), ispe(side, side));
    const ipma = fullBox("ipma", 0, be(2, 4), be(1, 2), new Uint8Array([1, 3]), be(2, 2), new Uint8Array([2, 0x81, 2]));
    const hdlr = fullBox("hdlr", 0, be(0, 4), latin1("pict"), new Uint8Array(13));
    const meta = fullBox("meta", 0, hdlr, fullBox("pitm", 0, be(1, 2)), iloc, fullBox("iinf", 0, be(2, 2), infe(1, "grid"), infe(2, "hvc1")), iref,
      isoBox("iprp", ipco, ipma), isoBox("idat", gridData));
    return concat([ftyp("heic"), meta]);
  };
  const head = build(0);
  return concat([build(head.length + 8), isoBox("mdat", tileData)]) as Uint8Array<ArrayBuffer>;
}
