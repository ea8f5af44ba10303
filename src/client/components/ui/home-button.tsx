import { House } from "lucide-react";
import { Link } from "wouter";
import { Button } from "./button";

/** "Return to Home", the way out of every result and error page. */
export function HomeButton({ variant = "default" }: { variant?: "default" | "outline" }) {
  return (
    <Button asChild size="lg" variant={variant} className="w-full sm:w-auto">
      <Link href="/">
        <House aria-hidden="true" />
        Return to Home
      </Link>
    </Button>
  );
}
