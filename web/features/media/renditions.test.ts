import { expect, test } from "bun:test";
import type { Rendition } from "../../api/types";
import { mediaSource, peaksUrl, posterUrl, thumbnailUrl } from "./renditions";

const r = (kind: Rendition["kind"], url: string): Rendition => ({ kind, url, mime: "x" });

test("an HEVC video plays from the server's MP4 with its poster; its original stays the download", () => {
  const item = { aws_url: "/api/media/a", thumbnail_url: null, renditions: [r("display", "/api/media/a/display"), r("poster", "/api/media/a/poster"), r("thumbnail", "/api/media/a/thumbnail")] };
  expect(mediaSource(item)).toBe("/api/media/a/display");
  expect(posterUrl(item)).toBe("/api/media/a/poster");
  expect(thumbnailUrl(item)).toBe("/api/media/a/thumbnail");
});

test("a JPEG with the sender's thumbnail keeps both; an item from before renditions keeps its original", () => {
  const jpeg = { aws_url: "/api/media/b", thumbnail_url: "/api/media/t", renditions: [r("thumbnail", "/api/media/b/thumbnail")] };
  expect(mediaSource(jpeg)).toBe("/api/media/b");
  expect(thumbnailUrl(jpeg)).toBe("/api/media/t");
  const old = { aws_url: "/api/media/c", thumbnail_url: null };
  expect(mediaSource(old)).toBe("/api/media/c");
  expect(thumbnailUrl(old)).toBeNull();
  expect(posterUrl(old)).toBeNull();
  expect(peaksUrl(old)).toBeNull();
});

test("a recording draws the server's peaks; a video without thumbnail or poster rendition tiles from its poster", () => {
  expect(peaksUrl({ aws_url: "/a", thumbnail_url: null, renditions: [r("peaks", "/a/peaks")] })).toBe("/a/peaks");
  expect(thumbnailUrl({ aws_url: "/v", thumbnail_url: null, renditions: [r("poster", "/v/poster")] })).toBe("/v/poster");
});
