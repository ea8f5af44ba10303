import { ComingSoon } from "./coming-soon";

export default function VideoConsultationPage() {
  return <ComingSoon title="Video Consultation" />;
}
