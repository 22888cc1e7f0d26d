/**
 * One simulated phone of bench/show-night.ts: registers (with a verification photo), logs in and sends its items over
 * its own throttled link, from its own address (X-Forwarded-For; the server runs with TRUST_PROXY=on). Uploads may be
 * dropped part-way; a multipart upload is then sent again whole, a tus upload resumes from the offset HEAD reports.
 */
import { Dropped, type Link, multipart, sendOverLink, sliceFrom } from "./paced-link";
import type { Payload } from "./show-night-media";

export type Transport = "multipart" | "tus";

export type ItemReport = {
  title: string;
  kind: "photo" | "clip";
  transport: Transport;
  size: number;
  sha256: string;
  /** The phone saw 201/200 with the item; `answerSha256` is what that answer said. */
  sent: boolean;
  answerSha256?: string;
  attempts: number;
  drops: number;
  /** tus PATCHes answered 423 (the dropped request's lease) or 409 (offset moved on), then resumed after HEAD. */
  refusals: number;
  error?: string;
  seconds: number;
};

export type PhoneReport = {
  index: number;
  username: string;
  bytesPerSec: number;
  bytesSent: number;
  items: ItemReport[];
  error?: string;
  registerSeconds?: number;
  loginSeconds?: number;
};

const MAX_ATTEMPTS = 6;
/** A resumed PATCH may also meet the dropped one's lease (423) a few times before it runs out. */
const MAX_TUS_ATTEMPTS = 20;
const TUS = { "tus-resumable": "1.0.0" };

export type PhonePlan = {
  baseUrl: string;
  index: number;
  link: Link;
  /** Chance that an upload attempt is dropped, somewhere between 5% and 95% of its body. */
  dropRate: number;
  random: () => number;
  selfie: Payload;
  items: { title: string; kind: "photo" | "clip"; transport: Transport; payload: Payload }[];
};

export class Phone {
  private cookie = "";
  private readonly address: string;
  readonly report: PhoneReport;

  constructor(private readonly plan: PhonePlan) {
    this.address = `10.77.${plan.index >> 8}.${plan.index & 255}`;
    this.report = { index: plan.index, username: `phone_${plan.index}`, bytesPerSec: plan.link.bytesPerSec, bytesSent: 0, items: [] };
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { "x-forwarded-for": this.address, ...(this.cookie ? { cookie: this.cookie } : {}), ...extra };
  }

  private dropPoint(size: number): number | undefined {
    return this.plan.random() < this.plan.dropRate ? Math.floor(size * (0.05 + 0.9 * this.plan.random())) : undefined;
  }

  /** A phone that lost its link waits a moment before it tries again. */
  private reconnect = () => Bun.sleep(1000 + 2000 * this.plan.random());

  async run(): Promise<PhoneReport> {
    try {
      await this.register();
      await this.logIn();
      for (const item of this.plan.items) this.report.items.push(await this.send(item));
    } catch (error) {
      this.report.error = (error as Error).message;
    }
    this.report.bytesSent = this.plan.link.bytesSent;
    return this.report;
  }

  private async register(): Promise<void> {
    const started = performance.now();
    const { username } = this.report;
    const fields = { username, password: "show-night-pass", email: `${username}@example.org`, phone_number: "5551234567", full_name: `Phone ${this.plan.index}`, pronouns: "They/Them", role: "1" };
    const body = multipart(fields, { field: "verification_photo", payload: this.plan.selfie });
    const res = await sendOverLink(`${this.plan.baseUrl}/api/user/register`, { method: "POST", headers: this.headers({ "content-type": body.type }) }, body, this.plan.link);
    if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    this.report.registerSeconds = (performance.now() - started) / 1000;
  }

  private async logIn(): Promise<void> {
    const started = performance.now();
    const res = await fetch(`${this.plan.baseUrl}/api/user/login`, {
      method: "POST",
      headers: this.headers({ "content-type": "application/json" }),
      body: JSON.stringify({ usernameOrEmail: this.report.username, password: "show-night-pass" }),
      signal: AbortSignal.timeout(120_000),
    });
    await res.arrayBuffer();
    const cookie = /casefile_session=[^;]+/.exec(res.headers.get("set-cookie") ?? "")?.[0];
    if (res.status !== 200 || !cookie) throw new Error(`login: ${res.status}`);
    this.cookie = cookie;
    this.report.loginSeconds = (performance.now() - started) / 1000;
  }

