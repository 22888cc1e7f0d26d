import { useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import type { AudioRange, Box } from "../../../src/redaction/redaction-plan";
import { bulkAction, type ConsoleItem } from "../../api/console";
import { Alert, Button, Spinner } from "../../ui/Button";
import { t } from "../i18n/i18n";
import { AudioRanges } from "./AudioRanges";
import { prepareDetector } from "./detector";
import { activeAt, boxAt, placeAt } from "./geometry";
import { RegionCanvas } from "./RegionCanvas";
import { RegionList } from "./RegionList";
import { fromSaved, regionKey, toPlan, type StudioRegion } from "./studioRegions";
import { useProposals } from "./useProposals";
import { useRedactionServer } from "./useRedactionServer";
import { RedactionStatusLine } from "./RedactionStatusLine";
import { Verification, type LeftFace } from "./Verification";

const KINDS = { 2: "photo", 3: "video", 4: "audio" } as const;

/** The redaction studio of one photo, video or recording (docs/redaction.md): regions and sound ranges, saved as a new version. */
export function RedactionStudio({ item }: { item: ConsoleItem }) {
  const kind = KINDS[item.media_type as 2 | 3 | 4];
  const url = item.aws_url;
  const server = useRedactionServer(item.id);
  const [regions, setRegions] = useState<StudioRegion[]>([]);
  const [audio, setAudio] = useState<AudioRange[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [timeMs, setTimeMs] = useState(0);
  const [durationMs, setDurationMs] = useState(item.duration_ms ?? 0);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [published, setPublished] = useState(item.is_public);
  const media = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const loadedVersion = useRef(-1);

  useEffect(() => void prepareDetector().catch(() => undefined), []);
  // The saved version becomes the draft once, when read (later reads while pending keep the investigator's draft).
  useEffect(() => {
    if (!server.state || loadedVersion.current >= 0) return;
    loadedVersion.current = server.state.version;
    setRegions((proposals) => [...fromSaved(server.state!.regions), ...proposals]);
    setAudio(server.state.audio);
  }, [server.state]);
  const detection = useProposals(kind, url, server.state ? server.state.regions : null, (found) => setRegions((old) => [...old, ...found]));

  const change = (key: string, update: Partial<StudioRegion>) => setRegions((old) => old.map((region) => (region.key === key ? { ...region, ...update } : region)));
  const remove = (key: string) => {
    setRegions((old) => old.filter((region) => region.key !== key));
    setSelected(null);
  };
  const place = (key: string, box: Box) =>
    setRegions((old) => old.map((region) => (region.key === key ? (kind === "video" ? { ...placeAt(region, Math.round(timeMs), box), key, accepted: region.accepted } : { ...region, ...box }) : region)));
  function draw(box: Box) {
    const key = regionKey();
    setRegions((old) => [...old, { ...box, effect: "blur", key, accepted: true }]);
    setSelected(key);
  }
  /** A hand-drawn region takes the path of the tracked face under it, or starts keyframes where it is now. */
  function follow(key: string) {
    const region = regions.find((one) => one.key === key);
    if (!region) return;
    const here = boxAt(region, timeMs);
    const track = regions.find((one) => one.key !== key && one.keyframes?.length && activeAt(one, timeMs) && overlaps(boxAt(one, timeMs), here));
    if (track) change(key, { keyframes: track.keyframes, from_ms: track.from_ms, to_ms: track.to_ms, ...boxAt(track, track.keyframes![0]!.at_ms) });
    else change(key, { keyframes: [{ at_ms: Math.round(timeMs), ...here }] });
  }
  function addFaces(faces: LeftFace[]) {
    setRegions((old) => [
      ...old,
      ...faces.map(({ at_ms, score: _score, ...box }) => ({
        ...box,
        effect: "blur" as const,
        key: regionKey(),
        accepted: true,
        ...(at_ms === undefined ? {} : { from_ms: Math.max(0, at_ms - 500), to_ms: at_ms + 500 }),
      })),
    ]);
  }
  const proposals = regions.filter((region) => !region.accepted).length;

  async function save() {
    setSaving(true);
    setMessage(null);
    try {
      await server.save({ regions: toPlan(regions), audio });
      setRegions((old) => old.filter((region) => region.accepted));
    } catch (error) {
      setMessage({ tone: "error", text: error instanceof Error ? error.message : String(error) });
    } finally {
      setSaving(false);
    }
  }
  async function publish() {
    setMessage(null);
    try {
      const result = await bulkAction([item.id], "publish");
      if (result.skipped_unredacted?.includes(item.id)) setMessage({ tone: "error", text: t("redaction.publish.refused") });
      else if (result.skipped_withdrawn?.includes(item.id)) setMessage({ tone: "error", text: t("redaction.publish.withdrawn") });
      else {
        setPublished(true);
        setMessage({ tone: "success", text: t("redaction.publish.done") });
      }
    } catch (error) {
      setMessage({ tone: "error", text: error instanceof Error ? error.message : String(error) });
    }
  }

  const state = server.state;
  if (server.error) return <Alert>{t("redaction.load_failed")}</Alert>;
  if (!state || !url) return <Spinner label={t("common.loading")} />;
  const hasTimeline = kind === "video";
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <section aria-label={t("redaction.stage")} className="min-w-0 space-y-3">
        {kind !== "audio" ? (
          <RegionCanvas regions={regions} timeMs={timeMs} selected={selected} onSelect={setSelected} onPlace={place} onDraw={draw} onRemove={remove}>
            {kind === "photo" ? (
              <img src={url} alt={item.title} draggable={false} className="block max-h-[70vh] max-w-full" />
            ) : (
              <video
                ref={media}
                src={url}
                muted
                playsInline
                preload="auto"
                className="block max-h-[60vh] max-w-full"
                onLoadedMetadata={(event) => setDurationMs(event.currentTarget.duration * 1000)}
                onTimeUpdate={(event) => setTimeMs(event.currentTarget.currentTime * 1000)}
              />
            )}
          </RegionCanvas>
        ) : (
          <audio
            ref={media}
            src={url}
            controls
            className="w-full"
            onLoadedMetadata={(event) => setDurationMs(event.currentTarget.duration * 1000)}
            onTimeUpdate={(event) => setTimeMs(event.currentTarget.currentTime * 1000)}
          />
        )}
        {hasTimeline && (
          <div className="flex items-center gap-3">
            <Button size="sm" variant="secondary" onClick={() => (media.current?.paused ? media.current.play() : media.current?.pause())}>
              {t("redaction.play_pause")}
            </Button>
            <label className="flex flex-1 flex-col text-xs">
              {t("redaction.time", { seconds: (timeMs / 1000).toFixed(1) })}
              <input
                type="range"
                min={0}
                max={Math.max(1, durationMs)}
                step={100}
                value={timeMs}
                onChange={(event) => {
                  const at = Number(event.target.value);
                  setTimeMs(at);
                  if (media.current) media.current.currentTime = at / 1000;
                }}
              />
            </label>
          </div>
        )}
        {kind !== "audio" && (
          <div className="flex flex-wrap items-center gap-3">
            <p role="status" className="me-auto text-sm text-muted">
              {detection.state === "running" && t("redaction.detect.running", { percent: Math.round(detection.progress * 100) })}
              {detection.state === "done" && t("redaction.detect.found", { count: detection.found })}
              {detection.state === "failed" && t("redaction.detect.failed")}
            </p>
            <Button size="sm" variant="secondary" disabled={proposals === 0} onClick={() => setRegions((old) => old.map((region) => ({ ...region, accepted: true })))}>
              {t("redaction.blur_all")}
            </Button>
          </div>
        )}
        {kind !== "audio" && <p className="text-sm text-muted">{t("redaction.draw_hint")}</p>}
      </section>
      <aside className="space-y-5">
        {kind !== "audio" && (
          <section aria-labelledby="redaction-regions" className="space-y-3">
            <h2 id="redaction-regions" className="font-semibold text-ink-950">
              {t("redaction.regions.title")}
            </h2>
            <RegionList
              regions={regions}
              selected={selected}
              durationMs={hasTimeline ? durationMs : null}
              onSelect={setSelected}
              onChange={change}
              onRemove={remove}
              onFollow={hasTimeline ? follow : null}
            />
          </section>
        )}
        {kind !== "photo" && durationMs > 0 && <AudioRanges ranges={audio} durationMs={durationMs} timeMs={timeMs} onChange={setAudio} />}
        <div className="space-y-2 border-t border-line pt-4">
          {proposals > 0 && <p className="text-sm text-amber-900">{t("redaction.save.proposals_left", { count: proposals })}</p>}
          <Button onClick={save} disabled={saving || state.status === "pending"} className="w-full">
            {saving && <Spinner />}
            {t("redaction.save")}
          </Button>
          <RedactionStatusLine state={state} />
        </div>
        {kind !== "audio" && state.regions.length > 0 && (
          <Verification id={item.id} kind={kind} state={state} onState={server.setState} onAddRegions={addFaces} />
        )}
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        {state.passed && !published && (
          <Button variant="accent" className="w-full" onClick={publish}>
            {t("redaction.publish")}
          </Button>
        )}
        {published && <p className="text-sm font-semibold text-emerald-900">{t("redaction.publish.is_public")}</p>}
        <Link href={`/admin?id=${item.id}`} className="inline-block text-sm underline underline-offset-4">
          {t("redaction.back")}
        </Link>
      </aside>
    </div>
  );
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
