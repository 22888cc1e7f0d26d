import { useAtomValue } from "jotai";
import { createRoot } from "react-dom/client";
import { App } from "./features/shell/App";
import { followOtherTabs, languageAtom, startLanguage } from "./features/i18n/language";
import { preloadAdminScreen, preloadArchiveScreen } from "./features/shell/AppRoutes";
import { registerServiceWorker } from "./features/offline/registerServiceWorker";

// The console's and the archive's chunks are on their first render's path: fetch them before React's first render,
// beside the catalog, not after (the archive's first page is preloaded by its HTML's Link header). A failed load is
// reported when the route renders it.
const path = window.location.pathname.toLowerCase();
if (path === "/admin") preloadAdminScreen().catch(() => {});
if (path === "/archive" || path.startsWith("/archive/")) {
  preloadArchiveScreen().catch(() => {});
  // The first Intl formatter of a page loads the browser's locale data (~20 ms on a laptop, 4× that on a slow phone):
  // in a task of its own while the network works, not inside the render of the tiles' dates.
  setTimeout(() => new Intl.DateTimeFormat().format(0));
}

/** The whole app renders again in the new words when the language changes (no state is lost). */
function Root() {
  useAtomValue(languageAtom);
  return <App />;
}

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
// The catalog was preloaded beside this script (index.html): the first render is already in the right language.
startLanguage()
  .catch((error) => console.error("No catalog could be loaded", error))
  .finally(() => createRoot(root).render(<Root />));
followOtherTabs();
registerServiceWorker();
