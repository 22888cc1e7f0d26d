import { Page } from "../components/ui";

export default function ResetPasswordCodeScreen() {
  return <Page title="ResetPasswordCodeScreen">TODO</Page>;
}
