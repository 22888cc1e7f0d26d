/**
 * The worst inputs we can build for each video and audio stripper at or under 25 MB (for bench/hostile.ts). Each
 * passes the sniffer, so it reaches the stripper through POST /api/evidence, and each stays just inside the
 * stripper's caps, so it is walked to the end (the most work) rather than refused early.
 */
import {
  adtsFrame, be32, box, concat, dataTrack, EBML, ebmlHeader, element, id3v2, lacingOf, le32, movieOfFrames, mp4, oggPage, opusHead,
  opusTags, riffChunk, text, track, unknownSize, videoTrack, wav,
} from "./av-bytes";
import { cameraJpeg } from "./crafted-bytes";

const MIB = 1024 * 1024;
const SIZE = 25 * MIB - 64 * 1024; // room for the multipart envelope

/** Fills the rest of size with one box/chunk/element of type `filler` so the file is exactly size bytes. */
function padded(head: Uint8Array, size: number, filler: (length: number) => Uint8Array): Uint8Array<ArrayBuffer> {
  return concat(head, filler(size - head.length));
}

/**
 * MP4: a moov with 49,990 udta boxes (close to the cap of 100,000 planned changes), then 199,000 top-level boxes
 * (49,000 moof fragments, each read and walked, and 150,000 empty styp), then one mdat: just inside the caps on
 * changes, on boxes in containers (100,000) and on top-level boxes (200,000).
 */
export function hostileMp4ManyBoxes(size = SIZE): Uint8Array<ArrayBuffer> {
  const udtas = Array.from({ length: 49_990 }, () => box("udta", text("\xa9xyz+52.5163+013.3777/")));
  const moofs = Array.from({ length: 49_000 }, () => box("moof", box("mfhd", new Uint8Array(8))));
  const segmentTypes = Array.from({ length: 150_000 }, () => box("styp"));
  const head = mp4({ moov: udtas, top: [...moofs, ...segmentTypes] });
  return padded(head, size, (length) => concat(be32(length), text("mdat"), new Uint8Array(length - 8)));
}

/** MP4 whose moov is just under the 16 MB that may be read, one 16 MB udta to zero. */
export function hostileMp4LargeMoov(size = SIZE): Uint8Array<ArrayBuffer> {
  const head = mp4({ tracks: [track("vide", box("udta", new Uint8Array(16 * MIB - 2048).fill(0x2b)))] });
  return padded(head, size, (length) => concat(be32(length), text("mdat"), new Uint8Array(length - 8)));
}

/**
 * MP4 with a subtitle track whose sample tables fill the moov (3.9 million one-byte samples in 9,990 chunks), so
 * dropping it walks every table entry and zeroes 9,990 ranges of the mdat.
 */
export function hostileMp4DroppedTrackTables(size = SIZE): Uint8Array<ArrayBuffer> {
  const chunks = 9_990;
  const perChunk = 390;
  const build = (mdatAt: number) =>
    mp4({ tracks: [track("vide"), dataTrack("text", Array.from({ length: chunks }, (_, i) => ({ at: mdatAt + i * (perChunk + 1), sizes: new Array(perChunk).fill(1) })))] });
  const probe = build(0);
  const head = build(probe.length + 8);
  return padded(head, size, (length) => concat(be32(length), text("mdat"), new Uint8Array(length - 8).fill(0x2b)));
}

/**
 * The chunk-table bomb: a subtitle track of 4.19 million one-byte chunks (one sample each) end to end in the mdat,
 * its stco filling the 16 MB moov. Building a range per chunk cost 390 MB and 7–11 s; merged as walked, it is one.
 */
export function hostileMp4ChunkTableBomb(size = SIZE): Uint8Array<ArrayBuffer> {
  const chunks = 4_190_000;
  const build = (mdatAt: number) => {
    const stco = new Uint8Array(8 + chunks * 4);
    const view = new DataView(stco.buffer);
    view.setUint32(4, chunks);
    for (let i = 0; i < chunks; i++) view.setUint32(8 + i * 4, mdatAt + i);
    const stbl = box("stbl", box("stsc", new Uint8Array(4), be32(1), be32(1), be32(1), be32(1)), box("stsz", new Uint8Array(4), be32(1), be32(chunks)), box("stco", stco));
    const hdlr = box("hdlr", new Uint8Array(8), text("text"), new Uint8Array(13));
    const textTrack = box("trak", box("mdia", hdlr, box("minf", box("nmhd", new Uint8Array(4)), stbl)));
    return mp4({ tracks: [track("vide"), textTrack] });
  };
  const head = build(build(0).length + 8);
  return padded(head, size, (length) => concat(be32(length), text("mdat"), new Uint8Array(length - 8).fill(0x2b)));
}

/**
 * A Motion-JPEG movie (as older cameras record) of 25 MB: 33,000 frames of ~790 bytes, each with an EXIF APP1 (place,
 * make, model, serial), a JFIF APP0 and a comment: every frame is read, walked and gets three patches.
 */
