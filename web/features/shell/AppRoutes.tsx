import { type ComponentType, Suspense } from "react";
import { Redirect, Route, Switch } from "wouter";
import { retryableLazy } from "../offline/retryableLazy";
import HomeScreen from "../../screens/HomeScreen";
import { LoginScreen } from "./lazyLogin";
import { AdminOnly, DuringShow, Protected, VisitorsOnly } from "./routeGuards";
import { Spinner } from "../../ui/Button";
import { t } from "../i18n/i18n";

const NotFoundScreen = retryableLazy(() => import("../../screens/NotFoundScreen"));
const RegistrationScreen = retryableLazy(() => import("../../screens/RegistrationScreen"));
const ProfileScreen = retryableLazy(() => import("../../screens/ProfileScreen"));
const VerifyEmailScreen = retryableLazy(() => import("../../screens/VerifyEmailScreen"));
const EvidenceListScreen = retryableLazy(() => import("../../screens/EvidenceListScreen"));
const EvidenceUploadScreen = retryableLazy(() => import("../../screens/EvidenceUploadScreen"));
const EvidenceDetailsScreen = retryableLazy(() => import("../../screens/EvidenceDetailsScreen"));
/**
 * A lazy screen whose chunks can be loaded before its route renders; once loaded it renders at once, without the
 * suspension (and React's throttled reveal of the fallback's content) that a lazy component pays on first use.
 */
function preloadableScreen(load: () => Promise<{ default: ComponentType }>) {
  let Loaded: ComponentType | undefined;
  const preload = () => load().then((module) => (Loaded = module.default));
  const Lazy = retryableLazy(() => preload().then((screen) => ({ default: screen })));
  return { preload, Screen: () => (Loaded ? <Loaded /> : <Lazy />) };
}

// Preloaded on /admin and /archive before React's first render (main.tsx): their first render waits on these chunks.
const admin = preloadableScreen(() => import("../../screens/AdminScreen"));
export const preloadAdminScreen = admin.preload;
const archive = preloadableScreen(() => import("../../screens/ArchiveScreen"));
export const preloadArchiveScreen = archive.preload;
const InvitationScreen = retryableLazy(() => import("../../screens/InvitationScreen"));
const ShowScreen = retryableLazy(() => import("../../screens/ShowScreen"));
const SetupScreen = retryableLazy(() => import("../../screens/SetupScreen"));
const ServerScreen = retryableLazy(() => import("../../screens/ServerScreen"));
const RedactionScreen = retryableLazy(() => import("../../screens/RedactionScreen"));
const LanguagesScreen = retryableLazy(() => import("../../screens/LanguagesScreen"));
const HelpScreen = retryableLazy(() => import("../../screens/HelpScreen"));
const ResetPasswordEmailScreen = retryableLazy(() => import("../../screens/ResetPasswordEmailScreen"));
const ResetPasswordCodeScreen = retryableLazy(() => import("../../screens/ResetPasswordCodeScreen"));
const ResetPasswordPageScreen = retryableLazy(() => import("../../screens/ResetPasswordPageScreen"));

export function ScreenLoading() {
  return (
    <div className="flex justify-center p-10 text-muted">
      <Spinner label={t("common.loading")} />
    </div>
  );
}

/** Spec §2. wouter matches without regard to case, so /evidence also serves /Evidence. */
export function AppRoutes() {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Switch>
        <Route path="/">
          <Redirect to="/home" replace />
        </Route>
        <Route path="/home" component={HomeScreen} />
        <Route path="/home-validate" component={HomeScreen} />
        <Route path="/login">
          <VisitorsOnly redirectTo="/home">
            <LoginScreen />
          </VisitorsOnly>
        </Route>
        <Route path="/registration">
          <VisitorsOnly redirectTo="/user">
            <RegistrationScreen />
          </VisitorsOnly>
        </Route>
        <Route path="/user">
          <Protected>
            <ProfileScreen />
          </Protected>
        </Route>
        <Route path="/verify-email" component={VerifyEmailScreen} />
        <Route path="/archive" component={archive.Screen} />
        <Route path="/archive/:id" component={archive.Screen} />
        <Route path="/evidence">
          <DuringShow>
            <EvidenceListScreen />
          </DuringShow>
        </Route>
        <Route path="/evidenceupload">
          <DuringShow>
            <EvidenceUploadScreen />
          </DuringShow>
        </Route>
        <Route path="/evidence-details">
          <DuringShow>
            <EvidenceDetailsScreen />
          </DuringShow>
        </Route>
        <Route path="/admin/invitation">
          <AdminOnly>
            <InvitationScreen />
          </AdminOnly>
        </Route>
        <Route path="/admin/show">
          <AdminOnly>
            <ShowScreen />
          </AdminOnly>
        </Route>
        <Route path="/setup" component={SetupScreen} />
        <Route path="/admin/languages">
          <AdminOnly>
            <LanguagesScreen />
          </AdminOnly>
        </Route>
        <Route path="/admin/evidence/:id/redact">
          <AdminOnly>
            <RedactionScreen />
          </AdminOnly>
        </Route>
        <Route path="/admin/server">
          <AdminOnly>
            <ServerScreen />
          </AdminOnly>
        </Route>
        <Route path="/admin">
          <AdminOnly>
            <admin.Screen />
          </AdminOnly>
        </Route>
        <Route path="/help" component={HelpScreen} />
        <Route path="/reset-password-email" component={ResetPasswordEmailScreen} />
        <Route path="/reset-password-code" component={ResetPasswordCodeScreen} />
        <Route path="/reset-password-page" component={ResetPasswordPageScreen} />
        <Route component={NotFoundScreen} />
      </Switch>
    </Suspense>
  );
}
