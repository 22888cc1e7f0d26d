import { Page } from "../components/ui";

export default function EvidenceListScreen() {
  return <Page title="EvidenceListScreen">TODO</Page>;
}
