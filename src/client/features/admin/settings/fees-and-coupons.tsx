import {
  type Coupon,
  type CouponInputFields,
  couponInputSchema,
  type Fees,
  feesSchema,
} from "@shared/practice-settings";
import { useMutation, useQuery } from "@tanstack/react-query";
import { IndianRupee, Ticket } from "lucide-react";
import { useState } from "react";
import { Button, SubmitButton } from "@/components/ui/button";
import { InputField } from "@/components/ui/form-field";
import { Label } from "@/components/ui/label";
import { QueryState } from "@/components/ui/query-state";
import { showErrorToast } from "@/lib/error-toast";
import { formatShortDate } from "@/lib/format";
import { toast } from "@/lib/use-toast";
import { showProblem, useSettingsSaved } from "./settings-saved";
import { FormSection, SectionCard } from "../section-title";
import { sendIfValid } from "../schedule-form";
import { toNumber } from "../sessions-editor";
import {
  addCoupon,
  changeCoupon,
  couponsQuery,
  feesQuery,
  removeCoupon,
  saveFees,
  settingsKeys,
} from "./api";

const rupees = (amount: number) => `₹${amount.toLocaleString("en-IN")}`;

export function FeeSettings() {
  const fees = useQuery(feesQuery());
  return (
    <FormSection
      id="fee-settings-title"
      icon={IndianRupee}
      title="Fees"
      description="What parents pay for a consultation booked from now on. Bookings already made keep their price."
      query={fees}
      what="fees"
    >
      {(data) => <FeesForm fees={data} />}
    </FormSection>
  );
}

/** The fees as the form holds them: text as typed, checked by the schema on saving. */
interface FeesDraft {
  fee: string;
  offersFollowUp: boolean;
  followUpFee: string;
  withinDays: string;
}

function feesFromDraft(draft: FeesDraft) {
  return {
    consultationFee: toNumber(draft.fee),
    followUp: draft.offersFollowUp
      ? { fee: toNumber(draft.followUpFee), withinDays: toNumber(draft.withinDays) }
      : null,
  };
}

function savedFeesMessage(fees: Fees): string {
  const consultation = `New bookings are charged ${rupees(fees.consultationFee)}.`;
  if (!fees.followUp) return `${consultation} Follow-ups are charged as consultations.`;
  const followUp = fees.followUp.fee === 0 ? "free" : rupees(fees.followUp.fee);
  return `${consultation} A follow-up within ${fees.followUp.withinDays} days is ${followUp}.`;
}

function FeesForm({ fees }: { fees: Fees }) {
  const [draft, setDraft] = useState<FeesDraft>({
    fee: String(fees.consultationFee),
    offersFollowUp: fees.followUp !== null,
    // Practo's free follow-up within 7 days is what parents know: the first suggestion.
    followUpFee: String(fees.followUp?.fee ?? 0),
    withinDays: String(fees.followUp?.withinDays ?? 7),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const saved = useSettingsSaved(settingsKeys.fees);
  const save = useMutation({
    mutationFn: saveFees,
    onSuccess: (answer) => {
      saved();
      toast({ title: "Fees Saved", description: savedFeesMessage(answer) });
    },
    onError: (error) => showProblem(error, setErrors),
  });
  const change = (part: Partial<FeesDraft>) => setDraft((current) => ({ ...current, ...part }));
  return (
    <form
      id="fees-form"
      aria-labelledby="fee-settings-title"
      noValidate
      className="flex flex-col gap-5 p-5 sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        sendIfValid("fees-form", feesSchema.safeParse(feesFromDraft(draft)), setErrors, (value) =>
          save.mutate(value),
        );
      }}
    >
      <div className="max-w-xs">
        <InputField
          id="fees-consultation"
          label="Consultation fee (₹)"
          error={errors.consultationFee}
          type="number"
          inputMode="numeric"
          min={1}
          value={draft.fee}
          onChange={(event) => change({ fee: event.target.value })}
        />
      </div>
      <div className="flex items-start gap-3">
        <input
          id="fees-follow-up"
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-brand-700"
          aria-describedby="fees-follow-up-hint"
          checked={draft.offersFollowUp}
          onChange={(event) => change({ offersFollowUp: event.target.checked })}
        />
        <div className="flex flex-col gap-0.5">
          <Label htmlFor="fees-follow-up">Offer follow-ups at their own fee</Label>
          <p id="fees-follow-up-hint" className="text-xs text-slate-600">
            After a completed consultation, the parent can book one follow-up from the booking&apos;s page or
            the prescription&apos;s link, within the days you set. A fee of 0 makes it free.
          </p>
        </div>
      </div>
      {draft.offersFollowUp && (
        <div className="grid gap-4 sm:grid-cols-2 sm:max-w-lg">
          <InputField
            id="fees-follow-up-fee"
            label="Follow-up fee (₹, 0 for free)"
            error={errors["followUp.fee"]}
            type="number"
            inputMode="numeric"
            min={0}
            value={draft.followUpFee}
            onChange={(event) => change({ followUpFee: event.target.value })}
          />
          <InputField
            id="fees-follow-up-days"
            label="Within how many days"
            error={errors["followUp.withinDays"]}
            type="number"
            inputMode="numeric"
            min={1}
            value={draft.withinDays}
            onChange={(event) => change({ withinDays: event.target.value })}
          />
        </div>
      )}
      <div>
        <SubmitButton pending={save.isPending} busyLabel="Saving...">
          Save fees
        </SubmitButton>
      </div>
    </form>
  );
}