  private async send(item: PhonePlan["items"][number]): Promise<ItemReport> {
    const started = performance.now();
    const report: ItemReport = { title: item.title, kind: item.kind, transport: item.transport, size: item.payload.size, sha256: item.payload.sha256, sent: false, attempts: 0, drops: 0, refusals: 0, seconds: 0 };
    try {
      const answer = item.transport === "tus" ? await this.sendTus(item.title, item.payload, report) : await this.sendMultipart(item.title, item.payload, report);
      report.sent = true;
      report.answerSha256 = answer.media?.sha256;
    } catch (error) {
      report.error = (error as Error).message;
    }
    report.seconds = (performance.now() - started) / 1000;
    return report;
  }

  /** POST /api/evidence with a `file` part; a dropped attempt is sent again whole. */
  private async sendMultipart(title: string, payload: Payload, report: ItemReport): Promise<{ media?: { sha256: string } }> {
    for (; report.attempts < MAX_ATTEMPTS; ) {
      report.attempts++;
      const body = multipart({ title, notes: "", location: "" }, { field: "file", payload });
      try {
        const res = await sendOverLink(`${this.plan.baseUrl}/api/evidence`, { method: "POST", headers: this.headers({ "content-type": body.type }) }, body, this.plan.link, this.dropPoint(body.size));
        if (res.status === 201) return (await res.json()) as { media?: { sha256: string } };
        throw new Error(`POST /api/evidence: ${res.status} ${await res.text()}`);
      } catch (error) {
        if (!(error instanceof Dropped)) throw error;
        report.drops++;
        await this.reconnect();
      }
    }
    throw new Error(`gave up after ${MAX_ATTEMPTS} attempts`);
  }

  /** tus: create, PATCH (after a drop: HEAD for the offset, then PATCH the rest), then finalise with `upload=<id>`. */
  private async sendTus(title: string, payload: Payload, report: ItemReport): Promise<{ media?: { sha256: string } }> {
    const meta = `filename ${btoa(payload.name)},filetype ${btoa(payload.mime)}`;
    const created = await fetch(`${this.plan.baseUrl}/api/uploads`, {
      method: "POST",
      headers: this.headers({ ...TUS, "upload-length": String(payload.size), "upload-metadata": meta }),
      signal: AbortSignal.timeout(60_000),
    });
    await created.arrayBuffer();
    const location = created.headers.get("location");
    if (created.status !== 201 || !location) throw new Error(`POST /api/uploads: ${created.status}`);
    const url = new URL(location, this.plan.baseUrl).href;
    let offset = 0;
    const resume = async () => {
      await this.reconnect();
      const head = await fetch(url, { method: "HEAD", headers: this.headers(TUS), signal: AbortSignal.timeout(60_000) });
      if (head.status !== 200) throw new Error(`HEAD after a drop: ${head.status}`);
      offset = Number(head.headers.get("upload-offset"));
    };
    while (offset < payload.size) {
      if (report.attempts >= MAX_TUS_ATTEMPTS) throw new Error(`gave up after ${report.attempts} PATCH attempts at byte ${offset}`);
      report.attempts++;
      const body = sliceFrom(payload.parts, offset);
      try {
        const headers = this.headers({ ...TUS, "upload-offset": String(offset), "content-type": "application/offset+octet-stream" });
        const res = await sendOverLink(url, { method: "PATCH", headers }, body, this.plan.link, this.dropPoint(body.size));
        await res.arrayBuffer();
        if (res.status === 204) offset = Number(res.headers.get("upload-offset"));
        // 423: the dropped request still holds the upload's lease; 409: it saved more since our HEAD. As tus-js-client does: ask again.
        else if (res.status === 423 || res.status === 409) {
          report.refusals++;
          await resume();
        } else throw new Error(`PATCH: ${res.status}`);
      } catch (error) {
        if (!(error instanceof Dropped)) throw error;
        report.drops++;
        await resume();
      }
    }
    if (offset !== payload.size) throw new Error(`upload stopped at ${offset} of ${payload.size} bytes`);
    const id = url.split("/").pop()!;
    const body = multipart({ upload: id, title, notes: "", location: "" });
    const res = await sendOverLink(`${this.plan.baseUrl}/api/evidence`, { method: "POST", headers: this.headers({ "content-type": body.type }) }, body, this.plan.link);
    if (res.status === 201 || res.status === 200) return (await res.json()) as { media?: { sha256: string } };
    throw new Error(`finalise: ${res.status} ${await res.text()}`);
  }
}
