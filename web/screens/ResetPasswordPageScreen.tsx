import { Page } from "../components/ui";

export default function ResetPasswordPageScreen() {
  return <Page title="ResetPasswordPageScreen">TODO</Page>;
}
