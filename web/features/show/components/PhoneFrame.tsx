import { Provider } from "jotai";
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { Show } from "../../../api/show";
import { type LanguageOption, useLanguage } from "../../i18n/language";
import { CatalogScope } from "../../i18n/scope";
import { usePreviewCatalog } from "../previewCatalog";
import { createPreviewStore, setPreviewShow } from "../state";

export const PHONE_WIDTH = 390;
export const PHONE_HEIGHT = 760;
const BEZEL = 10;

/** How much the phone must shrink to fit its column (a phone's own screen is narrower than phone + bezel). */
function useFit() {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setScale(Math.min(1, entry!.contentRect.width / (PHONE_WIDTH + 2 * BEZEL))));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { box, scale };
}

/** The app's stylesheets, copied into the frame so the preview is styled exactly as the app is. */
function copyStyles(target: Document) {
  for (const node of document.querySelectorAll('link[rel="stylesheet"], style')) {
    const copy = target.importNode(node, true) as HTMLLinkElement;
    if (node instanceof HTMLLinkElement) copy.href = node.href;
    target.head.append(copy);
  }
}

/**
 * A phone's screen (390 px wide) inside the page: a same-origin blank frame the preview is rendered into (a React
 * portal), so its media queries see a phone's width wherever the admin works. The screens inside read `show` from a
 * store of their own and speak the language shown (its catalog: buttons and headings too). Nothing in it navigates: a link or button pressed there would act on the admin's page.
 */
export function PhoneFrame({ show, title, language: shown, children }: { show: Show; title: string; language?: LanguageOption; children: ReactNode }) {
  const [body, setBody] = useState<HTMLElement | null>(null);
  const store = useMemo(() => createPreviewStore(), []);
  const { box, scale } = useFit();
  const active = useLanguage();
  const { code: language, dir } = shown ?? { code: active.language, dir: active.dir };
  const catalog = usePreviewCatalog(language);
  useLayoutEffect(() => setPreviewShow(store, show), [store, show]);
  // The language being edited (else the admin's) and its direction: an Arabic preview mirrors, as a phone would.
  useLayoutEffect(() => {
    const root = body?.ownerDocument.documentElement;
    if (!root) return;
    root.lang = language;
    root.dir = dir;
  }, [body, language, dir]);
  useLayoutEffect(() => {
    const root = body?.ownerDocument.documentElement;
    if (!root) return;
    root.style.setProperty("--accent", show.accent_color);
    root.style.setProperty("--accent-strong", show.accent_strong);
    root.style.setProperty("--on-accent", show.on_accent);
  }, [body, show.accent_color, show.accent_strong, show.on_accent]);

  function attach(frame: HTMLIFrameElement | null) {
    const doc = frame?.contentDocument;
    if (!doc || body?.ownerDocument === doc) return;
    copyStyles(doc);
    doc.body.className = "bg-paper";
    // Capture phase on the frame's document: runs before React's own handlers on the body, and stops them.
    doc.addEventListener(
      "click",
      (event) => {
        const target = event.target as Element;
        const acts = target.closest("a:not([target='_blank']), button, input, select, textarea, label");
        if (acts) {
          event.preventDefault();
          event.stopPropagation();
        }
      },
      true,
    );
    setBody(doc.body);
  }

  // The frame keeps a phone's width (its media queries see 390 px) and is drawn smaller where the column is narrower.
  return (
    <div ref={box}>
      <iframe
        ref={attach}
        onLoad={(event) => attach(event.currentTarget)}
        title={title}
        width={PHONE_WIDTH + 2 * BEZEL}
        height={PHONE_HEIGHT}
        style={{ zoom: scale }}
        className="block rounded-[2rem] border-[10px] border-ink-950 bg-paper shadow-lift"
      />
      {body &&
        catalog !== undefined &&
        createPortal(
          <Provider store={store}>
            <CatalogScope catalog={catalog}>{children}</CatalogScope>
          </Provider>,
          body,
        )}
    </div>
  );
}
