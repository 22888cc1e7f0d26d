import { Page } from "../components/ui";

export default function AdminScreen() {
  return <Page title="AdminScreen">TODO</Page>;
}
