import { Page } from "../components/ui";

export default function HelpScreen() {
  return <Page title="HelpScreen">TODO</Page>;
}
