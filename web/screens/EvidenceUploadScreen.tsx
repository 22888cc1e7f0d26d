import { Page } from "../components/ui";

export default function EvidenceUploadScreen() {
  return <Page title="EvidenceUploadScreen">TODO</Page>;
}
