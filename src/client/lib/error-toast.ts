import { type ErrorContext, mapError } from "@shared/error-mapper";
import { toast } from "@/components/ui/use-toast";

/** Shows the spec's wording for an error as a destructive toast; answers the text shown, for inline alerts. */
export function showErrorToast(error: unknown, context?: ErrorContext): string {
  const friendly = mapError(error, context);
  toast({ title: friendly.title, description: friendly.message, variant: "destructive" });
  return friendly.message;
}
