import { formatRupees } from "@shared/booking";
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
import { validateCoupon } from "./api";

interface CouponBoxProps {
  appliedCode: string | undefined;
  appliedFee: number | undefined;
  onApply: (code: string, fee: number) => void;
  onRemove: () => void;
  /** Told when a code starts and stops being checked, so Continue waits for the answer instead of losing it. */
  onCheckingChange?: (checking: boolean) => void;
}

/**
 * The optional coupon. The server decides whether a code is valid; the code itself never reaches
 * the browser. The price shown later comes from the created appointment, not from here.
 */
export function CouponBox({ appliedCode, appliedFee, onApply, onRemove, onCheckingChange }: CouponBoxProps) {
  const [code, setCode] = useState("");
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
        onApply(submitted, result.fee);
        toast({
          title: "Coupon Applied!",
          description: `₹${formatRupees(result.discount)} discount applied. Your consultation fee is now ₹${formatRupees(result.fee)}`,
        });
      } else {
        toast({
          title: "Invalid Coupon",
          description: "The coupon code you entered is not valid",
          variant: "destructive",
        });
      }
    },
    onError: (error, code) => showErrorToast(error, "booking", { retry: () => validate.mutate(code) }),
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
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-emerald-300 bg-emerald-50 p-3">
        <p className="flex flex-wrap items-center gap-2 text-sm text-emerald-900">
          <TicketPercent className="size-4 shrink-0" aria-hidden="true" />
          <span>Coupon</span>
          <Badge variant="success">{appliedCode}</Badge>
          <span>
            applied
            {appliedFee !== undefined && <>: fee ₹{formatRupees(appliedFee)}</>}
          </span>
        </p>
        <Button
          variant="ghost"
          size="sm"
          ref={removeRef}
          onClick={() => {
            setCode("");
            focusAfterChange.current = true;
            onRemove();
          }}
          aria-label={`Remove coupon ${appliedCode}`}
        >
          <X aria-hidden="true" />
          Remove
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor="booking-coupon">Coupon Code (optional)</Label>
      <div className="flex gap-2">
        <Input
          ref={inputRef}
          id="booking-coupon"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={50}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
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
          Apply
        </Button>
      </div>
    </div>
  );
}
