import { CalendarClock, Mail } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { siteProfile } from "@/lib/site-profile";
import { closeBooking } from "./open-booking";

/** Online booking: until payments are switched on, the dialog tells the visitor how to book by e-mail. */
export default function BookingDialog() {
  const { email } = siteProfile.contact;
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && closeBooking()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <CalendarClock className="size-5 text-brand-700" aria-hidden="true" />
            Book a Video Consultation
          </DialogTitle>
          <DialogDescription>Online booking and payment are opening soon.</DialogDescription>
        </DialogHeader>
        <p className="text-sm text-slate-700">
          Until then, please write to us with your child's name, age and the reason for the consultation, and
          we will reply with an appointment time.
        </p>
        <Button asChild>
          <a href={`mailto:${email}?subject=${encodeURIComponent("Video consultation request")}`}>
            <Mail aria-hidden="true" />
            {email}
          </a>
        </Button>
      </DialogContent>
    </Dialog>
  );
}