export function hostileMotionJpeg(size = SIZE): Uint8Array<ArrayBuffer> {
  const frames = 33_000;
  const frame = cameraJpeg(1);
  const padding = Math.floor((size - 256 * 1024) / frames) - frame.length; // room for the moov's tables
  const padded = concat(frame.subarray(0, frame.length - 2), new Uint8Array(padding).fill(0x2a), frame.subarray(frame.length - 2));
  return movieOfFrames(new Array(frames).fill(padded));
}

/**
 * A live WebM recording (unknown-size segment and clusters, as MediaRecorder writes them) of 990,000 small
 * SimpleBlocks, each walked element by element, with Tags at the very end.
 */
export function hostileWebmLiveClusters(size = SIZE): Uint8Array<ArrayBuffer> {
  const tags = element(EBML.tags, text("LOCATION +52.5163+013.3777/"));
  const start = concat(ebmlHeader(), unknownSize(EBML.segment, element(EBML.tracks, videoTrack())));
  const blocks = 990_000;
  const clusters = 99;
  const perCluster = blocks / clusters;
  const body = Math.floor((size - start.length - tags.length - clusters * 12) / blocks) - 2;
  const block = concat(Uint8Array.of(EBML.simpleBlock, 0x80 | body), new Uint8Array(body));
  const cluster = unknownSize(EBML.cluster, ...new Array(perCluster).fill(block));
  return concat(start, ...new Array(clusters).fill(cluster), tags);
}

/** MP3 by its ID3v2 header, then 3.5 million 7-byte ADTS frames (the shortest frame there is), then ID3v1. */
export function hostileMp3TinyFrames(size = SIZE): Uint8Array<ArrayBuffer> {
  const tag = id3v2(text("TXXX location +52.5163+013.3777/"));
  const frame = adtsFrame();
  const frames = Math.floor((size - tag.length) / frame.length);
  const out = new Uint8Array(tag.length + frames * frame.length);
  out.set(tag);
  for (let i = 0, at = tag.length; i < frames; i++, at += frame.length) out.set(frame, at);
  return out;
}

/** WAV with 9,998 chunks, 4,999 of them LIST chunks to retype (the cap on changes), then the sound. */
export function hostileWavManyChunks(size = SIZE): Uint8Array<ArrayBuffer> {
  const chunks = Array.from({ length: 9_998 }, (_, i) => (i % 2 ? riffChunk("fact", le32(0)) : riffChunk("LIST", text("INFOIART"))));
  const head = wav(...chunks);
  const data = riffChunk("data", new Uint8Array(size - head.length - 8));
  const out = concat(head, data);
  out.set(le32(out.length - 8), 4);
  return out;
}

/** Ogg Opus with a 4 MB comment header (the most that is rewritten) and then 700,000 one-byte pages. */
export function hostileOggManyPages(size = SIZE): Uint8Array<ArrayBuffer> {
  const tags = opusTags("LOCATION=+52.5163+013.3777/", `PICTURE=${"A".repeat(4 * MIB - 70 * 1024)}`);
  const lacing = lacingOf(tags.length);
  const headerPages: Uint8Array[] = [oggPage([19], opusHead(), { flags: 2 })];
  for (let i = 0, used = 0; i < lacing.length; i += 255) {
    const part = lacing.slice(i, i + 255);
    const length = part.reduce((n, v) => n + v, 0);
    headerPages.push(oggPage(part, tags.subarray(used, used + length), { sequence: headerPages.length, flags: i ? 1 : 0 }));
    used += length;
  }
  const head = concat(...headerPages);
  const page = oggPage([1], Uint8Array.of(0xfc), { sequence: 0 });
  const pages = Math.floor((size - head.length) / page.length);
  const out = new Uint8Array(head.length + pages * page.length);
  out.set(head);
  for (let i = 0, at = head.length; i < pages; i++, at += page.length) out.set(page, at);
  return out;
}

/** Every builder above by name, for bench/hostile.ts. */
export const HOSTILE_AV = {
  "mp4-many-boxes": { mime: "video/mp4", fileName: "hostile.mp4", build: hostileMp4ManyBoxes },
  "mp4-large-moov": { mime: "video/mp4", fileName: "hostile.mp4", build: hostileMp4LargeMoov },
  "mp4-dropped-track-tables": { mime: "video/mp4", fileName: "hostile.mp4", build: hostileMp4DroppedTrackTables },
  "mp4-chunk-table-bomb": { mime: "video/mp4", fileName: "hostile.mp4", build: hostileMp4ChunkTableBomb },
  "mov-motion-jpeg": { mime: "video/quicktime", fileName: "hostile.mov", build: hostileMotionJpeg },
  "webm-live-clusters": { mime: "video/webm", fileName: "hostile.webm", build: hostileWebmLiveClusters },
  "mp3-tiny-frames": { mime: "audio/mpeg", fileName: "hostile.mp3", build: hostileMp3TinyFrames },
  "wav-many-chunks": { mime: "audio/wav", fileName: "hostile.wav", build: hostileWavManyChunks },
  "ogg-many-pages": { mime: "audio/ogg", fileName: "hostile.ogg", build: hostileOggManyPages },
} as const;
