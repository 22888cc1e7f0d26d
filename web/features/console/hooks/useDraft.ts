import { useAtomValue } from "jotai";
import { useCallback, useEffect, useState } from "react";
import { userAtom } from "../../../state/session";

/**
 * Text typed at the desk and not saved yet, kept in localStorage per admin, item and field: it survives new arrivals,
 * moving to another item and a reload. `base` is the saved text the draft started from, sent with the save so that
 * a change another admin made meanwhile is noticed (409) instead of overwritten.
 */
type Stored = { text: string; base: string };

const keyOf = (adminId: number, itemId: number, field: string) => `casefile:desk-draft:${adminId}:${itemId}:${field}`;

function read(key: string): Stored | null {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? "null") as Stored | null;
    return stored && typeof stored.text === "string" && typeof stored.base === "string" ? stored : null;
  } catch {
    return null;
  }
}

function write(key: string, value: Stored | null) {
  try {
    if (value) localStorage.setItem(key, JSON.stringify(value));
    else localStorage.removeItem(key);
  } catch {
    // storage full or refused (private mode): the draft lives in memory only
  }
}

type State = Stored & { key: string; dirty: boolean };

function stateFor(key: string, saved: string): State {
  const stored = read(key);
  return { ...(stored ?? { text: saved, base: saved }), key, dirty: stored !== null };
}

export function useDraft(itemId: number, field: string, saved: string) {
  const adminId = useAtomValue(userAtom)?.id ?? 0;
  const key = keyOf(adminId, itemId, field);
  const [state, setState] = useState<State>(() => stateFor(key, saved));

  // Another item (or admin): its own draft. The saved text changed (a live update): follow it unless typing.
  useEffect(() => {
    setState((current) => {
      if (current.key !== key) return stateFor(key, saved);
      return current.dirty ? current : { text: saved, base: saved, key, dirty: false };
    });
  }, [key, saved]);
  // Until that effect has run, the new key's draft is read here, so the first render with it is already right.
  const now = state.key === key ? state : stateFor(key, saved);

  const setText = useCallback(
    (text: string) =>
      setState((current) => {
        const dirty = text !== current.base;
        write(current.key, dirty ? { text, base: current.base } : null);
        return { ...current, text, dirty };
      }),
    [],
  );
  /** Forgets the draft: the text becomes `now` (the saved text, or what was just saved). */
  const settle = useCallback(
    (now: string) =>
      setState((current) => {
        write(current.key, null);
        return { text: now, base: now, key: current.key, dirty: false };
      }),
    [],
  );
  return { text: now.text, base: now.base, dirty: now.dirty, setText, settle };
}
