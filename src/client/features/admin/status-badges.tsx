import { Badge } from "@/components/ui/badge";
import {
  appointmentStatusLabel,
  appointmentStatusVariant,
  paymentStatusLabel,
  paymentStatusVariant,
} from "./admin-format";

/** An appointment's status as the dashboard shows it everywhere: "Confirmed" in green, "Cancelled" in red... */
export function AppointmentStatusBadge({ status }: { status: string }) {
  return <Badge variant={appointmentStatusVariant(status)}>{appointmentStatusLabel(status)}</Badge>;
}

/** A confirmed appointment whose parent the doctor asked to choose another time or a full refund, undecided. */
export function ParentAskedBadge({ parentAskedAt }: { parentAskedAt: string | null }) {
  return parentAskedAt ? <Badge variant="outline">Waiting for the parent</Badge> : null;
}

/** A payment's status: "Paid" in green, "Pending" outlined, "Refunded" and the rest in red. */
export function PaymentStatusBadge({ status }: { status: string }) {
  return <Badge variant={paymentStatusVariant(status)}>{paymentStatusLabel(status)}</Badge>;
}
