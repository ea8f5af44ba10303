import { lazy, type ReactNode, Suspense, use } from "react";
import { Skeleton, SkeletonStatus } from "@/components/ui/skeleton";
import { useT } from "@/lib/i18n";
import type { ContactFormProps } from "./contact-form";

/**
 * The form's validation (react-hook-form and zod) is a third of the home page's script, yet the form sits at the
 * bottom of the page. The server renders the form (it posts itself without script); in the browser its code loads
 * only when the Contact section comes near the screen, and the form becomes the scripted one then. Until that
 * moment the server's form stays as it is and works as a plain form.
 */
const ContactForm = lazy(() => import("./contact-form").then((module) => ({ default: module.ContactForm })));

let nearScreen: Promise<void> | undefined;

/** Resolves once the home page's Contact section is within about a screen of the visible part of the page. */
function contactSectionNearScreen(): Promise<void> {
  nearScreen ??= new Promise((resolve) => {
    const watch = () => {
      const section = document.getElementById("contact");
      if (!section) return void requestAnimationFrame(watch);
      if (typeof IntersectionObserver === "undefined") return resolve();
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          resolve();
        },
        { rootMargin: "600px 0px" },
      );
      observer.observe(section);
    };
    watch();
  });
  return nearScreen;
}

/** Holds its content back (suspends) until the Contact section is near the screen; the server renders it at once. */
function WhenNearScreen({ children }: { children: ReactNode }) {
  if (typeof window !== "undefined") use(contactSectionNearScreen());
  return children;
}

export function LazyContactForm(props: ContactFormProps) {
  return (
    <Suspense fallback={<ContactFormPlaceholder withSubject={props.source === "contact-page"} />}>
      <WhenNearScreen>
        <ContactForm {...props} />
      </WhenNearScreen>
    </Suspense>
  );
}

/** Holds the form's place while its code loads, so nothing below it jumps. */
function ContactFormPlaceholder({ withSubject }: { withSubject: boolean }) {
  const t = useT();
  const field = (
    <div className="flex flex-col gap-1.5">
      <Skeleton className="h-5 w-28" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
  return (
    <SkeletonStatus
      label={t("contactForm.loading")}
      className="flex flex-col gap-5"
      shapesClassName="flex flex-col gap-5"
    >
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
    </SkeletonStatus>
  );
}
