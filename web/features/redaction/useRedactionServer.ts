import { useEffect, useState } from "react";
import type { AudioRange, Region } from "../../../src/redaction/redaction-plan";
import { getRedaction, saveRedaction, type RedactionState } from "./api";

const POLL_MS = 1000;

/** The item's current redaction version, saved with `save`, read again every second while its copy is being made. */
export function useRedactionServer(id: number) {
  const [state, setState] = useState<RedactionState | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let stopped = false;
    getRedaction(id).then((answer) => !stopped && setState(answer), (problem) => !stopped && setError(problem));
    return () => {
      stopped = true;
    };
  }, [id]);
  const pending = state?.status === "pending";
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => getRedaction(id).then(setState, () => undefined), POLL_MS);
    return () => clearInterval(timer);
  }, [id, pending]);
  async function save(plan: { regions: Region[]; audio: AudioRange[] }) {
    const answer = await saveRedaction(id, plan);
    setState(answer);
    return answer;
  }
  return { state, setState, error, save };
}
