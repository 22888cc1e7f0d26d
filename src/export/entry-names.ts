/**
 * Names of the files inside an export: `media/<id>-<title>.<ext>`, safe to unpack anywhere. The title is the
 * participant's text, so it is hostile input: no path separators (no traversal, no absolute paths), no control or
 * format characters, nothing Windows refuses, bounded length; the id prefix keeps names apart, and a set of the
 * names already given (compared as case-insensitive file systems do) guarantees it.
 */
const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/heic": "heic",
  "image/heif": "heif",
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "video/webm": "webm",
  "audio/mp4": "m4a",
  "audio/mpeg": "mp3",
  "audio/aac": "aac",
  "audio/wav": "wav",
  "audio/webm": "webm",
  "audio/ogg": "ogg",
};

/** Characters of a title kept in a name: letters, marks, digits and a few harmless punctuation marks. */
const UNSAFE = /[^\p{L}\p{M}\p{N} ._()'&+,;=@!#$%~-]+/gu;
const MAX_TITLE_CHARS = 60;

export function safeTitle(title: string): string {
  const cleaned = title
    .normalize("NFKC")
    .replace(UNSAFE, "-")
    .replace(/\s+/g, " ")
    .replace(/-{2,}/g, "-")
    .replace(/^[\s.-]+|[\s.-]+$/g, "");
  // Cut by code points, not UTF-16 units, so no surrogate half is left; then trim what the cut exposed.
  const cut = [...cleaned].slice(0, MAX_TITLE_CHARS).join("").replace(/[\s.-]+$/, "");
  return cut || "untitled";
}

export const extensionFor = (mime: string) => EXTENSIONS[mime] ?? "bin";

/** Hands out one name per item, never the same twice (ignoring case). */
export function entryNamer(): (id: number, title: string, mime: string) => string {
  const given = new Set<string>();
  return (id, title, mime) => {
    const stem = `media/${id}-${safeTitle(title)}`;
    const ext = extensionFor(mime);
    let name = `${stem}.${ext}`;
    for (let n = 2; given.has(name.toLowerCase()); n += 1) name = `${stem} (${n}).${ext}`;
    given.add(name.toLowerCase());
    return name;
  };
}
