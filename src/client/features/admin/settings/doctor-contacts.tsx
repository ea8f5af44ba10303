import { type DoctorContacts, doctorContactsSchema } from "@shared/practice-settings";
import { phoneForDisplay } from "@shared/phone";
import { useMutation, useQuery } from "@tanstack/react-query";
import { BellRing } from "lucide-react";
import { useState } from "react";
import { SubmitButton } from "@/components/ui/button";
import { InputField } from "@/components/ui/form-field";
import { toast } from "@/lib/use-toast";
import { FormSection } from "../section-title";
import { sendIfValid } from "../schedule-form";
import { doctorContactsQuery, saveDoctorContacts, settingsKeys } from "./api";
import { showProblem, useSettingsSaved } from "./settings-saved";

/** Where the doctor's own copies of bookings, changes and contact messages go, apart from the site's public contacts. */
export function DoctorContactSettings() {
  const contacts = useQuery(doctorContactsQuery());
  return (
    <FormSection
      id="doctor-contacts-title"
      icon={BellRing}
      title="Your copies of bookings"
      description="Your own e-mail and WhatsApp number for new bookings, changes and contact messages. Parents never see them. Left empty, the site's public contact e-mail and phone get them."
      query={contacts}
      what="your contacts"
    >
      {(data) => <DoctorContactsForm contacts={data} />}
    </FormSection>
  );
}

function DoctorContactsForm({ contacts }: { contacts: DoctorContacts }) {
  const saved = useSettingsSaved(settingsKeys.contacts);
  const [email, setEmail] = useState(contacts.email ?? "");
  const [whatsapp, setWhatsapp] = useState(contacts.whatsapp ? phoneForDisplay(contacts.whatsapp) : "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: saveDoctorContacts,
    onSuccess: () => {
      saved();
      toast({ title: "Saved", description: "Your copies of bookings go to these from now on." });
    },
    onError: (error) => showProblem(error, setErrors),
  });
  return (
    <form
      id="doctor-contacts-form"
      aria-labelledby="doctor-contacts-title"
      noValidate
      className="grid gap-4 p-5 sm:grid-cols-2 sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        const typed = { email: email.trim() || null, whatsapp: whatsapp.trim() || null };
        sendIfValid("doctor-contacts-form", doctorContactsSchema.safeParse(typed), setErrors, (value) =>
          save.mutate(value),
        );
      }}
    >
      <InputField
        id="doctor-contacts-email"
        label="Your e-mail (optional)"
        error={errors.email}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <InputField
        id="doctor-contacts-whatsapp"
        label="Your WhatsApp number (optional)"
        error={errors.whatsapp}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={whatsapp}
        onChange={(event) => setWhatsapp(event.target.value)}
      />
      <div className="sm:col-span-2">
        <SubmitButton pending={save.isPending} busyLabel="Saving...">
          Save your contacts
        </SubmitButton>
      </div>
    </form>
  );
}