interface CouponDraft {
  code: string;
  kind: "fee" | "amountOff";
  value: string;
  validFrom: string;
  validUntil: string;
  maxUses: string;
}

const EMPTY_COUPON: CouponDraft = {
  code: "",
  kind: "fee",
  value: "",
  validFrom: "",
  validUntil: "",
  maxUses: "",
};

function couponFromDraft(draft: CouponDraft): CouponInputFields {
  return {
    code: draft.code,
    kind: draft.kind,
    value: toNumber(draft.value),
    validFrom: draft.validFrom || null,
    validUntil: draft.validUntil || null,
    maxUses: draft.maxUses.trim() === "" ? null : toNumber(draft.maxUses),
  };
}

/** "₹1,500 fee" or "₹500 off", its window and its uses, as the list says them. */
function couponSummary(coupon: Coupon): string {
  const price = coupon.kind === "fee" ? `${rupees(coupon.value)} fee` : `${rupees(coupon.value)} off`;
  const window =
    coupon.validFrom || coupon.validUntil
      ? `${coupon.validFrom ? formatShortDate(coupon.validFrom) : "now"} to ${coupon.validUntil ? formatShortDate(coupon.validUntil) : "no end"}`
      : "no end date";
  const uses = coupon.maxUses === null ? `${coupon.uses} used` : `${coupon.uses} of ${coupon.maxUses} used`;
  return `${price} · ${window} · ${uses} · each phone number once`;
}

export function CouponSettings() {
  const coupons = useQuery(couponsQuery());
  return (
    <SectionCard
      id="coupon-settings-title"
      icon={Ticket}
      title="Coupons"
      description="Codes parents type in the booking dialog. A code is never shown on the site; you give it out."
    >
      <QueryState
        query={coupons}
        what="coupons"
        isEmpty={(list) => list.length === 0}
        empty={<p className="p-5 text-sm text-slate-700 sm:p-6">No coupons yet.</p>}
        rowClassName="h-12"
      >
        {(list) => (
          <ul className="divide-y divide-slate-200" aria-label="Coupons">
            {list.map((coupon) => (
              <CouponRow key={coupon.id} coupon={coupon} />
            ))}
          </ul>
        )}
      </QueryState>
      <NewCouponForm />
    </SectionCard>
  );
}

