import { House } from "lucide-react";
import { Link } from "wouter";
import { useT } from "@/lib/i18n";
import { Button } from "./button";

/** "Return to Home", the way out of every result and error page. */
export function HomeButton({ variant = "default" }: { variant?: "default" | "outline" }) {
  const t = useT();
  return (
    <Button asChild size="lg" variant={variant} className="w-full sm:w-auto">
      <Link href="/">
        <House aria-hidden="true" />
        {t("notFound.home")}
      </Link>
    </Button>
  );
}
