import { ComingSoon } from "./coming-soon";

export default function AdminPage() {
  return <ComingSoon title="Admin Dashboard" />;
}
