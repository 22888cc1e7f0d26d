import { Page } from "../components/ui";

export default function EvidenceDetailsScreen() {
  return <Page title="EvidenceDetailsScreen">TODO</Page>;
}
