import { useAtomValue, useSetAtom } from "jotai";
import { lazy, Suspense, useEffect } from "react";
import { Redirect, Router, useLocation } from "wouter";
import { SESSION_ENDED_EVENT } from "../../api/client";
import { getConfig, getIsArchive } from "../../api/session";
import { getShow } from "../../api/show";
import { OfflineBanner } from "../offline/OfflineBanner";
import { Reconsent } from "../privacy/Reconsent";
import { ScreenErrorBoundary } from "../offline/ScreenErrorBoundary";
import { showAtom } from "../show/state";
import { useShowLanguage, useShowSync } from "../show/useShowSync";
import { i18n } from "../i18n/i18n";
import { withLastAnswer } from "../../state/lastSession";
import { configAtom, inArchiveAtom, sessionReadyAtom, userAtom, videoLockedAtom } from "../../state/session";
import { refreshUserAtom } from "../../state/sessionActions";
import { useNotify } from "../../state/useNotify";
import { AppRoutes, ScreenLoading } from "./AppRoutes";
import { SkipLink } from "./SkipLink";
import { TabBar } from "./TabBar";
import { useForgetOldMessages } from "./useForgetOldMessages";
import { NavBar } from "./NavBar";
import { useGatedLocation, videoGateMessage } from "./gatedNavigation";
import { PageNotice } from "./PageNotice";
import { isAdmin } from "./routeGuards";
import { Toast } from "./Toast";
import { retryableLazy } from "../offline/retryableLazy";

const ChangePasswordScreen = retryableLazy(() => import("../../screens/ChangePasswordScreen"));
// The upload queue is someone's who is logged in (logging in needs the network, and the worker precaches the chunk for
// an offline start): a visitor's first page does without it.
const CaptureOverlay = lazy(() => import("../uploads/components/CaptureOverlay").then((module) => ({ default: module.CaptureOverlay })));

/** On start: ask for the configuration, the show's content, whether archive mode is on, and the current user (spec §1); forget the user when the server ends the session. */
function useStartup() {
  const setConfig = useSetAtom(configAtom);
  const setShow = useSetAtom(showAtom);
  const setInArchive = useSetAtom(inArchiveAtom);
  const setReady = useSetAtom(sessionReadyAtom);
  const refreshUser = useSetAtom(refreshUserAtom);
  const setUser = useSetAtom(userAtom);
  useEffect(() => {
    const forgetUser = () => setUser(null);
    window.addEventListener(SESSION_ENDED_EVENT, forgetUser);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, forgetUser);
  }, [setUser]);
  useEffect(() => {
    // The admin console's first render waits on its data (and its chunks, see main.tsx): ask as soon as the user is known.
    const onAdmin = window.location.pathname.toLowerCase() === "/admin";
    Promise.all([
      // Offline (after a first visit), the last answers stand in: see lastSession.ts.
      withLastAnswer("config", getConfig()).then((config) => {
        // Over the built-in defaults: an answer without a setting (an older server, a stored answer) keeps its default.
        setConfig((defaults) => ({ ...defaults, ...config }));
      }),
      withLastAnswer("show", getShow(i18n.locale)).then(setShow),
      withLastAnswer("inArchive", getIsArchive()).then(setInArchive),
      refreshUser().then((user) => {
        // The console's API module loads with its screen, not for every visitor.
        if (onAdmin && user && isAdmin(user)) void import("../../api/console").then(({ prefetchConsole }) => prefetchConsole(window.location.search));
      }),
    ])
      .catch((error) => console.error("Start-up request failed", error))
      .finally(() => setReady(true));
  }, [setConfig, setShow, setInArchive, setReady, refreshUser]);
}

/** Routes that send a logged-in user on by themselves (spec §2), so reaching them while locked is no attempt to leave. */
const QUIET_REDIRECTS = new Set(["/", "/home", "/home-validate", "/login", "/registration"]);

/** A locked user who reaches any other route (typed URL, back button) is sent to the profile and its video. */
function GateRedirect({ from }: { from: string }) {
  const notify = useNotify();
  useEffect(() => {
    if (!QUIET_REDIRECTS.has(from.toLowerCase())) notify(videoGateMessage(), "error", "/user");
  }, [from, notify]);
  return <Redirect to="/user" replace />;
}

function Screens() {
  const locked = useAtomValue(videoLockedAtom);
  const user = useAtomValue(userAtom);
  const [location] = useLocation();
  // A temporary password first: the server refuses everything else until the account has its own.
  if (user?.must_change_password)
    return (
      <Suspense fallback={<ScreenLoading />}>
        <ChangePasswordScreen />
      </Suspense>
    );
  if (locked && location !== "/user") return <GateRedirect from={location} />;
  // A screen that cannot load (its code did not arrive) offers to try again, never a blank page.
  return (
    <ScreenErrorBoundary resetKey={location}>
      <AppRoutes />
    </ScreenErrorBoundary>
  );
}

/** Everything inside the router: the bar, the screen (the skip link's target), the tab bar and what floats above. */
function Shell() {
  useForgetOldMessages();
  const ready = useAtomValue(sessionReadyAtom);
  const user = useAtomValue(userAtom);
  useShowSync(user !== null && isAdmin(user));
  useShowLanguage(ready);
  return (
    // The room of the phone's tab bar (--tab-bar, styles.css) at the end of the page (padding, not a spacer element
    // that would count as moving when the page grows).
    <div className="flex min-h-dvh flex-col pb-(--tab-bar)">
      <SkipLink />
      <NavBar />
      <OfflineBanner />
      <PageNotice />
      <div id="content" tabIndex={-1} className="flex min-w-0 flex-1 flex-col focus:outline-none">
        {ready ? <Screens /> : <ScreenLoading />}
      </div>
      <TabBar />
      <Toast />
      {user && (
        <Suspense fallback={null}>
          <CaptureOverlay />
        </Suspense>
      )}
      {ready && !user?.must_change_password && <Reconsent />}
    </div>
  );
}

export function App() {
  useStartup();
  return (
    <Router hook={useGatedLocation}>
      <Shell />
    </Router>
  );
}
