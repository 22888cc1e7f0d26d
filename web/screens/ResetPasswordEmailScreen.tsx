import { Page } from "../components/ui";

export default function ResetPasswordEmailScreen() {
  return <Page title="ResetPasswordEmailScreen">TODO</Page>;
}
