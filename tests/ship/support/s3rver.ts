/** A real S3-protocol server (s3rver, run with Node) on a random loopback port, with one empty bucket. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { firstJsonLine } from "./processes";

export type S3Server = {
  /** The environment that points the app at this bucket. */
  env: Record<string, string>;
  /** Every key in the bucket, read through the S3 API (not through the app). */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
};

const BUCKET = "casefile-media";
// s3rver's fixed credentials.
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export async function startS3rver(): Promise<S3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), "casefile-s3rver-"));
  const child = Bun.spawn(["node", path.join(import.meta.dir, "s3rver-main.cjs"), directory, BUCKET], {
    stdout: "pipe",
    stderr: "inherit",
  });
  const { port } = await firstJsonLine<{ port: number }>(child, "s3rver");
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials: CREDENTIALS });
  return {
    env: {
      MEDIA_STORE: "s3",
      S3_BUCKET: BUCKET,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    async keys() {
      const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (page.Contents ?? []).map((object) => object.Key!).sort();
    },
    async stop() {
      child.kill();
      await child.exited;
      client.destroy();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
