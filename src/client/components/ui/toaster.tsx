import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { cn } from "@/lib/utils";
import { dismissToast, useToasts } from "@/lib/use-toast";

/** Radix Toast with the spec's settings: 5000 ms, swipe right past 50 px to dismiss, F8 focuses the region. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          className={cn(
            "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0",
            item.variant === "destructive"
              ? "border-red-700 bg-red-700 text-white"
              : "border-slate-200 bg-white text-slate-900",
          )}
        >
          <div className="grid gap-2">
            <div className="grid gap-1">
              {item.title && (
                <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
              )}
              {item.description && (
                <ToastPrimitive.Description className="text-sm opacity-95">
                  {item.description}
                </ToastPrimitive.Description>
              )}
            </div>
            {item.action && (
              <ToastPrimitive.Action
                altText={item.action.label}
                onClick={item.action.onClick}
                className={cn(
                  "inline-flex h-9 items-center justify-self-start rounded-md border px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2",
                  item.variant === "destructive"
                    ? "border-white/70 bg-white text-red-800 hover:bg-red-50 focus-visible:outline-white"
                    : "border-slate-300 bg-white text-slate-900 hover:bg-slate-50 focus-visible:outline-brand-700",
                )}
              >
                {item.action.label}
              </ToastPrimitive.Action>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Close notification"
            className="absolute top-2 right-2 rounded-md p-1 opacity-80 hover:opacity-100"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={["F8"]}
        // A modal dialog hides the rest of the page from assistive technology, but keeps elements with aria-live:
        // the toasts (and their action buttons) must stay reachable over the booking dialog. "off": Radix announces
        // each toast itself, so the list must not be read a second time.
        aria-live="off"
        // At the top, where a dialog has its heading and steps and never a field or button to act on (a toast about
        // a field must not cover the field, nor one about a step the buttons at the dialog's foot). On a wider
        // screen in the middle, clear of a dialog's close button and of the header's Logout at the top right.
        className="fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:right-auto sm:left-1/2 sm:max-w-[400px] sm:-translate-x-1/2"
      />
    </ToastPrimitive.Provider>
  );
}
