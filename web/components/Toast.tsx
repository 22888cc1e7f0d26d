import { useAtom } from "jotai";
import { useEffect } from "react";
import { toastAtom } from "../state/notices";

const TOAST_MS = 6000;

export function Toast() {
  const [toast, setToast] = useAtom(toastAtom);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast, setToast]);
  if (!toast) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-6 z-[60] flex justify-center px-4">
      <div role="status" className="rounded-full bg-green-800 px-5 py-3 text-sm font-semibold text-white shadow-lg">
        {toast}
      </div>
    </div>
  );
}
