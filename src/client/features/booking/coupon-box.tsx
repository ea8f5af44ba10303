import { normalizeCouponCode } from "@shared/coupon";
import { useMutation } from "@tanstack/react-query";
import { LoaderCircle, TicketPercent, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/lib/use-toast";
import { showErrorToast } from "@/lib/error-toast";
import { Message, useRupees, useT } from "@/lib/i18n";
import { validateCoupon } from "./api";

interface CouponBoxProps {
  /** The fee without a coupon, to say what the applied coupon takes off. */
  consultationFee: number;
  appliedCode: string | undefined;
  appliedFee: number | undefined;
  onApply: (code: string, fee: number) => void;
  onRemove: () => void;
  /** Told when a code starts and stops being checked, so Continue waits for the answer instead of losing it. */
  onCheckingChange?: (checking: boolean) => void;
}

const MESSAGE_ID = "booking-coupon-message";

/** The spec's confirmation, "₹500 discount applied. Your consultation fee is now ₹1,500", also shown in the box. */
function useAppliedText(): (discount: number, fee: number) => string {
  const t = useT();
  const rupees = useRupees();
  return (discount, fee) => t("coupon.applied", { discount: rupees(discount), fee: rupees(fee) });
}

/**
 * The optional coupon. The server decides whether a code is valid; the code itself never reaches
 * the browser. The price shown later comes from the created appointment, not from here.
 *
 * What the answer was stays in the box, tied to the field, besides the toast: on a phone the toast covers the
 * dialog's top and is gone after five seconds. The toast is what announces it; the text under the field is read
 * with the field (aria-describedby), so it is not a live region of its own and is not announced twice.
 */
export function CouponBox({
  consultationFee,
  appliedCode,
  appliedFee,
  onApply,
  onRemove,
  onCheckingChange,
}: CouponBoxProps) {
  const [code, setCode] = useState("");
  const t = useT();
  const appliedText = useAppliedText();
  /** Why the last code was not applied, until the code is changed. */
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  // Applying replaces the input with the badge and removing brings it back: keep keyboard focus in the box.
  const focusAfterChange = useRef(false);
  useEffect(() => {
    if (!focusAfterChange.current) return;
    focusAfterChange.current = false;
    (appliedCode ? removeRef.current : inputRef.current)?.focus();
  }, [appliedCode]);

  const validate = useMutation({
    mutationFn: validateCoupon,
    onSuccess: (result, submitted) => {
      if (result.valid) {
        focusAfterChange.current = true;
        setProblem(null);
        onApply(submitted, result.fee);
        toast({ title: t("coupon.appliedTitle"), description: appliedText(result.discount, result.fee) });
      } else {
        const description = t("coupon.invalid");
        setProblem(description);
        toast({ title: t("coupon.invalidTitle"), description, variant: "destructive" });
        // The Apply button was disabled while the code was checked; the parent corrects the code next.
        inputRef.current?.focus();
      }
    },
    onError: (error, code) => {
      setProblem(showErrorToast(error, "booking", { retry: () => validate.mutate(code) }, t));
      inputRef.current?.focus();
    },
  });

  useEffect(() => {
    onCheckingChange?.(validate.isPending);
  }, [validate.isPending, onCheckingChange]);

  const apply = () => {
    const normalized = normalizeCouponCode(code);
    if (!normalized || validate.isPending) return;
    validate.mutate(normalized);
  };

  if (appliedCode) {
    const discount = appliedFee === undefined ? 0 : consultationFee - appliedFee;
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-emerald-300 bg-emerald-50 p-3">
        <div className="flex min-w-0 flex-col gap-1 text-sm text-emerald-900">
          <p className="flex flex-wrap items-center gap-2">
            <TicketPercent className="size-4 shrink-0" aria-hidden="true" />
            <Message
              id="coupon.badge"
              values={{ code: appliedCode }}
              components={{ 0: <Badge variant="success" /> }}
            />
          </p>
          {appliedFee !== undefined && discount > 0 && (
            <p id={MESSAGE_ID}>{appliedText(discount, appliedFee)}</p>
          )}
        </div>
        <Button
          variant="ghost"
          size="sm"
          ref={removeRef}
          aria-describedby={appliedFee !== undefined && discount > 0 ? MESSAGE_ID : undefined}
          onClick={() => {
            setCode("");
            focusAfterChange.current = true;
            onRemove();
          }}
          aria-label={t("coupon.removeLabel", { code: appliedCode })}
        >
          <X aria-hidden="true" />
          {t("coupon.remove")}
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor="booking-coupon">{t("coupon.label")}</Label>
      <div className="flex gap-2">
        <Input
          ref={inputRef}
          id="booking-coupon"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={50}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? MESSAGE_ID : undefined}
          onChange={(event) => {
            setCode(event.target.value.toUpperCase());
            setProblem(null);
          }}
          onKeyDown={(event) => {
            // Enter applies the coupon rather than submitting anything else.
            if (event.key === "Enter") {
              event.preventDefault();
              apply();
            }
          }}
          className="uppercase"
        />
        <Button variant="outline" onClick={apply} disabled={validate.isPending} className="shrink-0">
          {validate.isPending && (
            <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
          )}
          {t("coupon.apply")}
        </Button>
      </div>
      {problem && (
        <p id={MESSAGE_ID} className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
