import { lazy, Suspense } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import type { ContactFormProps } from "./contact-form";

/**
 * The form's validation (react-hook-form and zod) is a third of the home page's script, yet the form sits at the
 * bottom of the page: it loads as its own chunk, right after the page has rendered, and never delays first paint.
 */
const ContactForm = lazy(() => import("./contact-form").then((module) => ({ default: module.ContactForm })));

export function LazyContactForm(props: ContactFormProps) {
  return (
    <Suspense fallback={<ContactFormPlaceholder withSubject={props.source === "contact-page"} />}>
      <ContactForm {...props} />
    </Suspense>
  );
}

/** Holds the form's place while its code loads, so nothing below it jumps. */
function ContactFormPlaceholder({ withSubject }: { withSubject: boolean }) {
  const field = (
    <div className="flex flex-col gap-1.5">
      <Skeleton className="h-5 w-28" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
  return (
    <div role="status" className="flex flex-col gap-5">
      <span className="sr-only">Loading the contact form...</span>
      <div aria-hidden="true" className="flex flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          {field}
          {field}
        </div>
        {field}
        {withSubject && field}
        <div className="flex flex-col gap-1.5">
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-32 w-full" />
        </div>
        <Skeleton className="h-12 w-44" />
      </div>
    </div>
  );
}
