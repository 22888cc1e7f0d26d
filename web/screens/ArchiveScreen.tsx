import { Page } from "../components/ui";

export default function ArchiveScreen() {
  return <Page title="ArchiveScreen">TODO</Page>;
}
