import { Page } from "../components/ui";

export default function RegistrationScreen() {
  return <Page title="RegistrationScreen">TODO</Page>;
}
