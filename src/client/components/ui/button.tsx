import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-brand-700 text-white hover:bg-brand-800",
        heart: "bg-heart-600 text-white hover:bg-heart-700",
        outline: "border border-brand-700 bg-white text-brand-700 hover:bg-brand-50",
        secondary: "bg-brand-50 text-brand-800 hover:bg-brand-100",
        ghost: "text-slate-700 hover:bg-slate-100",
        link: "text-brand-700 underline-offset-4 hover:underline",
        destructive: "bg-red-700 text-white hover:bg-red-800",
      },
      size: {
        default: "h-10 px-4 py-2",
        sm: "h-9 px-3",
        lg: "h-12 px-6 text-base",
        icon: "size-10",
        // The default's size, its words wrapping on a phone rather than running past the screen (Hindi and
        // Kannada labels are long).
        wrap: "h-auto min-h-10 px-4 py-2 whitespace-normal text-center",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

interface ButtonProps extends ComponentProps<"button">, VariantProps<typeof buttonVariants> {
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot : "button";
  return (
    <Component
      className={cn(buttonVariants({ variant, size }), className)}
      type={asChild ? type : (type ?? "button")}
      {...props}
    />
  );
}

/** A form's submit button: disabled while its request is on the way, and saying so then (`busyLabel`: "Saving..."). */
export function SubmitButton({
  pending,
  busyLabel,
  children,
  ...props
}: Omit<ButtonProps, "type" | "disabled"> & { pending: boolean; busyLabel: string }) {
  return (
    <Button type="submit" disabled={pending} {...props}>
      {pending ? busyLabel : children}
    </Button>
  );
}