function CouponRow({ coupon }: { coupon: Coupon }) {
  const saved = useSettingsSaved(settingsKeys.coupons);
  const toggle = useMutation({
    mutationFn: () => changeCoupon(coupon.id, { active: !coupon.active }),
    onSuccess: saved,
    onError: (error) => showErrorToast(error),
  });
  const remove = useMutation({
    mutationFn: () => removeCoupon(coupon.id),
    onSuccess: saved,
    onError: (error) => showErrorToast(error),
  });
  return (
    <li className="flex flex-col gap-2 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
      <div>
        <p className="font-mono font-semibold text-slate-900">
          {coupon.code}{" "}
          <span className="font-sans text-sm font-medium text-slate-700">
            {coupon.active ? "· On" : "· Off"}
          </span>
        </p>
        <p className="text-sm text-slate-700">{couponSummary(coupon)}</p>
      </div>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={toggle.isPending}
          aria-label={`${coupon.active ? "Turn off" : "Turn on"} ${coupon.code}`}
          onClick={() => toggle.mutate()}
        >
          {coupon.active ? "Turn off" : "Turn on"}
        </Button>
        {/* A used coupon stays listed with its uses; it can be turned off. */}
        {coupon.uses === 0 && (
          <Button
            variant="outline"
            size="sm"
            disabled={remove.isPending}
            aria-label={`Remove ${coupon.code}`}
            onClick={() => remove.mutate()}
          >
            Remove
          </Button>
        )}
      </div>
    </li>
  );
}

const COUPON_FIELDS = [
  { name: "code", label: "Code", hint: "Letters, digits and hyphens: CAMP-500", type: "text" },
  { name: "value", label: "Amount (₹)", hint: undefined, type: "number" },
  { name: "validFrom", label: "First day (optional)", hint: "In the clinic's time zone", type: "date" },
  { name: "validUntil", label: "Last day (optional)", hint: undefined, type: "date" },
  {
    name: "maxUses",
    label: "Use limit (optional)",
    hint: "Bookings in all; empty is no limit",
    type: "number",
  },
] as const;

function NewCouponForm() {
  const [draft, setDraft] = useState<CouponDraft>(EMPTY_COUPON);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const saved = useSettingsSaved(settingsKeys.coupons);
  const add = useMutation({
    mutationFn: addCoupon,
    onSuccess: ({ coupon }) => {
      saved();
      setDraft(EMPTY_COUPON);
      toast({
        title: "Coupon Added",
        description: coupon.validFrom
          ? `${coupon.code} can be used from ${formatShortDate(coupon.validFrom)}.`
          : `${coupon.code} can be used now.`,
      });
    },
    onError: (error) => showProblem(error, setErrors),
  });
  return (
    <form
      id="coupon-form"
      aria-label="New coupon"
      noValidate
      className="grid gap-4 border-t border-slate-200 p-5 sm:grid-cols-2 sm:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        sendIfValid("coupon-form", couponInputSchema.safeParse(couponFromDraft(draft)), setErrors, () =>
          add.mutate(couponFromDraft(draft)),
        );
      }}
    >
      <p className="text-base font-semibold text-slate-900 sm:col-span-2">New coupon</p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="coupon-kind" className="text-sm font-medium text-slate-800">
          What it does
        </label>
        <select
          id="coupon-kind"
          className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm"
          value={draft.kind}
          onChange={(event) => setDraft({ ...draft, kind: event.target.value as CouponDraft["kind"] })}
        >
          <option value="fee">Sets the fee to the amount</option>
          <option value="amountOff">Takes the amount off the fee</option>
        </select>
      </div>
      {COUPON_FIELDS.map((field) => (
        <InputField
          key={field.name}
          id={`coupon-${field.name}`}
          label={field.label}
          hint={field.hint}
          error={errors[field.name]}
          type={field.type}
          {...(field.type === "number" ? { inputMode: "numeric" as const, min: 1 } : {})}
          value={draft[field.name]}
          onChange={(event) => setDraft({ ...draft, [field.name]: event.target.value })}
        />
      ))}
      <div className="sm:col-span-2 sm:flex sm:justify-end">
        <SubmitButton pending={add.isPending} busyLabel="Adding...">
          Add coupon
        </SubmitButton>
      </div>
    </form>
  );
}
