import { Page } from "../components/ui";

export default function ProfileScreen() {
  return <Page title="ProfileScreen">TODO</Page>;
}
