import { useEffect, useRef, useState } from "react";
import { Alert, Button, Spinner } from "../../ui/Button";
import { t } from "../i18n/i18n";
import { reportVerification, type RedactionState } from "./api";
import type { FoundFace } from "./detector";
import { coverFace } from "./geometry";
import { SAMPLE_STEP_MS, scanPhoto, scanVideo } from "./scan";

export type LeftFace = FoundFace & { at_ms?: number };

/**
 * After the redacted copy is made: the detector runs on it (each sampled frame of a video) and the studio reports
 * what it found. A face still found is shown on the copy, with "Add regions for these faces" or "Publish anyway".
 */
export function Verification({
  id,
  kind,
  state,
  onState,
  onAddRegions,
}: {
  id: number;
  kind: "photo" | "video";
  state: RedactionState;
  onState: (state: RedactionState) => void;
  onAddRegions: (faces: LeftFace[]) => void;
}) {
  const [faces, setFaces] = useState<LeftFace[] | null>(null);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState("");
  const checked = useRef(0);

  async function check() {
    if (!state.copy) return;
    setChecking(true);
    setProblem("");
    try {
      const found: LeftFace[] =
        kind === "photo"
          ? await scanPhoto(state.copy.url)
          : (await scanVideo(state.copy.url, () => undefined, new AbortController().signal)).samples.flatMap((sample) => sample.faces.map((face) => ({ ...face, at_ms: sample.at_ms })));
      setFaces(found);
      onState(await reportVerification(id, state.version, found.map(({ at_ms: _at, ...face }) => face)));
    } catch {
      setProblem(t("redaction.verify.failed"));
    } finally {
      setChecking(false);
    }
  }
  // Once per version made: the check runs by itself when the copy is done and has not been verified.
  useEffect(() => {
    if (state.status === "done" && state.copy && !state.verification && checked.current !== state.version) {
      checked.current = state.version;
      void check();
    }
  }, [state.status, state.version, state.verification]);

  if (state.status !== "done" || !state.copy) return null;
  const verification = state.verification;
  return (
    <section aria-labelledby="redaction-verify" className="space-y-3 rounded-card bg-paper-deep/60 p-3 ring-1 ring-line">
      <h2 id="redaction-verify" className="font-semibold text-ink-950">
        {t("redaction.verify.title")}
      </h2>
      {checking && <Spinner label={t("redaction.verify.checking")} />}
      {problem && <Alert>{problem}</Alert>}
      {!checking && verification && verification.faces_found === 0 && <p role="status">{t("redaction.verify.clean")}</p>}
      {!checking && verification && verification.faces_found > 0 && (
        <div role="status" className="space-y-2">
          <p className="font-semibold text-red-900">{t("redaction.verify.faces_left", { count: verification.faces_found })}</p>
          {verification.accepted && <p className="text-sm">{t("redaction.verify.accepted", { name: verification.by.username })}</p>}
          {kind === "photo" && faces && faces.length > 0 && (
            <div className="relative w-fit max-w-full" dir="ltr">
              <img src={state.copy.url} alt={t("redaction.verify.copy_alt")} className="max-h-60 max-w-full" />
              {faces.map((face, index) => (
                <span
                  key={index}
                  className="absolute border-2 border-red-600"
                  style={{ left: `${face.x * 100}%`, top: `${face.y * 100}%`, width: `${face.width * 100}%`, height: `${face.height * 100}%` }}
                />
              ))}
            </div>
          )}
          {kind === "video" && faces && faces.length > 0 && (
            <p className="text-sm">{[...new Set(faces.map((face) => t("redaction.verify.at", { seconds: ((face.at_ms ?? 0) / 1000).toFixed(1) })))].join(", ")}</p>
          )}
          {!verification.accepted && (
            <div className="flex flex-wrap gap-2">
              {faces && faces.length > 0 && (
                <Button size="sm" onClick={() => onAddRegions(faces.map((face) => ({ ...face, ...coverFace(face) })))}>
                  {t("redaction.verify.add_regions")}
                </Button>
              )}
              <Button size="sm" variant="dangerQuiet" onClick={async () => onState(await reportVerification(id, state.version, faces ?? [], true))}>
                {t("redaction.verify.accept")}
              </Button>
            </div>
          )}
        </div>
      )}
      {!checking && (
        <Button size="sm" variant="ghost" onClick={check}>
          {t("redaction.verify.again")}
        </Button>
      )}
      <p className="text-xs text-muted">{t("redaction.verify.how", { seconds: SAMPLE_STEP_MS / 1000 })}</p>
    </section>
  );
}
