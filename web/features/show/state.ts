import { atom, createStore } from "jotai";
import { getShow, type Show } from "../../api/show";
import { remember } from "../../state/lastSession";
import { i18n } from "../i18n/i18n";

/**
 * Only when the server never answered and this device remembers no earlier answer (see lastSession.ts): no words,
 * the bundle's own media. The show's real texts, the spec's included, come from GET /api/show.
 */
const UNREACHABLE_SHOW: Show = {
  version: 0,
  language: "",
  main_language: "",
  briefing_version: 0,
  project_name: "",
  accent_color: "#b3261e",
  on_accent: "#ffffff",
  accent_strong: "#98201a",
  spy_url: "#",
  spy_link_text: "",
  ticket_warning: "",
  landing_eyebrow: "",
  landing_text: "",
  landing_archive_text: "",
  instructions_title: "",
  instructions: [],
  faq: [],
  archive_intro: [],
  reset_mail_subject: "",
  reset_mail_note: "",
  privacy_notice: "",
  privacy_notice_version: 0,
  archive_licence: "",
  archive_credit: "",
  redaction_required: false,
  onboarding_video_url: "/onboarding.mp4",
  onboarding_video_sources: [
    { url: "/onboarding.webm", type: "video/webm" },
    { url: "/onboarding.mp4", type: "video/mp4" },
  ],
  onboarding_captions_url: "/onboarding.vtt",
  onboarding_captions_language: "en",
  tutorial_video_url: "/tutorial.mp4",
  tutorial_video_sources: [
    { url: "/tutorial.webm", type: "video/webm" },
    { url: "/tutorial.mp4", type: "video/mp4" },
  ],
  tutorial_captions_url: "/tutorial.vtt",
  tutorial_captions_language: "en",
  logo_url: "/brand/logo",
  landing_image_url: "/brand/landing",
  media: {
    "onboarding-video": { default: true },
    "onboarding-captions": { default: true },
    "tutorial-video": { default: true },
    "tutorial-captions": { default: true },
    logo: { default: true },
    "landing-image": { default: true },
  },
  locked: {},
  customised: [],
};

const currentShowAtom = atom<Show>(UNREACHABLE_SHOW);

/**
 * The show's content in this device's language (the server translates it item by item), read at start and again when
 * the language changes (App's start-up), remembered on this device for an offline start.
 */
export const showAtom = atom(
  (get) => get(currentShowAtom),
  (_get, set, show: Show) => {
    set(currentShowAtom, show);
    remember("show", show);
    document.title = show.project_name || document.title;
    // /theme.css sets these at load; a change an admin saves (or an offline start's remembered show) applies now.
    const root = document.documentElement.style;
    root.setProperty("--accent", show.accent_color);
    root.setProperty("--accent-strong", show.accent_strong);
    root.setProperty("--on-accent", show.on_accent);
  },
);

/** Asks the server again, in the active language (a language switch, an admin's save, a `show` event of the admins' stream). */
export const refreshShowAtom = atom(null, async (_get, set) => set(showAtom, await getShow(i18n.locale)));

/** A store of its own for the Show screen's preview: the screens inside it read the draft as if it were the show. */
export function createPreviewStore() {
  return createStore();
}
/** Puts a (draft) show into a preview store, without the live show's side effects (title, accent, remembering). */
export function setPreviewShow(store: ReturnType<typeof createStore>, show: Show) {
  store.set(currentShowAtom, show);
}
