import { lazy, Suspense } from "react";
import { Redirect, Route, Switch } from "wouter";
import HomeScreen from "../screens/HomeScreen";
import LoginScreen from "../screens/LoginScreen";
import NotFoundScreen from "../screens/NotFoundScreen";
import { AdminOnly, Protected, VisitorsOnly } from "./routeGuards";
import { Spinner } from "./ui";

const RegistrationScreen = lazy(() => import("../screens/RegistrationScreen"));
const ProfileScreen = lazy(() => import("../screens/ProfileScreen"));
const VerifyEmailScreen = lazy(() => import("../screens/VerifyEmailScreen"));
const ArchiveScreen = lazy(() => import("../screens/ArchiveScreen"));
const EvidenceListScreen = lazy(() => import("../screens/EvidenceListScreen"));
const EvidenceUploadScreen = lazy(() => import("../screens/EvidenceUploadScreen"));
const EvidenceDetailsScreen = lazy(() => import("../screens/EvidenceDetailsScreen"));
const AdminScreen = lazy(() => import("../screens/AdminScreen"));
const HelpScreen = lazy(() => import("../screens/HelpScreen"));
const ResetPasswordEmailScreen = lazy(() => import("../screens/ResetPasswordEmailScreen"));
const ResetPasswordCodeScreen = lazy(() => import("../screens/ResetPasswordCodeScreen"));
const ResetPasswordPageScreen = lazy(() => import("../screens/ResetPasswordPageScreen"));

export function ScreenLoading() {
  return (
    <div className="flex justify-center p-10 text-gray-700">
      <Spinner label="Loading" />
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
        <Route path="/archive" component={ArchiveScreen} />
        <Route path="/evidence">
          <Protected>
            <EvidenceListScreen />
          </Protected>
        </Route>
        <Route path="/evidenceupload">
          <Protected>
            <EvidenceUploadScreen />
          </Protected>
        </Route>
        <Route path="/evidence-details">
          <Protected>
            <EvidenceDetailsScreen />
          </Protected>
        </Route>
        <Route path="/admin">
          <AdminOnly>
            <AdminScreen />
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
