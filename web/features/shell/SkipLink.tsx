import { t } from "../i18n/i18n";
/** The first thing a keyboard reaches: straight past the bar to the screen (the #content wrapper in App). */
export function SkipLink() {
  return (
    <a
      href="#content"
      onClick={(event) => {
        // Focus, not a #fragment in the address: the router and Back stay out of it.
        event.preventDefault();
        document.getElementById("content")?.focus();
      }}
      className="sr-only rounded-full bg-paper px-5 py-3 text-sm font-semibold text-ink-950 shadow-lift focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:z-[70] focus:outline-2 focus:outline-accent"
    >
      {t("nav.skip")}
    </a>
  );
}
